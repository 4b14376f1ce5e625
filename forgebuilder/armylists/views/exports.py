"""Downloads of a list: PDF roster, token sheet and plain text (owner and share-link access)."""

from __future__ import annotations

from collections.abc import Callable
from types import SimpleNamespace

from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import render
from django.views.decorators.http import require_GET

from .. import exports
from ..ownership import owner_of
from ..selectors import army_list_owned
from ..services import army_list_evaluate
from ..sharing import live_share_link, share_url, shared_list
from . import download_name

TEXT_PARTIAL = "armylists/partials/downloads.html#list-text"
Export = Callable[[HttpRequest, exports.ExportSource], tuple[bytes | str, str, str]]


def _owned_source(request: HttpRequest, public_id: str) -> exports.ExportSource:
    army_list = army_list_owned(owner=owner_of(request), public_id=public_id)
    link = live_share_link(army_list)
    url = share_url(request, link) if link is not None else ""
    return exports.source_from_evaluated(army_list_evaluate(army_list), share_url=url)


def _shared_source(request: HttpRequest, token: str) -> exports.ExportSource:
    data = shared_list(token)  # 404 when unknown or revoked
    return exports.source_from_evaluated(data, share_url=share_url(request, data.link))


def _filename(source: exports.ExportSource, suffix: str, extension: str) -> str:
    # Named after the list as printed (a snapshot link prints the list as it was then).
    named = SimpleNamespace(name=source.document.name, points_limit=source.document.points_limit)
    return download_name(named, extension).removesuffix(f".{extension}") + f"{suffix}.{extension}"


def _roster(request: HttpRequest, source: exports.ExportSource):
    paper = exports.paper_from(request.GET.get("paper"))
    pdf = exports.roster_pdf(source, paper=paper)
    return pdf, "application/pdf", _filename(source, "", "pdf")


def _tokens(request: HttpRequest, source: exports.ExportSource):
    paper = exports.paper_from(request.GET.get("paper"))
    size = exports.token_size_from(request.GET.get("size"))
    pdf = exports.token_sheet_pdf(source, paper=paper, size=size)
    return pdf, "application/pdf", _filename(source, "-tokens", "pdf")


def _text(request: HttpRequest, source: exports.ExportSource):
    text = exports.list_text(source)
    return text, "text/plain; charset=utf-8", _filename(source, "", "txt")


def _download(export: Export, source: exports.ExportSource, request: HttpRequest) -> HttpResponse:
    try:
        body, content_type, filename = export(request, source)
    except exports.ExportOptionError as exc:
        return HttpResponseBadRequest(str(exc), content_type="text/plain; charset=utf-8")
    response = HttpResponse(body, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    response["X-Content-Type-Options"] = "nosniff"
    return response


@require_GET
def roster_pdf(request: HttpRequest, public_id: str) -> HttpResponse:
    return _download(_roster, _owned_source(request, public_id), request)


@require_GET
def tokens_pdf(request: HttpRequest, public_id: str) -> HttpResponse:
    return _download(_tokens, _owned_source(request, public_id), request)


@require_GET
def text_export(request: HttpRequest, public_id: str) -> HttpResponse:
    return _text_response(request, _owned_source(request, public_id))


@require_GET
def shared_roster_pdf(request: HttpRequest, token: str) -> HttpResponse:
    return _download(_roster, _shared_source(request, token), request)


@require_GET
def shared_tokens_pdf(request: HttpRequest, token: str) -> HttpResponse:
    return _download(_tokens, _shared_source(request, token), request)


@require_GET
def shared_text_export(request: HttpRequest, token: str) -> HttpResponse:
    return _text_response(request, _shared_source(request, token))


def _text_response(request: HttpRequest, source: exports.ExportSource) -> HttpResponse:
    if getattr(request, "htmx", False):
        # The downloads partial's copy box asks for the text when it is opened.
        return render(request, TEXT_PARTIAL, {"list_text": exports.list_text(source)})
    return _download(_text, source, request)

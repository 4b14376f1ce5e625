"""Downloads of a list: PDF roster, token sheet, plain text and Tabletop Simulator (owner and
share-link access)."""

from __future__ import annotations

import json
from dataclasses import replace
from types import SimpleNamespace

from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import render
from django.views.decorators.http import require_GET

from forgebuilder.engine.api import MatchError
from forgebuilder.lists import exports
from forgebuilder.lists.matchup import matchup
from forgebuilder.lists.ownership import owner_of
from forgebuilder.lists.selectors import army_list_owned, evaluated_list, evaluated_shared_list
from forgebuilder.lists.sharing import live_share_link, share_url
from forgebuilder.lists.views import as_attachment, download_name
from forgebuilder.numbers import parse_whole_number
from forgebuilder.printing.api import (
    PdfState,
    Printout,
    pdf_off_page,
    pdf_request,
    pdf_waiting_page,
    render_scope,
)
from forgebuilder.ratelimit import client_key, rate_limited, too_many

TEXT_PARTIAL = "armylists/partials/downloads.html#list-text"


def _owned_source(request: HttpRequest, public_id: str) -> tuple[exports.ExportSource, dict]:
    army_list = army_list_owned(owner=owner_of(request, create=False), public_id=public_id)
    link = live_share_link(army_list)
    url = share_url(request, link) if link is not None else ""
    source = exports.source_from_evaluated(evaluated_list(army_list=army_list), share_url=url)
    return source, {"list_id": army_list.pk, "share_url": url}


def _shared_source(request: HttpRequest, token: str) -> tuple[exports.ExportSource, dict]:
    data = evaluated_shared_list(token=token)  # 404 when unknown or revoked
    url = share_url(request, data.share_link) if data.share_link is not None else ""
    return exports.source_from_evaluated(data, share_url=url), {"token": token, "share_url": url}


def _filename(source: exports.ExportSource, suffix: str, extension: str) -> str:
    # Named after the list as printed (a snapshot link prints the list as it was then).
    named = SimpleNamespace(name=source.document.name, points_limit=source.document.points_limit)
    return download_name(named, extension).removesuffix(f".{extension}") + f"{suffix}.{extension}"


def _printout(request: HttpRequest, kind: exports.PrintoutKind, origin: dict) -> Printout:
    options = kind.options_from(request.GET)
    return Printout(kind=kind, options=options, origin=origin, client=client_key(request))


def _attachment(body: bytes | str, content_type: str, filename: str) -> HttpResponse:
    response = HttpResponse(body, content_type=content_type)
    as_attachment(response, filename)
    response["X-Content-Type-Options"] = "nosniff"
    return response


def _pdf(
    request: HttpRequest, kind: exports.PrintoutKind, found: tuple[exports.ExportSource, dict]
):
    if (off := pdf_off_page(request, title=kind.title)) is not None:
        return off  # this server cannot draw PDFs: say why and how to turn them on
    source, origin = found
    try:
        printout = _printout(request, kind, origin)
    except exports.ExportOptionError as exc:
        return HttpResponseBadRequest(str(exc), content_type="text/plain; charset=utf-8")
    status = pdf_request(printout=printout, source=source)
    if status.state is PdfState.BUSY:
        return too_many(request, status.retry_after, "PDFs asked for at once")
    waiting = request.GET.get("wait") == "1"  # the waiting page asking again
    if status.state is PdfState.READY and status.pdf is not None and not waiting:
        filename = _filename(source, kind.file_suffix, "pdf")
        return _attachment(status.pdf, "application/pdf", filename)
    return pdf_waiting_page(request, status.state, title=kind.title, progress=status.progress)


@require_GET
@rate_limited(render_scope, "PDF downloads", methods=("GET", "HEAD"))
def printout_pdf(request: HttpRequest, public_id: str, kind: str) -> HttpResponse:
    """Any registered printout of the player's own list (urls.py names one address each)."""
    return _pdf(request, exports.printout(kind), _owned_source(request, public_id))


@require_GET
@rate_limited(render_scope, "PDF downloads", methods=("GET", "HEAD"))
def shared_printout_pdf(request: HttpRequest, token: str, kind: str) -> HttpResponse:
    """Any registered printout of the list behind a share link."""
    return _pdf(request, exports.printout(kind), _shared_source(request, token))


@require_GET
@rate_limited(render_scope, "PDF downloads", methods=("GET", "HEAD"))
def match_tokens_pdf(request: HttpRequest, public_id: str) -> HttpResponse:
    """The token sheet of one side of a match check (`side` 0: the owner's list, 1: the
    opponent's), with the underdog points the check gives that side."""
    owner = owner_of(request, create=False)
    mine = army_list_owned(owner=owner, public_id=public_id)  # 404 if not yours
    side = parse_whole_number(request.GET.get("side"))
    if side not in (0, 1):
        return HttpResponseBadRequest(
            "Say whose token sheet: side=0 (your list) or side=1 (the opponent's).",
            content_type="text/plain; charset=utf-8",
        )
    try:
        result = matchup(
            mine=mine, owner=owner, opponent_list=request.GET.get("opponent", "")[:64],
            opponent_link=request.GET.get("link", "")[:500],
        )  # fmt: skip
    except MatchError as exc:
        return HttpResponseBadRequest(str(exc), content_type="text/plain; charset=utf-8")
    underdog = result.sides[side].underdog_points
    source = replace(exports.source_from_evaluated(result.evaluated[side]), match_underdog=underdog)
    origin = {**result.origins[side], "underdog": underdog}
    return _pdf(request, exports.printout("tokens"), (source, origin))


@require_GET
def text_export(request: HttpRequest, public_id: str) -> HttpResponse:
    return _text_response(request, _owned_source(request, public_id)[0])


@require_GET
def shared_text_export(request: HttpRequest, token: str) -> HttpResponse:
    return _text_response(request, _shared_source(request, token)[0])


def _text_response(request: HttpRequest, source: exports.ExportSource) -> HttpResponse:
    # ?layout=full: under each unit its models, their weapons and its rules (for organisers)
    full = request.GET.get("layout") == "full"
    text = exports.list_text(source, full=full)
    if getattr(request, "htmx", False):
        # The downloads partial's copy box asks for the text when it is opened.
        return render(request, TEXT_PARTIAL, {"list_text": text})
    suffix = "-full" if full else ""
    return _attachment(text, "text/plain; charset=utf-8", _filename(source, suffix, "txt"))


@require_GET
def tts_export(request: HttpRequest, public_id: str) -> HttpResponse:
    return _tts_response(_owned_source(request, public_id)[0])


@require_GET
def shared_tts_export(request: HttpRequest, token: str) -> HttpResponse:
    return _tts_response(_shared_source(request, token)[0])


def _tts_response(source: exports.ExportSource) -> HttpResponse:
    body = json.dumps(exports.tts_save(source), ensure_ascii=False, indent=1)
    return _attachment(body, "application/json", _filename(source, "-tts", "json"))

"""Share links: the owner makes and revokes them; anyone with one sees the roster and may fork it."""

from __future__ import annotations

import re

from django.contrib import messages
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.cache import patch_cache_control
from django.utils.safestring import mark_safe
from django.utils.text import compress_string
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from forgebuilder.cache import cached_once
from forgebuilder.engine.api import campaign_state_left_behind, card_groups, focus_names, over_limit
from forgebuilder.lists.exports import list_text, source_from_evaluated
from forgebuilder.lists.models import ShareLink
from forgebuilder.lists.ownership import owner_of
from forgebuilder.lists.selectors import army_list_owned, evaluated_shared_list
from forgebuilder.lists.services import army_list_create
from forgebuilder.lists.sharing import (
    share_link_create,
    share_link_etag,
    share_link_revoke,
    share_url,
)
from forgebuilder.printing.api import qr_svg_response
from forgebuilder.ratelimit import rate_limited
from forgebuilder.refusals import NotFound


@require_POST
def share_create(request: HttpRequest, public_id: str) -> HttpResponse:
    army_list = army_list_owned(owner=owner_of(request, create=False), public_id=public_id)
    kind = request.POST.get("kind")
    if kind not in (ShareLink.LIVE, ShareLink.SNAPSHOT):
        return HttpResponse("Choose a live link or a snapshot.", status=400)
    link = share_link_create(army_list=army_list, kind=kind)
    # drawn now, while its owner waits for the link: its first readers wait for none
    share_page_content(link.token, share_link_etag(link.token) or "")
    what = "A live link" if kind == ShareLink.LIVE else "A frozen snapshot"
    messages.success(request, f"{what} is ready: {share_url(request, link)}")
    return redirect(reverse("armylists:editor", args=[army_list.public_id]) + "#share")


@require_POST
def share_revoke(request: HttpRequest, public_id: str, token: str) -> HttpResponse:
    army_list = army_list_owned(owner=owner_of(request, create=False), public_id=public_id)
    if share_link_revoke(army_list=army_list, token=token):
        messages.success(request, "The link is revoked; it no longer opens the list.")
    else:
        messages.error(request, "That link was already revoked.")
    return redirect(reverse("armylists:editor", args=[army_list.public_id]) + "#share")


def _etag(request: HttpRequest, base: str) -> str:
    viewer = request.user.pk if request.user.is_authenticated else "-"
    return f'"{base}-{viewer}"'


# How long a shared cache in front of the app (nginx, docs/deploy.md) may answer anonymous
# readers without asking again. nginx counts in whole seconds and serves an expired page while
# one request fetches it again, so a revoked link or a changed list stops being served within
# this + 1 s plus one render: under the 5 s the share links promise.
PUBLIC_SECONDS = 3


@require_GET
def shared(request: HttpRequest, token: str) -> HttpResponse:
    base = share_link_etag(token)
    if base is None:
        raise NotFound(
            "This share link was revoked by the list's owner, or it never existed.",
            "Ask whoever sent it for a new link: the list itself is not gone.",
        )
    generic = _is_generic_visitor(request)
    gzipped = generic and bool(ACCEPTS_GZIP.search(request.headers.get("Accept-Encoding", "")))
    etag = _etag(request, base)
    if etag in _if_none_match(request):
        response = HttpResponseNotModified()
    elif generic:
        if gzipped:
            response = HttpResponse(_generic_gzip(request, token, base, etag))
            response["Content-Encoding"] = "gzip"
        else:
            response = HttpResponse(_generic_html(request, token, base, etag))
    else:
        html = render_to_string("armylists/shared.html", _context(request, token, base), request)
        response = HttpResponse(html)
    # the compressed page is another representation of the same content: a weak tag
    response["ETag"] = f"W/{etag}" if gzipped else etag
    return _cacheable(response, public=generic)


# As Django's GZipMiddleware reads the header. Only the page every anonymous reader gets is
# compressed: it holds no token and nothing personal, so compression gives away no secret.
ACCEPTS_GZIP = re.compile(r"\bgzip\b")


def _generic_html(request: HttpRequest, token: str, base: str, etag: str) -> str:
    """The page every anonymous reader gets: the same bytes for each, with no CSRF token (it
    has no form) and no cookie set, so a shared cache may keep it. Rendered once per ETag and
    address (the page holds its own URL)."""

    def make() -> str:
        context = {**_context(request, token, base), "csrf_token": ""}
        return render_to_string("armylists/shared.html", context, request=request)

    return cached_once(_generic_key(request, etag), make)


def _generic_gzip(request: HttpRequest, token: str, base: str, etag: str) -> bytes:
    """That page gzipped, for readers who accept it: compressed once per ETag and address."""
    key = f"{_generic_key(request, etag)}:gzip"
    packed = cache.get(key)
    if packed is None:
        packed = compress_string(_generic_html(request, token, base, etag).encode())
        cache.set(key, packed, 3600)
    return packed


def _generic_key(request: HttpRequest, etag: str) -> str:
    return f"share-html:{etag}:{request.scheme}://{request.get_host()}"


def _context(request: HttpRequest, token: str, base: str) -> dict:
    page = share_page_content(token, base)
    return {
        **page,
        "body": mark_safe(page["body"]),  # rendered (and escaped) by the template engine
        "share_token": token,
        "share_url": request.build_absolute_uri(reverse("armylists:shared", args=[token])),
    }


def share_page_content(token: str, base: str) -> dict:
    """What the share page shows, drawn once per ETag (`base`) however many readers ask at once
    (the first reader of a fresh link in a club chat is rarely alone)."""
    return cached_once(f"share-page:{base}", lambda: _page(evaluated_shared_list(token=token)))


def _is_generic_visitor(request: HttpRequest) -> bool:
    """True when nothing on the page depends on who asks: anonymous, no pending messages."""
    return not request.user.is_authenticated and not _has_messages(request)


def _has_messages(request: HttpRequest) -> bool:
    storage = messages.get_messages(request)
    pending = len(storage) > 0
    storage.used = False  # looking is not reading: keep them for the page that shows them
    return pending


def _page(data) -> dict:
    """What the share page shows, as plain values that can be cached."""
    roster, report = data.roster, data.report
    body = render_to_string(
        "armylists/shared_body.html",
        {"roster": roster, "report": report, "groups": card_groups(roster, report)},
    )
    return {
        "body": body,
        "name": data.document.name,
        "module_name": roster.catalog.spec.name,
        "faction_name": roster.faction.name if roster.faction else data.document.faction,
        "focus_name": focus_names(roster),
        "points": roster.points,
        "points_limit": data.document.points_limit,
        "over_limit": over_limit(report),
        "legal": report.legal,
        "empty": report.empty,
        "kind": data.share_link.kind,
        "shared_at": data.share_link.created_at,
        "og_title": _og_title(data),
        "og_description": _og_description(data),
        # the copy box is filled in the page: the text is readable without JavaScript
        "list_text": list_text(source_from_evaluated(data)),
    }


def _if_none_match(request: HttpRequest) -> list[str]:
    header = request.headers.get("If-None-Match", "")
    return [tag.strip().removeprefix("W/") for tag in header.split(",") if tag.strip()]


def _cacheable(response: HttpResponse, *, public: bool) -> HttpResponse:
    """Browsers ask again each time (the ETag makes that cheap). The anonymous page may be kept
    by a shared cache for PUBLIC_SECONDS; a signed-in reader's stays private to them."""
    if public:
        patch_cache_control(
            response, public=True, max_age=0, s_maxage=PUBLIC_SECONDS, must_revalidate=True
        )
    else:
        patch_cache_control(response, private=True, max_age=0, must_revalidate=True)
    response["Vary"] = "Cookie, Accept-Encoding"
    return response


def _og_title(data) -> str:
    faction = data.roster.faction.name if data.roster.faction else data.document.faction
    return (
        f"{data.document.name} · {faction} · {data.roster.points}/{data.document.points_limit} pts"
    )


def _og_description(data) -> str:
    units = len(data.roster.units)
    return f"{data.report.verdict} · {units} unit{'s' * (units != 1)} · {data.roster.catalog.spec.name}"


@require_http_methods(["GET", "POST"])
@rate_limited("create", "new lists")
def fork(request: HttpRequest, token: str) -> HttpResponse:
    """GET: what will be copied and the button that copies it (the share page links here, so
    that page carries no form and can be cached for everyone). POST: copy it."""
    data = evaluated_shared_list(token=token)
    if request.method == "GET":
        return render(request, "armylists/fork.html", {"data": data, "share_token": token})
    document = data.document.model_copy(update={"name": f"{data.document.name} (copy)"[:120]})
    copy = army_list_create(owner=owner_of(request), catalog=data.roster.catalog, document=document)
    messages.success(request, f"“{copy.name}” is now in your lists; edit it freely.")
    if document.campaign_units():
        messages.info(request, campaign_state_left_behind(document.campaign_units()))
    return redirect("armylists:editor", public_id=copy.public_id)


@require_GET
def qr_code(request: HttpRequest, token: str) -> HttpResponse:
    if share_link_etag(token) is None:
        raise NotFound(
            "This share link was revoked by the list's owner, or it never existed.",
            "Ask whoever sent it for a new link: the list itself is not gone.",
        )
    return qr_svg_response(request.build_absolute_uri(reverse("armylists:shared", args=[token])))

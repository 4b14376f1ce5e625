"""Share links: the owner makes and revokes them; anyone with one sees the roster and may fork it."""

from __future__ import annotations

import hashlib
import io

import segno
from django.contrib import messages
from django.core.cache import cache
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotModified
from django.middleware.csrf import get_token
from django.shortcuts import redirect
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.cache import patch_cache_control
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_GET, require_POST

from forgebuilder.ratelimit import rate_limited

from ..exports import list_text, source_from_evaluated
from ..listdoc import campaign_state_left_behind
from ..models import ShareLink
from ..ownership import owner_of
from ..presenters.cards import card_groups
from ..presenters.forces import focus_names
from ..selectors import army_list_owned, evaluated_shared_list
from ..services import army_list_create
from ..sharing import (
    share_link_create,
    share_link_etag,
    share_link_revoke,
    share_url,
)


@require_POST
def share_create(request: HttpRequest, public_id: str) -> HttpResponse:
    army_list = army_list_owned(owner=owner_of(request, create=False), public_id=public_id)
    kind = request.POST.get("kind")
    if kind not in (ShareLink.LIVE, ShareLink.SNAPSHOT):
        return HttpResponse("Choose a live link or a snapshot.", status=400)
    link = share_link_create(army_list=army_list, kind=kind)
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


@require_GET
def shared(request: HttpRequest, token: str) -> HttpResponse:
    base = share_link_etag(token)
    if base is None:
        raise Http404("This link does not exist or was revoked.")
    etag = _etag(request, base)
    if etag in _if_none_match(request):
        response = HttpResponseNotModified()
        response["ETag"] = etag
        return _cacheable(response)
    # The page's content depends only on what the ETag encodes: render it once per ETag.
    page = cache.get(f"share-page:{base}")
    if page is None:
        page = _page(evaluated_shared_list(token=token))
        cache.set(f"share-page:{base}", page, 3600)
    token_now = get_token(request)  # also makes sure the visitor gets a CSRF cookie
    # Only a page that is the same for every visitor may enter the shared cache: never one
    # rendered for a signed-in visitor (their name is in the header) or with flash messages.
    shareable = _is_generic_visitor(request)
    html_key = f"share-html:{etag}:{request.get_host()}"
    html = cache.get(html_key) if shareable else None
    if html is None:
        context = {
            **page,
            "body": mark_safe(page["body"]),  # rendered (and escaped) by the template engine
            "share_token": token,
            "share_url": request.build_absolute_uri(reverse("armylists:shared", args=[token])),
            "csrf_token": token_now,  # one value for the whole page, replaced below
        }
        html = render_to_string("armylists/shared.html", context, request=request)
        if shareable:
            # The page is the same for every anonymous visitor with this ETag but for their
            # CSRF token: cache it with a placeholder there.
            cache.set(html_key, html.replace(token_now, CSRF_PLACEHOLDER), 3600)
    else:
        html = html.replace(CSRF_PLACEHOLDER, token_now)
    response = HttpResponse(html)
    response["ETag"] = etag
    return _cacheable(response)


CSRF_PLACEHOLDER = "__forgebuilder_csrf_token__"


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
        "over_limit": bool((total := report.total("points")) and total.over),
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


def _cacheable(response: HttpResponse) -> HttpResponse:
    patch_cache_control(response, private=True, max_age=0, must_revalidate=True)
    response["Vary"] = "Cookie"
    return response


def _og_title(data) -> str:
    faction = data.roster.faction.name if data.roster.faction else data.document.faction
    return (
        f"{data.document.name} · {faction} · {data.roster.points}/{data.document.points_limit} pts"
    )


def _og_description(data) -> str:
    units = len(data.roster.units)
    return f"{data.report.verdict} · {units} unit{'s' * (units != 1)} · {data.roster.catalog.spec.name}"


@require_POST
@rate_limited("create", "new lists")
def fork(request: HttpRequest, token: str) -> HttpResponse:
    data = evaluated_shared_list(token=token)
    document = data.document.model_copy(update={"name": f"{data.document.name} (copy)"[:120]})
    copy = army_list_create(owner=owner_of(request), catalog=data.roster.catalog, document=document)
    messages.success(request, f"“{copy.name}” is now in your lists; edit it freely.")
    if document.campaign_units():
        messages.info(request, campaign_state_left_behind(document.campaign_units()))
    return redirect("armylists:editor", public_id=copy.public_id)


@require_GET
def qr_code(request: HttpRequest, token: str) -> HttpResponse:
    if share_link_etag(token) is None:
        raise Http404("This link does not exist or was revoked.")
    url = request.build_absolute_uri(reverse("armylists:shared", args=[token]))
    buffer = io.BytesIO()
    segno.make(url, error="m").save(buffer, kind="svg", scale=4, dark="#1c1917", light="#ffffff")
    response = HttpResponse(buffer.getvalue(), content_type="image/svg+xml")
    response["ETag"] = '"' + hashlib.sha256(url.encode()).hexdigest()[:24] + '"'
    patch_cache_control(response, public=True, max_age=86400)
    return response

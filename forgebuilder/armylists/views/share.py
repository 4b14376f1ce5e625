"""Share links: the owner makes and revokes them; anyone with one sees the roster and may fork it."""

from __future__ import annotations

import hashlib
import io

import segno
from django.contrib import messages
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.cache import patch_cache_control
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_GET, require_POST

from ..cards import chosen_card
from ..models import ShareLink
from ..ownership import owner_of
from ..selectors import army_list_owned
from ..services import army_list_create
from ..sharing import (
    share_link_create,
    share_link_etag,
    share_link_revoke,
    share_url,
    shared_list,
)


@require_POST
def share_create(request: HttpRequest, public_id: str) -> HttpResponse:
    army_list = army_list_owned(owner=owner_of(request), public_id=public_id)
    kind = request.POST.get("kind")
    if kind not in (ShareLink.LIVE, ShareLink.SNAPSHOT):
        return HttpResponse("Choose a live link or a snapshot.", status=400)
    link = share_link_create(army_list=army_list, kind=kind)
    what = "A live link" if kind == ShareLink.LIVE else "A frozen snapshot"
    messages.success(request, f"{what} is ready: {share_url(request, link)}")
    return redirect(reverse("armylists:editor", args=[army_list.public_id]) + "#share")


@require_POST
def share_revoke(request: HttpRequest, public_id: str, token: str) -> HttpResponse:
    army_list = army_list_owned(owner=owner_of(request), public_id=public_id)
    if share_link_revoke(army_list=army_list, token=token):
        messages.success(request, "The link is revoked; it no longer opens the list.")
    else:
        messages.error(request, "That link was already revoked.")
    return redirect(reverse("armylists:editor", args=[army_list.public_id]) + "#share")


def _etag(request: HttpRequest, token: str) -> str | None:
    base = share_link_etag(token)
    if base is None:
        return None
    viewer = request.user.pk if request.user.is_authenticated else "-"
    return f'"{base}-{viewer}"'


@require_GET
def shared(request: HttpRequest, token: str) -> HttpResponse:
    etag = _etag(request, token)
    if etag is not None and etag in _if_none_match(request):
        response = HttpResponseNotModified()
        response["ETag"] = etag
        return _cacheable(response)
    data = shared_list(token)  # 404 when revoked or unknown
    url = share_url(request, data.link)
    body_key = f"share-body:{data.etag}"
    body = cache.get(body_key)
    if body is None:
        body = render_to_string(
            "armylists/shared_body.html",
            {"roster": data.roster, "report": data.report, "groups": card_groups(data)},
        )
        cache.set(body_key, body, 600)
    context = {
        "data": data,
        "army_list": data.army_list,
        "document": data.document,
        "report": data.report,
        "roster": data.roster,
        "share_token": token,
        "share_url": url,
        "body": mark_safe(body),  # rendered (and escaped) by the template engine above
        "og_title": _og_title(data),
        "og_description": _og_description(data),
    }
    response = render(request, "armylists/shared.html", context)
    response["ETag"] = _etag(request, token) or ""
    return _cacheable(response)


def card_groups(data) -> list[dict]:
    """The units' cards grouped by force organization, in list order."""
    roster = data.roster
    groups = []
    for force in roster.forces:
        groups.append(
            {
                "title": force.organization.name if force.organization else "Force",
                "cost": force.organization.cost if force.organization else None,
                "faction": force.faction.name if force.faction else force.faction_key,
                "allied": force.allied,
                "cards": [chosen_card(roster, u, data.report) for u in roster.units_in(force.id)],
            }
        )
    loose = [u for u in roster.units if roster.force(u.force_id) is None]
    if loose:
        faction = roster.faction.name if roster.faction else roster.faction_key
        groups.append(
            {
                "title": "Units",
                "cost": None,
                "faction": faction,
                "allied": False,
                "cards": [chosen_card(roster, u, data.report) for u in loose],
            }
        )
    return groups


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
    verdict = (
        "Legal list" if data.report.legal else f"Not legal: {len(data.report.errors)} problem(s)"
    )
    return f"{verdict} · {units} unit{'s' * (units != 1)} · {data.roster.catalog.spec.name}"


@require_POST
def fork(request: HttpRequest, token: str) -> HttpResponse:
    data = shared_list(token)
    document = data.document.model_copy(update={"name": f"{data.document.name} (copy)"[:120]})
    copy = army_list_create(owner=owner_of(request), catalog=data.roster.catalog, document=document)
    messages.success(request, f"“{copy.name}” is now in your lists; edit it freely.")
    return redirect("armylists:editor", public_id=copy.public_id)


@require_GET
def qr_code(request: HttpRequest, token: str) -> HttpResponse:
    if share_link_etag(token) is None:
        shared_list(token)  # raises 404
    url = request.build_absolute_uri(reverse("armylists:shared", args=[token]))
    buffer = io.BytesIO()
    segno.make(url, error="m").save(buffer, kind="svg", scale=4, dark="#1c1917", light="#ffffff")
    response = HttpResponse(buffer.getvalue(), content_type="image/svg+xml")
    response["ETag"] = '"' + hashlib.sha256(url.encode()).hexdigest()[:24] + '"'
    patch_cache_control(response, public=True, max_age=86400)
    return response

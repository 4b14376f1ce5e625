"""The event page as a reader without an account or session gets it, drawn once per content.

Most views of a busy event's page are readers following its link (on a phone at the venue, on
the projector): the same page for all of them. Its board is drawn once per version of the
event (events/board.py); this keeps the whole page too, so such a view reads the event and the
board's version and draws nothing. The page is kept by everything it shows (the event's row,
its game and organiser's names, the board, the hours that open or close its lists, the address
asked for) in this process's fragments (forgebuilder.fragments). It holds no CSRF token (such a
reader has no form to send: "Log in" is a link) and sets no cookie, so it is the same bytes for
every such reader, and a shared cache in front of the app (nginx, docs/deploy.md) may keep it
for PUBLIC_SECONDS and then ask whether it changed (its ETag). The hall's screen is offered to
that cache the same way (hall_views.py).
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from typing import Any

from django.conf import settings
from django.contrib.messages.storage.cookie import CookieStorage
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.template.loader import render_to_string
from django.utils.cache import patch_cache_control

from forgebuilder.fragments import drawn_once

from .models import Event

TEMPLATE = "events/detail.html"

# How long a shared cache may answer everyone's event page and the hall's screen without asking
# the app again. nginx counts in whole seconds and serves an expired copy while one request
# fetches it again, so a confirmed result or a new round reaches every such reader within this
# + 1 s plus one redraw (+ 1 s more at a round's peak, while the board settles:
# settings.EVENT_BOARD_SETTLE_SECONDS): well within the hall's poll (PROJECTOR_POLL_SECONDS).
PUBLIC_SECONDS = 3


def for_anyone(request: HttpRequest) -> bool:
    """Whether the page asked for is everyone's: no account, no session (which may hold a
    message or an invitation to show), no message waiting in a cookie."""
    personal = (settings.SESSION_COOKIE_NAME, CookieStorage.cookie_name)
    return not request.user.is_authenticated and not any(c in request.COOKIES for c in personal)


def kept_page(request: HttpRequest, event: Event, context: Mapping[str, Any]) -> HttpResponse:
    """The page `context` draws, drawn once for what it shows: 304 to a cache (or browser)
    asking with the ETag of the page it holds, when that is still the page."""
    row = tuple((f.attname, getattr(event, f.attname)) for f in Event._meta.concrete_fields)
    shown = (
        context["board_key"], row, event.module_id, event.game,
        event.module.revision if event.module is not None else None,
        str(event.organiser), context["lists_open"], context["lists_revealed"],
        context["link"], request.get_full_path(),
    )  # fmt: skip
    html = drawn_once(
        ("event_page", repr(shown)),  # the repr: a pack's lists (its factions) as text
        lambda: render_to_string(TEMPLATE, {**context, "csrf_token": ""}, request),
    )
    etag = f'"{hashlib.sha256(html.encode()).hexdigest()[:24]}"'
    if etag in _if_none_match(request):
        response: HttpResponse = HttpResponseNotModified()
    else:
        response = HttpResponse(html)
    response["ETag"] = etag
    return shared_briefly(response)


def shared_briefly(response: HttpResponse) -> HttpResponse:
    """Mark an answer every reader without a session gets alike: a shared cache may keep it
    for PUBLIC_SECONDS; browsers ask again each time."""
    patch_cache_control(
        response, public=True, max_age=0, s_maxage=PUBLIC_SECONDS, must_revalidate=True
    )
    return response


def _if_none_match(request: HttpRequest) -> list[str]:
    """The tags asked with, weak or not (gzip makes the tag of the compressed copy weak)."""
    header = request.headers.get("If-None-Match", "")
    return [tag.strip().removeprefix("W/") for tag in header.split(",") if tag.strip()]

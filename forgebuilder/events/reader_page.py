"""The event page as a reader without an account or session gets it, drawn once per content.

Most views of a busy event's page are readers following its link (on a phone at the venue, on
the projector): the same page for all of them. Its board is drawn once per version of the
event (events/board.py); this keeps the whole page too, so such a view reads the event and the
board's version and draws nothing. The page is kept by everything it shows (the event's row,
its game and organiser's names, the board, the hours that open or close its lists, the address
asked for) in this process's fragments (forgebuilder.fragments), with a mark where the reader's
CSRF token goes (the page's htmx headers), stamped on each view.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import Any

from django.conf import settings
from django.contrib.messages.storage.cookie import CookieStorage
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.template.loader import render_to_string

from forgebuilder.fragments import drawn_once

from .models import Event

CSRF_MARK = f"csrf{secrets.token_hex(16)}"
TEMPLATE = "events/detail.html"


def for_anyone(request: HttpRequest) -> bool:
    """Whether the page asked for is everyone's: no account, no session (which may hold a
    message or an invitation to show), no message waiting in a cookie."""
    personal = (settings.SESSION_COOKIE_NAME, CookieStorage.cookie_name)
    return not request.user.is_authenticated and not any(c in request.COOKIES for c in personal)


def kept_page(request: HttpRequest, event: Event, context: Mapping[str, Any]) -> HttpResponse:
    """The page `context` draws, drawn once for what it shows and stamped with the token."""
    row = tuple((f.attname, getattr(event, f.attname)) for f in Event._meta.concrete_fields)
    shown = (
        context["board_key"], row, event.module_id, event.game,
        event.module.revision if event.module is not None else None,
        str(event.organiser), context["lists_open"], context["lists_revealed"],
        context["link"], request.get_full_path(),
    )  # fmt: skip
    html = drawn_once(
        ("event_page", repr(shown)),  # the repr: a pack's lists (its factions) as text
        lambda: render_to_string(TEMPLATE, {**context, "csrf_token": CSRF_MARK}, request),
    )
    return HttpResponse(html.replace(CSRF_MARK, get_token(request)))

"""The event page's board (the round's pairings and the standings) in the element that keeps
itself current (events/polling.py): a phone at the tables shows round 2's pairings and the
standings after each confirmed result without a reload, and asks one small question between
changes (204 while the event's board version is the one it shows)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.conf import settings
from django.http import HttpRequest
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import SafeString

from .models import Event
from .now import now_stamp
from .polling import polled, stamp_of
from .selectors import BoardVersion

TEMPLATE = "events/_board.html"
ASKED = ("find", "pairings", "standings")  # what the board was asked for: kept when it polls


def board_params(query: Mapping[str, str]) -> dict[str, str]:
    """The parts of the board asked for in `query` (a search, a part of the pairings or of
    the standings), as the board asks for itself again."""
    return {name: query[name] for name in ASKED if name in query}


def board_stamp(
    event: Event, params: Mapping[str, str], version: BoardVersion | None = None
) -> str:
    """A stamp of what the board asked with `params` shows: the event's board version (the one
    it was drawn from, when given), as the player's "now" section's, and the parts asked for."""
    return stamp_of(now_stamp(event, version), sorted(params.items()))


def drawn_board(request: HttpRequest, event: Event, context: Mapping[str, Any]) -> SafeString:
    """The board drawn from the event page's `context`, in the element that asks for it again
    every EVENT_BOARD_POLL_SECONDS with the stamp of the version it shows."""
    params = board_params(request.GET)
    body = render_to_string(TEMPLATE, dict(context), request=request)
    return polled(
        "div",
        body,
        url=reverse("events:board", args=[event.public_id]),
        stamp=board_stamp(event, params, context["version"]),
        seconds=settings.EVENT_BOARD_POLL_SECONDS,
        attrs={"id": "board", "class": "board"},
        params=params,
    )

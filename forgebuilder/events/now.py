"""What a player needs now, at the top of the event page: their table, opponent (and their
list, when lists are public), the result to enter or confirm, or what they wait for.

The section asks for itself again every few seconds with a stamp of the event's board version
(`selectors.board_version`: one cheap query, which changes with every round, game, entrant and
list); an unchanged version answers 204, so a hall of phones costs one small request each
between changes, and a phone shows a paired round or a confirmed result without a reload.
"""

from __future__ import annotations

import hashlib

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Q
from django.http import HttpRequest
from django.middleware.csrf import get_token
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe

from . import selectors
from .board import own_row, version_of
from .models import Entrant, Event, Game, Submission
from .presenters import game_row

TEMPLATE = "events/_now.html"


def now_stamp(event: Event) -> str:
    """A short stamp of everything the section may show: equal stamps, nothing to draw again."""
    shown = repr((version_of(event), selectors.lists_revealed(event), event.rounds))
    return hashlib.blake2b(shown.encode(), digest_size=8).hexdigest()


def now_of(event: Event, entrant: Entrant, user: AbstractBaseUser | AnonymousUser) -> dict:
    """The player's state: their game of the current round (`row`: what they may do with its
    result), their opponent and their list's address, and the round they wait for, if any."""
    current = selectors.current_round(event)
    nothing = {"row": None, "opponent": None, "their_list": "", "last_done": False}
    if current is None:
        return {**nothing, "round": None, "game": None, "waiting_for": 1,
                "checked_in": entrant.checked_in}  # fmt: skip
    game = selectors.games_of(current).filter(Q(first=entrant) | Q(second=entrant)).first()
    done = game is not None and (game.bye or game.status == Game.CONFIRMED)
    more = current.number < event.rounds
    state = {
        **nothing,
        "round": current,
        "game": game,
        "waiting_for": current.number + 1 if done and more else 0,
        "last_done": done and not more,
        "checked_in": entrant.checked_in,
    }
    if game is None or game.bye:
        return state
    opponent = game.second if game.first_id == entrant.pk else game.first
    assert opponent is not None
    listed = Submission.objects.filter(entrant=opponent).exists()
    shown = listed and selectors.may_see_list(event, opponent, user)
    url = reverse("events:list_view", args=[event.public_id, opponent.pk]) if shown else ""
    return {**state, "row": game_row(game, user, False), "opponent": opponent, "their_list": url}


def drawn_now(request: HttpRequest, event: Event, entrant: Entrant) -> tuple[SafeString, str]:
    """The section drawn for `entrant`, in the element that asks for it again, and its stamp."""
    stamp = now_stamp(event)
    context = {"now": now_of(event, entrant, request.user), "event": event}
    body = render_to_string(TEMPLATE, context, request=request)
    url = reverse("events:now", args=[event.public_id])
    html = format_html(
        '<section id="now" class="now" aria-labelledby="now-title" data-stamp="{}" '
        'hx-get="{}?since={}" hx-trigger="every {}s" hx-swap="outerHTML">{}</section>',
        stamp, url, stamp, settings.EVENT_NOW_POLL_SECONDS, mark_safe(body),  # our template
    )  # fmt: skip
    return html, stamp


def row_again(request: HttpRequest, event: Event, entrant: Entrant) -> SafeString:
    """The player's game's row of the pairings below, drawn again to take its place there
    (htmx's out-of-band swap) when the section is: the page shows one state of their game."""
    current = selectors.current_round(event)
    game = (
        selectors.games_of(current).filter(Q(first=entrant) | Q(second=entrant)).first()
        if current is not None
        else None
    )
    if game is None:
        return mark_safe("")
    row = own_row(event, game, request.user, get_token(request))
    # the row is our template's <li>: marked to replace the one of the same id
    return mark_safe(
        "<template>" + row.replace("<li ", '<li hx-swap-oob="true" ', 1) + "</template>"
    )

"""What a player needs now, at the top of the event page: their table, opponent (and their
list, when lists are public), the result to enter or confirm, or what they wait for.

The section asks for itself again every few seconds (events/polling.py) with a stamp of the
event's board version and of the player's own state (`section_stamp`): an unchanged event
answers 204 from one cached query; a changed event whose change is not the player's (another
table's result, at a busy round's peak) answers 204 after a few small queries of their own
state, never drawing anything; so a hall of phones costs one small request each between their
own changes, and a phone shows a paired round or a confirmed result without a reload.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Q
from django.http import HttpRequest
from django.middleware.csrf import get_token
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe

from . import selectors
from .board import own_row, version_of
from .models import Entrant, Event, Game, Round, Submission
from .polling import polled, stamp_of
from .presenters import game_row

TEMPLATE = "events/_now.html"
STAMP_LENGTH = len(stamp_of())  # a section's stamp is two: the event's, then the player's


def now_stamp(event: Event, version: selectors.BoardVersion | None = None) -> str:
    """A short stamp of everything the section may show (at the event's board `version`, when
    given): equal stamps, nothing to draw again."""
    shown = version or version_of(event)
    return stamp_of(shown, selectors.lists_revealed(event), event.rounds)


def now_of(
    event: Event,
    entrant: Entrant,
    user: AbstractBaseUser | AnonymousUser,
    *,
    found: tuple[Round | None, Game | None] | None = None,
) -> dict:
    """The player's state: their game of the current round (`row`: what they may do with its
    result), their opponent and their list's address, and the round they wait for, if any.
    `found`: the current round and the player's game in it, when the page read them already
    (the board finds the player's game: one query for both)."""
    current = found[0] if found else selectors.current_round(event)
    nothing = {"row": None, "opponent": None, "their_list": "", "last_done": False}
    if current is None:
        return {**nothing, "round": None, "game": None, "waiting_for": 1,
                "checked_in": entrant.checked_in}  # fmt: skip
    if found:
        game = found[1]
    else:
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


def notice_of(now: dict) -> tuple[str, str]:
    """What a notification says of the player's state `now` (events.js shows it when this
    changes), and a key of it: their new pairing, or a result waiting for their confirmation;
    nothing to say otherwise."""
    game, row = now["game"], now["row"]
    if game is None:
        return "", ""
    number = now["round"].number
    if game.bye:
        return f"Round {number}: you have the bye.", f"paired:{game.pk}"
    if row["may_confirm"]:
        said = f"{game.reported_by} entered {row['result']} ({row['first']} first): confirm it."
        return said, f"confirm:{game.pk}:{row['result']}"
    if game.status == Game.CONFIRMED:
        return "", ""
    return f"Round {number}: table {game.table} against {now['opponent'].name}", f"paired:{game.pk}"


def player_stamp(event: Event, now: dict) -> str:
    """A stamp of what the player's section shows (`now_of`): their round, their game as their
    row says it, their opponent and list, what they wait for. It moves when their own state
    does, not with every other table's result: at a busy round's peak a hall of phones asking
    every few seconds is answered 204, not drawn again once a second each."""
    game, row = now["game"], now["row"] or {}
    return stamp_of(
        event.rounds,
        now["round"].number if now["round"] else None,
        (game.pk, game.table, game.bye, game.status, game.first_vp, game.second_vp,
         game.reported_by_id) if game else None,
        sorted((key, value) for key, value in row.items() if key != "game"),
        now["opponent"].pk if now["opponent"] else None,
        now["their_list"], now["waiting_for"], now["last_done"], now["checked_in"],
    )  # fmt: skip


def section_stamp(event: Event, now: dict, board: str | None = None) -> str:
    """The section's stamp: the event's board version (`now_stamp`, given as `board` when read
    already: one cached query tells a quiet event unchanged) and the player's own state (told
    apart at a busy round's peak, when the version moves every second but their own game does
    not)."""
    return (board if board is not None else now_stamp(event)) + player_stamp(event, now)


def parts_of(stamp: str) -> tuple[str, str]:
    """(the event's part, the player's part) of a section's stamp."""
    return stamp[:STAMP_LENGTH], stamp[STAMP_LENGTH:]


def drawn_now(
    request: HttpRequest,
    event: Event,
    entrant: Entrant,
    now: dict | None = None,
    stamp: str | None = None,
) -> tuple[SafeString, str]:
    """The section drawn for `entrant` (in the state `now` and at `stamp`, when read already),
    in the element that asks for it again, and its stamp."""
    now = now if now is not None else now_of(event, entrant, request.user)
    stamp = stamp or section_stamp(event, now)
    body = render_to_string(TEMPLATE, {"now": now, "event": event}, request=request)
    url = reverse("events:now", args=[event.public_id])
    notice, key = notice_of(now)
    attrs = {"id": "now", "class": "now", "aria-labelledby": "now-title",
             "data-notice": notice, "data-notice-key": key}  # fmt: skip
    seconds = settings.EVENT_NOW_POLL_SECONDS
    return polled("section", body, url=url, stamp=stamp, seconds=seconds, attrs=attrs), stamp


def row_again(request: HttpRequest, event: Event, now: dict) -> SafeString:
    """The player's game's row of the pairings below (their game in `now`), drawn again to take
    its place there (htmx's out-of-band swap) when the section is: the page shows one state of
    their game."""
    game = now["game"]
    if game is None:
        return mark_safe("")
    row = own_row(event, game, request.user, get_token(request))
    # the row is our template's <li>: marked to replace the one of the same id
    return mark_safe(
        "<template>" + row.replace("<li ", '<li hx-swap-oob="true" ', 1) + "</template>"
    )

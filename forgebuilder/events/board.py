"""The event page's round and standings ("the board"), drawn once per version of the event for
everyone who only reads them.

At a busy event most views of the page come from players between games: the pairings and the
standings they see are the same for all of them, and drawing them (reading 50 games and 50
standings rows, then their templates) was most of the page's time. So a reader's board is drawn
once for what it shows (`selectors.board_version`: one query of counts and sums that changes
with any game, entrant or list; the part asked for; whether lists are shown) and kept in the
cache; a view reads the version and the drawn board and no row. A player's own game (with its
forms) is drawn for them and put in its place, or pinned above the part shown. The organiser's
board (a result form on every game) is drawn on each view.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.cache import cache
from django.db import transaction
from django.db.models import Q
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe

from forgebuilder.cache import cached_once

from . import selectors
from .models import Entrant, Event, Game, Round, Submission
from .presenters import game_row, page_of, standings_page

KEPT = 600  # seconds a drawn board is kept (a new version is another key at once)
VERSION_KEPT = 1  # seconds an event's version is trusted without asking the database again
ROW = "events/_pairing.html"


def _version_key(event_id: int) -> str:
    return f"event-board-version:{event_id}"


def version_of(event: Event) -> selectors.BoardVersion:
    """The event's board version, asked of the database at most once a second: a busy
    event's readers share one answer. Every round, game, entrant or list saved forgets it at
    once (`forget_version`, on the models' signal); a change written around it (a bulk update,
    a deletion) shows within the second."""
    version = cache.get(_version_key(event.pk))
    if version is None:
        version = selectors.board_version(event)
        cache.set(_version_key(event.pk), version, VERSION_KEPT)
    return version


def forget_version(sender, instance, **kwargs) -> None:
    """A round, game, entrant or list of an event was saved: its next view asks again, at once
    for a new round; for anything else at once unless the version was forgotten less than
    EVENT_BOARD_SETTLE_SECONDS ago. At a round's peak, 17 results a second each forgot it, so
    nearly every view of the page drew the board (the standings of every player) again: most
    of the app's work. Settling, the board is drawn at most about once a second and shows the
    event as it was at most VERSION_KEPT ago (when the version kept expires by itself); each
    player's own game, on their page and in their "now" section, is read afresh on every view."""
    if isinstance(instance, Game) and Game._meta.get_field("round").is_cached(instance):
        event_id = instance.round.event_id  # read with the game already (a result's post)
    elif isinstance(instance, Game):
        event_id = Round.objects.filter(pk=instance.round_id).values_list("event_id").first()
        event_id = event_id[0] if event_id else None
    elif isinstance(instance, Submission):
        event_id = Entrant.objects.filter(pk=instance.entrant_id).values_list("event_id").first()
        event_id = event_id[0] if event_id else None
    else:
        event_id = instance.event_id
    if event_id is None:
        return
    key = _version_key(event_id)
    settle = settings.EVENT_BOARD_SETTLE_SECONDS
    if settle and not isinstance(instance, Round) and not cache.add(f"{key}:settling", 1, settle):
        return  # forgotten a moment ago: the version kept since expires within VERSION_KEPT
    cache.delete(key)
    # and once the change is committed: a view between the two read the version before it
    transaction.on_commit(lambda: cache.delete(key))


def _drawn_rows(event: Event, games, user, organiser: bool, csrf: str = "") -> list:
    """[(game id, its <li>)] for each game, as `user` sees it."""
    rows = []
    for game in games:
        row = game_row(game, user, organiser)
        context = {"g": row, "event": event, "organiser": organiser, "csrf_token": csrf}
        rows.append((game.pk, mark_safe(render_to_string(ROW, context))))
    return rows


def own_row(event: Event, game: Game, user, csrf: str) -> str:
    """The player's own game's row as the board draws it for them (its forms included)."""
    return _drawn_rows(event, [game], user, False, csrf)[0][1]


def _draw(event: Event, current: Round, view: Mapping[str, Any]) -> dict:
    """The board of `current` for `view` (find, the parts asked for, who looks and whether
    lists are shown), drawn now."""
    everyone = selectors.games_of(current)
    find = view["find"]
    listed = everyone
    if find:
        listed = everyone.filter(
            Q(first__player__username__icontains=find) | Q(second__player__username__icontains=find)
        )
    part = page_of(listed.count(), view["pairings"], "pairings", find)
    shown = list(listed[max(part.first - 1, 0) : part.last])
    standings, standings_part = standings_page(
        event, find=find, asked=view["standings"], version=view["version"]
    )
    context = {"standings": standings, "event": event, "lists_shown": view["lists_shown"]}
    open_games = current.games.filter(second__isnull=False).exclude(status=Game.CONFIRMED)
    return {
        "round": current,
        "rows": _drawn_rows(event, shown, view["user"], view["organiser"], view["csrf"]),
        "pairings_part": part,
        "standings": (
            mark_safe(render_to_string("events/_standings.html", context)) if standings else ""
        ),
        "standings_part": standings_part,
        "lists_shown": view["lists_shown"],
        "results_to_come": open_games.count(),
        "swappable": _swappable(everyone) if view["organiser"] else [],
    }


def _swappable(games) -> list[Entrant]:
    """The players of the current round's games that have no result yet (and of its bye)."""
    open_games = [g for g in games if g.status == Game.PAIRED or g.bye]
    players = [e for game in open_games for e in (game.first, game.second) if e is not None]
    return sorted(players, key=lambda e: e.name.casefold()) if len(players) > 2 else []


def board(
    event: Event,
    user: AbstractBaseUser | AnonymousUser,
    params: Mapping[str, str],
    *,
    entrant: Entrant | None = None,
    csrf: str = "",
) -> dict:
    """The round's part of the event page for `user`: its drawn pairing rows (`rows`, the
    player's own game in its place or pinned in `my_rows`), the drawn standings, their parts,
    the round, the results still to come and (for the organiser) the players who can swap."""
    organiser = selectors.is_organiser(event, user)
    version = version_of(event)
    view = {
        "find": " ".join(params.get("find", "").split())[:80],
        "pairings": params.get("pairings", "1"),
        "standings": params.get("standings", "1"),
        "lists_shown": organiser or selectors.lists_revealed(event),
        "version": version,
    }
    # the version the board shows: its stamp (board_part.py) is made of it
    counts = {"find": view["find"], "entrant_count": version.playing, "version": version}
    if not version.rounds:
        found = {"found": (None, None)} if entrant else {}  # no round: nothing to look for
        return _joined({**_empty(), "board_key": ("no round", *view.values()), **counts, **found})
    if organiser:
        current = selectors.current_round(event)
        assert current is not None
        drawn = _draw(event, current, {**view, "user": user, "organiser": True, "csrf": csrf})
        return _joined({**drawn, "my_rows": [], "board_key": None, **counts})
    shown = repr((event.scoring, *view.values())).encode()
    key = f"event-board:{event.pk}:{hashlib.blake2b(shown, digest_size=16).hexdigest()}"
    drawn = cached_once(
        key,
        lambda: _draw(
            event,
            selectors.current_round(event),
            {**view, "user": AnonymousUser(), "organiser": False, "csrf": ""},
        ),
        timeout=KEPT,
    )
    own = _own_game(event, drawn, user, entrant, csrf)
    return _joined({**drawn, **own, "board_key": key, **counts})


def _own_game(event: Event, drawn: dict, user, entrant: Entrant | None, csrf: str) -> dict:
    """The player's own game, drawn for them: in its place in the part shown, else pinned;
    with `found`, the round and the game (None without one) for the page's "now" section."""
    mine = (
        selectors.games_of(drawn["round"]).filter(Q(first=entrant) | Q(second=entrant)).first()
        if entrant
        else None
    )
    # the player's round and game, as their "now" section reads them too (`now.now_of`)
    found = {"found": (drawn["round"], mine)} if entrant else {}
    if mine is None:
        return {"my_rows": [], **found}
    own = _drawn_rows(event, [mine], user, False, csrf)
    if any(pk == mine.pk for pk, _html in drawn["rows"]):
        rows = [own[0] if pk == mine.pk else (pk, html) for pk, html in drawn["rows"]]
        return {"rows": rows, "my_rows": [], **found}
    return {"my_rows": own, **found}


def _empty() -> dict:
    return {
        "round": None,
        "rows": [],
        "my_rows": [],
        "pairings_part": page_of(0, "1", "pairings"),
        "standings": "",
        "standings_part": page_of(0, "1", "standings"),
        "lists_shown": False,
        "results_to_come": 0,
        "swappable": [],
    }


def _joined(board: dict) -> dict:
    """The board with its rows as HTML: `pairings` (the part shown) and `my_game` (pinned)."""
    rows, mine = board.pop("rows"), board.pop("my_rows")
    # each row was drawn by our own template, which escapes
    return {
        **board,
        "pairings": mark_safe("".join(html for _pk, html in rows)),
        "my_game": mark_safe("".join(html for _pk, html in mine)),
    }

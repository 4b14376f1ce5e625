"""Reads of an event: standings, the organiser's desk, who may see which list."""

from __future__ import annotations

import functools
import hashlib
from dataclasses import dataclass
from datetime import datetime
from typing import NamedTuple

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import connection
from django.db.models import QuerySet
from django.urls import reverse
from django.utils import timezone

from forgebuilder.cache import cached_once
from forgebuilder.engine.api import plural
from forgebuilder.people import FORMER_PLAYER
from forgebuilder.refusals import NotFound

from . import standings
from .models import Entrant, Event, Game, Round, Submission


def event_by_public_id(public_id: str) -> Event:
    event = Event.objects.select_related("module", "organiser").filter(public_id=public_id).first()
    if event is None:
        raise NotFound(
            "No event has this link.",
            "Check the link with the organiser: it may be mistyped or the event removed.",
            (reverse("events:list"), "See your events"),
        )
    return event


def events_of(*, user: AbstractBaseUser) -> QuerySet[Event]:
    """The events a player organises or entered, newest first."""
    return (
        Event.objects.filter(organiser=user).select_related("module")
        | Event.objects.filter(entrants__player=user).select_related("module")
    ).distinct()


def is_organiser(event: Event, user: AbstractBaseUser | AnonymousUser) -> bool:
    return user.is_authenticated and user.pk == event.organiser_id


def entrant_of(
    event: Event, user: AbstractBaseUser | AnonymousUser, *, with_submission: bool = False
) -> Entrant | None:
    """`user`'s entry in `event`, if any; `with_submission`: read with their submission's
    verdict (not its document: a page shows the list's name and problems, not its units)."""
    if not user.is_authenticated:
        return None
    entrants = Entrant.objects.filter(event=event, player=user)
    if with_submission:
        entrants = entrants.select_related("submission").defer("submission__document")
    return entrants.first()


def lists_revealed(event: Event, *, now: datetime | None = None) -> bool:
    """Whether anyone may see every list: always when not hidden, else from the reveal time."""
    if not event.hide_lists:
        return True
    now = now or timezone.now()
    return event.reveal_at is not None and now >= event.reveal_at


def reveal_hint(event: Event) -> str:
    """When a hidden list will show, in the player's words."""
    if event.reveal_at is None:
        return "The organiser reveals them all at once; the event page will link to each list."
    when = timezone.localtime(event.reveal_at).strftime("%d %b %Y, %H:%M")
    return f"They are revealed on {when}; come back then."


def may_see_list(event: Event, entrant: Entrant, user: AbstractBaseUser | AnonymousUser) -> bool:
    """The organiser and the list's owner always; everyone else once lists are revealed."""
    if is_organiser(event, user) or (user.is_authenticated and user.pk == entrant.player_id):
        return True
    return lists_revealed(event)


def standings_of(*, event: Event) -> list[standings.Standing]:
    """Every entrant ranked by the event's scoring; only confirmed results and byes count.

    Worked out once for what it is worked out from: the entrants, the five numbers of each
    confirmed game and the scoring name the cached answer (a result confirmed or corrected, a
    bye, a new entrant: another name), so every page of a busy event reads them and no more."""
    players = [str(pk) for pk in event.entrants.values_list("pk", flat=True)]
    confirmed = list(
        Game.objects.filter(round__event=event, status=Game.CONFIRMED)
        .order_by("pk")
        .values_list("round__number", "first_id", "second_id", "first_vp", "second_vp")
    )
    made_of = repr((event.pk, players, confirmed, event.scoring)).encode()
    key = f"standings:{event.pk}:{hashlib.blake2b(made_of, digest_size=16).hexdigest()}"
    return cached_once(key, lambda: _standings(event, players, confirmed), timeout=600)


def _standings(
    event: Event, players: list[str], confirmed: list[tuple]
) -> list[standings.Standing]:
    games = [
        standings.Game(
            round=number,
            first=str(first),
            second=str(second) if second else None,
            first_vp=first_vp or 0,
            second_vp=second_vp or 0,
        )
        for number, first, second, first_vp, second_vp in confirmed
    ]
    return standings.standings(players=players, games=games, scoring=event.scoring)


Ranked = list[tuple[standings.Standing, str]]


def ranked(*, event: Event, version: BoardVersion, part: tuple[int, int] | None = None) -> Ranked:
    """The standings in the order the pages show them (rank, then name), each row with its
    player's name, kept for the event's `board_version`; only rows `part` (start, stop) when
    given, kept apart, so that a page of a large event reads its 50 rows, not every row."""
    made_of = repr((version, event.scoring)).encode()
    key = f"standings:{event.pk}:{hashlib.blake2b(made_of, digest_size=16).hexdigest()}:ranked"
    if part is not None:
        start, stop = part
        return cached_once(
            f"{key}:{start}:{stop}",
            lambda: ranked(event=event, version=version)[start:stop],
            timeout=600,
        )
    return cached_once(key, lambda: _ranked(event), timeout=600)


def _ranked(event: Event) -> Ranked:
    usernames = dict(event.entrants.values_list("pk", "player__username"))
    name = {str(pk): username or FORMER_PLAYER for pk, username in usernames.items()}
    rows = [(row, name[row.key]) for row in standings_of(event=event)]
    return sorted(rows, key=lambda r: (r[0].rank, r[1].casefold()))


# A row's fingerprint: its columns summed with a different prime weight each, times a weight
# drawn from the row's id (a multiplicative hash), both below a prime, in 64-bit integers on
# SQLite and PostgreSQL alike; a table's is the count and the sum of its rows'. Two rows that
# exchange a value (two games swapping players or results) change the sum, as their weights
# differ. A few operations a row: on SQLite this sum is the page's only work that grows with
# the event.
_PRIME = 1_000_000_007
_WEIGHTS = (3, 7, 13, 17, 19, 23, 29, 31, 37, 41)


def _folded(*columns: str) -> str:
    row = columns[0]
    summed = " + ".join(
        f"COALESCE({column}, 0) * {weight}"
        for column, weight in zip(columns[1:], _WEIGHTS, strict=False)
    )
    # %%: a modulo, in a query with parameters
    return f"((({summed}) %% {_PRIME}) * ((CAST({row} AS BIGINT) * 2654435761) %% {_PRIME})) %% {_PRIME}"


_STATUS = f"CASE g.status WHEN '{Game.PAIRED}' THEN 1 WHEN '{Game.REPORTED}' THEN 2 ELSE 3 END"
_DROPPED = "CASE WHEN e.dropped_at IS NULL THEN 0 ELSE 1 + COALESCE(e.dropped_after, 0) END"


@functools.cache
def _version_sql() -> str:
    def table(model) -> str:
        return connection.ops.quote_name(model._meta.db_table)

    quoted = connection.ops.quote_name
    game = _folded(
        "g.id", "g.round_id", f"g.{quoted('table')}", "g.first_id", "g.second_id", _STATUS,
        "g.first_vp * 10007", "g.second_vp", "g.reported_by_id", "g.withdrawn_by_id",
    )  # fmt: skip
    entrant = _folded("e.id", "e.player_id", _DROPPED, "LENGTH(e.club)")
    return f"""SELECT
        (SELECT COUNT(*) FROM {table(Round)} r WHERE r.event_id = %s),
        (SELECT COUNT(*) FROM {table(Game)} g JOIN {table(Round)} r ON r.id = g.round_id
            WHERE r.event_id = %s),
        (SELECT COALESCE(SUM({game}), 0) FROM {table(Game)} g
            JOIN {table(Round)} r ON r.id = g.round_id WHERE r.event_id = %s),
        (SELECT COUNT(*) FROM {table(Entrant)} e WHERE e.event_id = %s),
        (SELECT COUNT(*) FROM {table(Entrant)} e WHERE e.event_id = %s AND e.dropped_at IS NULL),
        (SELECT COALESCE(SUM({entrant}), 0) FROM {table(Entrant)} e WHERE e.event_id = %s),
        (SELECT COALESCE(SUM(s.entrant_id), 0) FROM {table(Submission)} s
            JOIN {table(Entrant)} e ON e.id = s.entrant_id WHERE e.event_id = %s)"""


class BoardVersion(NamedTuple):
    rounds: int
    games: int
    games_folded: int
    entrants: int
    playing: int  # the entrants who did not drop
    entrants_folded: int
    lists: int  # the sum of the ids of the entrants who submitted a list


def board_version(event: Event) -> BoardVersion:
    """A fingerprint of everything the pairings and standings of the event page show (every
    round, game, entrant and who submitted a list), read in one query of counts and sums: it
    changes with any of them, however written, and costs the same for 16 players as for 1,024.

    The ORM would spend more building this query than the database answering it (a page's
    time is mostly its queries' compilation), so it is written once, in SQL both databases
    read. Not in it: a game's match check (written only with its players, which are in it), a
    round's warnings (the page reads its round) and a player's club (set only before round 1,
    before any board is drawn)."""
    with connection.cursor() as cursor:
        cursor.execute(_version_sql(), [event.pk] * 7)
        return BoardVersion(*(int(n) for n in cursor.fetchone()))


@dataclass(frozen=True)
class DeskRow:
    entrant: Entrant
    submission: Submission | None

    @property
    def verdict(self) -> str:
        if self.submission is None:
            return "No list yet"
        if not self.submission.legal:
            return "Problems"
        if self.submission.review == Submission.PENDING:
            return "To review"
        return self.submission.get_review_display()

    @property
    def checked(self) -> str:
        """What the pack's check said of the list, whatever the organiser decided: "Legal,
        995 pts" or "2 problems"; a foreign roster's, by its builder only: "Checked by
        BattleScribe only, 995 pts" (we never say it is legal)."""
        if self.submission is None:
            return ""
        errors = sum(p["severity"] == "error" for p in self.submission.problems)
        if self.submission.foreign:
            said = plural(errors, "problem") if errors else f"{self.submission.points:,} pts"
            return f"Checked by {self.submission.builder} only, {said}"
        if errors:
            return plural(errors, "problem")
        return f"Legal, {self.submission.points:,} pts"

    @property
    def review(self) -> str:
        """Where the organiser's review of the list stands."""
        if self.submission is None:
            return "No list yet"
        if self.submission.review == Submission.PENDING:
            return "To review"
        return self.submission.get_review_display()

    def shown_by(self, show: str) -> bool:
        """Whether the desk's filter `show` keeps this row."""
        entrant, submission = self.entrant, self.submission
        return {
            "review": not entrant.dropped and submission is not None
            and submission.review == Submission.PENDING,
            "problems": not entrant.dropped and submission is not None and not submission.legal,
            "absent": not entrant.dropped and not entrant.checked_in,
            "dropped": entrant.dropped,
        }.get(show, True)  # fmt: skip


@dataclass(frozen=True)
class Desk:
    rows: tuple[DeskRow, ...]

    def shown(self, show: str) -> list[DeskRow]:
        return [row for row in self.rows if row.shown_by(show)]

    def counts(self) -> dict[str, int]:
        """How many rows each of the desk's filters keeps."""
        return {key: len(self.shown(key)) for key in DESK_FILTERS}

    @property
    def registered(self) -> int:
        return sum(not r.entrant.dropped for r in self.rows)

    @property
    def lists_in(self) -> int:
        return sum(r.submission is not None and not r.entrant.dropped for r in self.rows)

    @property
    def with_problems(self) -> int:
        return sum(
            r.submission is not None and not r.submission.legal and not r.entrant.dropped
            for r in self.rows
        )

    @property
    def checked_in(self) -> int:
        return sum(r.entrant.checked_in and not r.entrant.dropped for r in self.rows)


DESK_SORTS = {
    "player": lambda r: r.entrant.name.casefold(),
    "faction": lambda r: (r.submission.faction_name if r.submission else "~").casefold(),
    "points": lambda r: -(r.submission.points if r.submission else -1),
    "verdict": lambda r: r.verdict,
}


DESK_FILTERS = {
    "all": "Everyone",
    "review": "To review",
    "problems": "With problems",
    "absent": "Not checked in",
    "dropped": "Dropped",
}


def desk_of(*, event: Event, sort: str = "player") -> Desk:
    rows = [DeskRow(e, getattr(e, "submission", None)) for e in _desk_entrants(event)]
    rows.sort(key=DESK_SORTS.get(sort, DESK_SORTS["player"]))
    return Desk(tuple(rows))


def desk_row(*, event: Event, entrant_id: int) -> DeskRow:
    entrant = _desk_entrants(event).get(pk=entrant_id)
    return DeskRow(entrant, getattr(entrant, "submission", None))


def _desk_entrants(event: Event) -> QuerySet[Entrant]:
    return (
        event.entrants.select_related("player", "submission")
        .defer("submission__document")  # the desk shows a list's name and verdict, not its units
        .order_by("pk")
    )


def current_round(event: Event) -> Round | None:
    return event.round_set.order_by("-number").first()


def all_rounds_paired(event: Event, current: Round | None) -> bool:
    return current is not None and current.number >= event.rounds


def is_complete(event: Event, current: Round | None) -> bool:
    """Every round paired and every result of the last one confirmed (a bye needs none)."""
    if not all_rounds_paired(event, current):
        return False
    assert current is not None
    return not current.games.filter(second__isnull=False).exclude(status=Game.CONFIRMED).exists()


def games_of(round_: Round) -> QuerySet[Game]:
    return round_.games.select_related(
        "first__player", "second__player", "reported_by", "withdrawn_by"
    ).order_by("table", "pk")

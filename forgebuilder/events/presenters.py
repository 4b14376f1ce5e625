"""What event pages show, as plain values: templates only format them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Exists, OuterRef
from django.utils import timezone

from factions.catalog import catalog_for
from forgebuilder.engine.api import ListDocument
from forgebuilder.lists.api import evaluated_document, foreign, foreign_facts
from forgebuilder.rosters.api import roster_from_json

from . import selectors
from .data_version import checked_against, submission_catalog
from .models import Entrant, Event, Game, Submission
from .standings import TIEBREAKERS

PAGE_ROWS = 50  # pairings or standings drawn at a time: the page does not grow with the event


@dataclass(frozen=True)
class PageOf:
    """Which part of a long table a page shows, and the addresses of the parts around it."""

    number: int
    pages: int
    total: int
    first: int  # the first row shown, counted from 1 (0 when none)
    last: int
    param: str  # the query parameter naming the part
    find: str = ""

    def address(self, number: int) -> str:
        query = {"find": self.find} if self.find else {}
        return "?" + urlencode({**query, self.param: number}) + f"#{self.param}"

    @property
    def previous(self) -> str:
        return self.address(self.number - 1) if self.number > 1 else ""

    @property
    def next(self) -> str:
        return self.address(self.number + 1) if self.number < self.pages else ""


def page_of(total: int, asked: str, param: str, find: str = "") -> PageOf:
    """The part `asked` for (a page number as the query string gives it; the first when it is
    not one, the last when past it) of a table of `total` rows."""
    pages = max(1, -(-total // PAGE_ROWS))
    number = min(int(asked), pages) if asked.isdigit() and 0 < len(asked) < 7 else 1
    number = max(number, 1)
    first = (number - 1) * PAGE_ROWS
    return PageOf(number, pages, total, first + 1 if total else 0,
                  min(first + PAGE_ROWS, total), param, find)  # fmt: skip


def _names(event: Event, keys: set[str] | None = None) -> dict[str, Entrant]:
    """Each entrant by key (only those of `keys` when given), with `has_list`: whether they
    submitted one (never read here)."""
    entrants = event.entrants.select_related("player").annotate(
        has_list=Exists(Submission.objects.filter(entrant=OuterRef("pk")))
    )
    if keys is not None:
        entrants = entrants.filter(pk__in=[int(k) for k in keys])
    return {str(e.pk): e for e in entrants}


def standings_rows(event: Event) -> list[dict]:
    """Every row of the standings, ranked (shared ranks by name)."""
    ranked = ((row, "") for row in selectors.standings_of(event=event))
    return sorted(_rows(ranked, _names(event)), key=lambda r: (r["rank"], r["name"].casefold()))


def standings_page(
    event: Event, *, find: str, asked: str, version: selectors.BoardVersion
) -> tuple[list[dict], PageOf]:
    """One part of the standings (the players whose name holds `find`, when given): the
    standings are ranked once per `version` of the event, and a page reads only its rows."""
    if find:
        ranked = selectors.ranked(event=event, version=version)
        ranked = [r for r in ranked if find.casefold() in r[1].casefold()]
        part = page_of(len(ranked), asked, "standings", find)
        shown = ranked[part.first - 1 : part.last] if part.total else []
    else:
        part = page_of(version.entrants, asked, "standings")
        span = (part.first - 1, part.last)
        shown = selectors.ranked(event=event, version=version, part=span) if part.total else []
    return _rows(shown, _names(event, {row.key for row, _name in shown})), part


def _rows(ranked, entrants: dict[str, Entrant]) -> list[dict]:
    rows = []
    for row, _name in ranked:
        entrant = entrants[row.key]
        rows.append(
            {
                "rank": row.rank,
                "name": entrant.name,
                "club": entrant.club,
                "dropped": entrant.dropped,
                "points": row.points,
                "record": f"{row.wins}–{row.draws}–{row.losses}",
                "vp_diff": row.vp_diff,
                "sos": row.sos,
                "entrant": entrant,
                "has_list": entrant.has_list,
            }
        )
    return rows


def game_row(game: Game, user: AbstractBaseUser | AnonymousUser, organiser: bool) -> dict:
    """A pairing as a page shows it, with what this user may do with its result."""
    mine = game.side_of(user) is not None
    return {
        "game": game,
        "first": game.first.name,
        "second": game.second.name if game.second else None,
        "mine": mine,
        "may_enter": not game.bye and (organiser or (mine and game.status == Game.PAIRED)),
        "may_confirm": (mine and game.status == Game.REPORTED and game.reported_by_id != user.pk),
        # Either player takes back a result waiting for confirmation (to correct or reject it).
        "may_withdraw": mine and game.status == Game.REPORTED,
        "mine_entered": mine and game.status == Game.REPORTED and game.reported_by_id == user.pk,
        "result": f"{game.first_vp}–{game.second_vp}",
        "withdrawn": _withdrawn(game),
        "may_play": mine and not game.bye and game.status == Game.PAIRED,
        "status": _status(game),
    }


def _withdrawn(game: Game) -> str:
    """What a player sees of a result taken back before it was confirmed."""
    if game.status != Game.PAIRED or game.withdrawn_by is None:
        return ""
    who = game.withdrawn_by.get_username()
    return f"{game.first_vp}–{game.second_vp} was withdrawn by {who}"


def _status(game: Game) -> str:
    if game.bye:
        return "Bye"
    if game.status == Game.CONFIRMED:
        return f"{game.first_vp}–{game.second_vp}"
    if game.status == Game.REPORTED:
        return f"{game.first_vp}–{game.second_vp}, waiting for confirmation"
    return "Playing"


def event_page(
    event: Event,
    user: AbstractBaseUser | AnonymousUser,
    entrant: Entrant | None,
    board: Mapping[str, Any],
) -> dict:
    """The event page around its `board` (events/board.py: the round's pairings and the
    standings, drawn): the pack, the player's entry, what the organiser may do next."""
    organiser = selectors.is_organiser(event, user)
    current = board["round"]
    all_paired = current is not None and current.number >= event.rounds
    return {
        **board,
        "event": event,
        "organiser": organiser,
        "entrant": entrant,
        "submission": getattr(entrant, "submission", None) if entrant else None,
        "next_round": (current.number if current else 0) + 1,
        "all_paired": all_paired,
        # every round paired and every result of the last one confirmed (a bye needs none)
        "complete": all_paired and not board["results_to_come"],
        "registration_open": current is None,
        "lists_open": timezone.now() < event.list_deadline,
        "lists_revealed": selectors.lists_revealed(event),
        "factions": _faction_names(event),
        "checked_against": checked_against(event),
        "tiebreakers": [TIEBREAKERS[t] for t in event.scoring.tiebreakers],
    }


def _faction_names(event: Event) -> list[str]:
    if not event.hosted:
        return []
    catalog = catalog_for(event.module)
    return [catalog.faction_name(k) for k in event.factions]


def _points(costs: tuple[foreign.Cost, ...]) -> str:
    cost = foreign_facts.points_cost(costs)
    return foreign_facts.number(cost.value) if cost is not None else "–"


def list_view(event: Event, submission: Submission) -> dict:
    """A submitted list: its units with their points, and the pack's verdict."""
    if submission.foreign:
        roster = roster_from_json(submission.document)
        units = [
            (u.custom_name or u.name, _points(foreign_facts.unit_cost(u))) for u in roster.units()
        ]
        return {"submission": submission, "units": units, "problems": submission.problems}
    document = ListDocument.model_validate(submission.document)
    catalog = submission_catalog(event, submission)  # the data it was checked with
    roster, _report = evaluated_document(document=document, catalog=catalog)
    return {
        "submission": submission,
        "units": [(u.name, u.points) for u in roster.units],
        "problems": submission.problems,
    }

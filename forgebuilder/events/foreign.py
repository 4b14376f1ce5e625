"""A foreign roster through an event of a game not hosted here (Event.module is None).

Its verdict is its builder's own (what the builder marked as breaking the game's rules, the
totals its selections do not add up to) and the one thing we can check honestly, its points
against the event's limit; it never pretends to have checked rules we do not host. Plain
Python over the reader's dataclass tree.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from forgebuilder.lists.api import foreign, foreign_facts

from .models import Event
from .pack import problem

CHECKED_BY_BUILDER = "event_checked_by_builder"
BUILDER_ERROR = "event_builder_error"
COST_MISMATCH = "event_cost_mismatch"
OVER_LIMIT = "event_over_limit"


@dataclass(frozen=True)
class RosterVerdict:
    """What the event says of one foreign roster (the fields a submission keeps)."""

    name: str
    builder: str
    faction_name: str
    points: int
    problems: tuple[dict, ...]


def checked_by(builder: str) -> str:
    return f"Checked by {builder or 'its builder'} only"


def roster_verdict(*, event: Event, roster: foreign.ForeignRoster) -> RosterVerdict:
    builder = roster.builder or "its builder"
    fix = f"Fix it in {builder}, keep the roster again and submit it again."
    problems = [
        problem(
            CHECKED_BY_BUILDER,
            f"{checked_by(builder)}: {event.game} is not hosted here, so its rules are not "
            "checked here.",
            severity="info",
        ),
        *(problem(BUILDER_ERROR, f"{_sentence(error)}.", fix) for error in roster.builder_errors()),
        *(problem(COST_MISMATCH, f"{_sentence(m)}.", fix) for m in roster.cost_mismatches()),
    ]
    points = foreign_facts.points_total(roster)
    if points > event.points_limit:
        over = foreign_facts.number(points - event.points_limit)
        problems.append(
            problem(
                OVER_LIMIT,
                f"{foreign_facts.number(points)} pts is over {event.name}'s limit of "
                f"{event.points_limit} pts.",
                f"Cut {over} pts in {builder}.",
            )
        )
    return RosterVerdict(
        name=(roster.name or "Unnamed roster")[:120],
        builder=roster.builder[:40],
        faction_name=_faction(roster)[:120],
        points=int(points.quantize(Decimal(1), rounding=ROUND_HALF_UP)),
        problems=tuple(problems),
    )


def _faction(roster: foreign.ForeignRoster) -> str:
    """The roster's army as its builder names it: its forces' catalogues, else its game."""
    names = dict.fromkeys(f.catalogue_name for f in roster.all_forces() if f.catalogue_name)
    return " + ".join(names) or roster.game_system_name or "an unnamed game"


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]

"""What a foreign roster (a BattleScribe or New Recruit roster of a game not hosted here) holds,
counted as its builder counts it: its units, its models and its points total.

Plain Python over `battlescribe.ForeignRoster`; nothing here checks the game's rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from forgebuilder.lists.importers.battlescribe import Cost, ForeignRoster, Selection

#: The names builders give a game's points, in the order a total is looked for.
POINTS_NAMES = ("pts", "points", "point")


def unit_models(unit: Selection) -> int:
    """The models a unit fields: a model is itself (times its number); a unit counts the models
    chosen in it, or is one model when it names none (a war machine, a single-model unit)."""
    if unit.type == "model":
        return unit.number
    inside = sum(s.number for s in unit.walk() if s.type == "model" and s is not unit)
    return inside or unit.number


def model_count(roster: ForeignRoster) -> int:
    return sum(unit_models(unit) for unit in roster.units())


def points_cost(costs: tuple[Cost, ...]) -> Cost | None:
    """The cost the game calls its points, else its first cost, else None."""
    named = {cost.name.strip().lower(): cost for cost in costs}
    for name in POINTS_NAMES:
        if name in named:
            return named[name]
    return costs[0] if costs else None


def points_total(roster: ForeignRoster) -> Decimal:
    """The roster's own recorded points total (its selections' sum when it records none)."""
    recorded = points_cost(roster.costs)
    if recorded is not None:
        return recorded.value
    summed = roster.selection_totals()
    chosen = points_cost(tuple(Cost(name, value) for name, value in summed.items()))
    return chosen.value if chosen is not None else Decimal(0)


def points_limit(roster: ForeignRoster) -> Decimal | None:
    limit = points_cost(roster.cost_limits)
    return limit.value if limit is not None else None


def number(value: Decimal) -> str:
    """A cost as players write it: 625, 12.5 (never 625.0 nor 6.25E+2)."""
    return f"{value.normalize():f}"


def unit_cost(unit: Selection) -> tuple[Cost, ...]:
    """What a unit costs, its selections under it included, cost by cost in its own order."""
    totals: dict[str, Decimal] = {}
    for selection in unit.walk():
        for cost in selection.costs:
            totals[cost.name] = totals.get(cost.name, Decimal(0)) + cost.value
    return tuple(Cost(name, value) for name, value in totals.items())


@dataclass(frozen=True)
class ForeignPreview:
    """What the import page says it read before the player keeps a foreign roster."""

    name: str
    game: str
    builder: str
    forces: int
    units: int
    models: int
    points: str
    points_limit: str | None
    errors: tuple[str, ...]


def preview(roster: ForeignRoster) -> ForeignPreview:
    limit = points_limit(roster)
    return ForeignPreview(
        name=roster.name or "Unnamed roster",
        game=roster.game_system_name or "an unnamed game",
        builder=roster.builder,
        forces=len(roster.all_forces()),
        units=len(roster.units()),
        models=model_count(roster),
        points=number(points_total(roster)),
        points_limit=number(limit) if limit is not None else None,
        errors=(*roster.builder_errors(), *roster.cost_mismatches()),
    )

"""Evaluate a roster with its ruleset's checks; compare lists for a match."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from forgebuilder.engine.extensions import extensions
from forgebuilder.engine.rules.base import (
    Reference,
    Report,
    SlotStatus,
    Total,
    UnitProgress,
    Violation,
)
from forgebuilder.engine.rules.registry import checks
from forgebuilder.engine.rules.roster import Roster
from forgebuilder.refused import Refused


def evaluate(roster: Roster) -> Report:
    """Every total and every violation of `roster` under its ruleset (casual: only the checks
    marked casual report violations; every total and note is still shown)."""
    from forgebuilder.engine.rules import systems  # noqa: F401  (registers the rulesets' checks)

    shown = roster
    roster = roster.in_play()  # dead and disbanded campaign units count for nothing
    totals: list[Total] = []
    violations: list[Violation] = []
    facts: dict[str, list[str]] = {}
    notes: list[tuple[str, tuple[tuple[str, str], ...]]] = []
    references: list[tuple[str, tuple[Reference, ...]]] = []
    slots: dict[str, list[SlotStatus]] = {}
    for check in (*checks.for_ruleset(roster.catalog.ruleset.key), *extensions.checks()):
        # casual games stop enforcing the rules, not showing them: SP income, legends...
        totals.extend(check.totals(roster))
        if check.casual or not roster.casual:
            violations.extend(check.check(roster))
        for unit_id, fact in check.facts(roster):
            facts.setdefault(unit_id, []).append(fact)
        notes.extend(check.notes(roster))
        references.extend(check.references(roster))
        for force_id, slot in check.slots(roster):
            slots.setdefault(force_id, []).append(slot)
    violations.sort(key=lambda v: v.severity != "error")
    return Report(
        totals=tuple(totals),
        violations=tuple(violations),
        unit_points={u.id: u.points for u in shown.units},
        unit_facts={k: tuple(v) for k, v in facts.items()},
        notes=tuple(notes),
        references=tuple(references),
        slots={k: tuple(v) for k, v in slots.items()},
        unit_factions={u.id: u.faction_key for u in shown.units},
        unit_progress=_unit_progress(shown),
    )


def _unit_progress(roster: Roster) -> dict[str, UnitProgress]:
    """Each unit's progress as the wings measure it (dead and disbanded units keep theirs)."""
    found = ((u.id, extensions.unit_progress(u, roster.catalog)) for u in roster.document.units)
    return {unit_id: progress for unit_id, progress in found if progress is not None}


@dataclass(frozen=True)
class MatchSide:
    name: str
    points: int
    underdog_points: int


@dataclass(frozen=True)
class MatchReport:
    sides: tuple[MatchSide, ...]
    violations: tuple[Violation, ...]

    @property
    def legal(self) -> bool:
        return not any(v.severity == "error" for v in self.violations)

    def to_json(self) -> dict[str, Any]:
        return {
            "legal": self.legal,
            "sides": [s.__dict__ for s in self.sides],
            "violations": [v.to_json() for v in self.violations],
        }


class MatchError(Refused, ValueError):
    """The lists cannot be compared: too few, of a ruleset without match checks, or of
    different modules."""

    code = "lists-not-comparable"


def match_check(rosters: list[Roster]) -> MatchReport:
    """Checks between the armies of one match (Grimdark): size gap and underdog points.

    No army may be more than `army_size_gap` points above the smallest; each army earns one
    underdog point per full `underdog_points_per` points below the largest. Only rulesets that
    define a match check have one, and only lists of one module are compared (MatchError).
    """
    if len(rosters) < 2:
        raise MatchError("A match check needs at least two lists.", "Add the opponent's list.")
    modules = {r.catalog.slug for r in rosters}
    if len(modules) > 1:
        raise MatchError(
            "A match check compares lists of one game module; these lists use "
            + ", ".join(sorted(modules))
            + ".",
            "Compare lists built with the same game module.",
        )
    ruleset = rosters[0].ruleset
    if not ruleset.match_check:
        raise MatchError(
            f"{ruleset.name} defines no match check between armies; only its lists' own checks "
            "apply.",
            "Check each list on its own (POST /api/validate).",
        )
    params = rosters[0].params
    gap = params.army_size_gap
    per = params.underdog_points_per
    points = [r.points for r in rosters]
    smallest, largest = min(points), max(points)
    sides = tuple(
        MatchSide(r.document.name, p, (largest - p) // per)
        for r, p in zip(rosters, points, strict=True)
    )
    violations = []
    for side in sides:
        if side.points - smallest > gap:
            violations.append(
                Violation(
                    "army-size-gap",
                    "error",
                    f"{side.name} has {side.points} points, {side.points - smallest} more than the "
                    f"smallest army ({smallest}); the limit is {gap} above the smallest.",
                    hint=f"Bring {side.name} down to {smallest + gap} points or less.",
                )
            )
    return MatchReport(sides, tuple(violations))

"""What a roster carries to the table besides legality: stratagems and strategies with their
text, each unit's shock limit or hit points, the cohesion distances of Teams and Bands."""

from __future__ import annotations

from collections.abc import Iterator

from factions.gamedata.schemas import StrategySpec
from forgebuilder.engine.rules.base import Check, Reference, plural
from forgebuilder.engine.rules.roster import Roster, RosterUnit


class Stratagems(Check):
    """Grimdark: the universal doctrine's stratagems and those of the chosen doctrine."""

    code = "stratagems"
    description = (
        "Lists the stratagems the army may spend command points on: the universal doctrine's "
        "and the chosen doctrine's, with their cost and text."
    )
    casual = True

    def references(self, roster: Roster) -> Iterator[tuple[str, tuple[Reference, ...]]]:
        doctrines = roster.catalog.spec.doctrines
        chosen = roster.document.doctrine
        open_to = {k for k, d in doctrines.items() if d.universal} | ({chosen} if chosen else set())
        rows = []
        for strategy in roster.catalog.strategies(roster.faction_key).values():
            if strategy.doctrine is not None and strategy.doctrine not in open_to:
                continue
            doctrine = doctrines.get(strategy.doctrine or "")
            rows.append(
                Reference(
                    strategy.name,
                    strategy.description,
                    cost=_cost(strategy, "CP"),
                    note=" · ".join(
                        part
                        for part in (doctrine.name if doctrine else "", _phase(strategy))
                        if part
                    ),
                )
            )
        # the universal doctrine's first, then the chosen one's, each in the module's order
        rows.sort(key=lambda r: 0 if _universal(roster, r) else 1)
        if rows:
            yield ("Stratagems", tuple(rows))


def _universal(roster: Roster, reference: Reference) -> bool:
    doctrines = roster.catalog.spec.doctrines
    names = {d.name for d in doctrines.values() if d.universal}
    return reference.note.split(" · ")[0] in names


def _cost(strategy: StrategySpec, unit: str) -> str:
    if strategy.cost_note:
        return f"{strategy.cost_note} {unit}"
    return f"{strategy.cost} {unit}" if strategy.cost is not None else ""


def shock_limit(courage: int) -> int:
    """The most Shock a unit may be given from bids: it must stay below half its Courage."""
    return max((courage - 1) // 2, 0)


class ShockLimit(Check):
    code = "shock-limit"
    description = (
        "Each unit's shock limit: Shock assigned from bids keeps it below half its Courage; a "
        "break test comes at Shock equal to its Courage."
    )
    casual = True

    def facts(self, roster: Roster) -> Iterator[tuple[str, str]]:
        for unit in roster.units:
            courage = _lowest(roster, unit, "courage")
            if courage is not None:
                yield (
                    unit.id,
                    (
                        f"Shock limit {shock_limit(courage)} (below half Courage {courage}), "
                        f"break test at {courage}"
                    ),
                )


def _lowest(roster: Roster, unit: RosterUnit, stat: str) -> int | None:
    """The lowest `stat` among the unit's models, those that options add included."""
    sheet = unit.datasheet
    if sheet is None:
        return None
    stats = [m.stats for m in sheet.models if unit.count_of(m.id)]
    for key, n in unit.added_models:
        template = roster.catalog.model_template(unit.faction_key, key)
        if template is not None and n:
            stats.append(template.stats)
    values = [value for s in stats if isinstance(value := s.get(stat), int)]
    return min(values) if values else None


class SquadHitPoints(Check):
    code = "squad-hit-points"
    description = "Each squad's total hit points: every model's Hit Points, added models included."
    casual = True

    def facts(self, roster: Roster) -> Iterator[tuple[str, str]]:
        for unit, sheet in roster.with_datasheets():
            points = sum(
                unit.count_of(m.id) * (m.stats.get("hit_points") or 0) for m in sheet.models
            )
            for key, n in unit.added_models:
                template = roster.catalog.model_template(unit.faction_key, key)
                hp = template.stats.get("hit_points") if template else None
                points += n * (hp if isinstance(hp, int) else 0)
            yield unit.id, f"{plural(points, 'hit point')} in all"


class Cohesion(Check):
    code = "cohesion"
    description = (
        "Prints the cohesion distances of Teams (members within N inches of their Leader) and "
        "Bands (each model within N inches of another), from the module's parameters."
    )
    casual = True

    def references(self, roster: Roster) -> Iterator[tuple[str, tuple[Reference, ...]]]:
        p = roster.params
        kinds = {u.datasheet.unit_type for u in roster.units if u.datasheet}
        rows = []
        if "team" in kinds:
            rows.append(
                Reference(
                    "Team",
                    f"Every member stays within {p.team_cohesion_inches}\u2033 of the Team Leader "
                    "at all times.",
                    note=f"{p.team_cohesion_inches}\u2033",
                )
            )
        if "band" in kinds:
            rows.append(
                Reference(
                    "Band",
                    f"Every model stays within {p.band_cohesion_inches}\u2033 of another model of "
                    f"the Band, with no gap wider than {p.band_cohesion_inches}\u2033.",
                    note=f"{p.band_cohesion_inches}\u2033",
                )
            )
        if rows:
            yield ("Cohesion", tuple(rows))


def _phase(strategy: StrategySpec) -> str:
    """When a strategy is used, in words: `pre_game` reads "pre game"."""
    return (strategy.phase or "").replace("_", " ")

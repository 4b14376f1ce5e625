"""Army composition limits a module sets as data (`CompositionLimits`): heroes, copies of one
datasheet, the share of the limit one unit may cost, and units, each per block of the points
limit. A module that leaves a figure empty has no such limit; casual lists are not held to any.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..base import Check, Total, Violation, plural
from ..roster import Roster, RosterUnit, every_loadout


def per_block(points_limit: int, per: int) -> int:
    """How many full blocks of `per` points a limit holds: 749 // 375 = 1, 750 // 375 = 2."""
    return points_limit // per


def copies_allowed(points_limit: int, per: int) -> int:
    """Copies of one datasheet: 1 + 1 per full `per` points (749: 1, 750: 2, 1500: 3)."""
    return 1 + per_block(points_limit, per)


def share_cap(points_limit: int, percent: int) -> int:
    """The most one unit may cost: `percent` of the limit, rounded down (35% of 1000 = 350)."""
    return points_limit * percent // 100


def is_hero(roster: Roster, unit: RosterUnit) -> bool:
    """A unit is a hero when one of its models, those options add included, has the hero rule."""
    rule = roster.params.composition_hero_rule
    return any(
        ref.id == rule
        for lo in every_loadout(unit, roster.catalog)
        if lo.count
        for ref, _ in lo.rules
    )


def _limit(roster: Roster) -> str:
    return f"a {roster.points_limit:,}-point list"


class HeroLimit(Check):
    code = "too-many-heroes"
    description = "A list fields at most one hero per full N points of its limit."

    def totals(self, roster: Roster) -> Iterator[Total]:
        per = roster.params.heroes_per_points
        if per is not None:
            heroes = sum(is_hero(roster, u) for u in roster.units)
            yield Total("heroes", "Heroes", heroes, per_block(roster.points_limit, per))

    def check(self, roster: Roster) -> Iterator[Violation]:
        per = roster.params.heroes_per_points
        if per is None:
            return
        heroes = [u for u in roster.units if is_hero(roster, u)]
        allowed = per_block(roster.points_limit, per)
        if len(heroes) > allowed:
            yield self.error(
                f"The list has {plural(len(heroes), 'hero', 'heroes')}; {_limit(roster)} may "
                f"field {allowed} (one per full {per} points).",
                hint=f"Remove {plural(len(heroes) - allowed, 'hero', 'heroes')}, or raise the "
                f"points limit to {(len(heroes)) * per:,}.",
                units=[u.id for u in heroes],
            )


class CopyLimit(Check):
    code = "too-many-copies"
    description = "A list fields at most 1 + 1 per full N points of its limit of one datasheet."

    def check(self, roster: Roster) -> Iterator[Violation]:
        per = roster.params.copies_per_points
        if per is None:
            return
        allowed = copies_allowed(roster.points_limit, per)
        by_sheet: dict[tuple[str, str], list[RosterUnit]] = {}
        names: dict[tuple[str, str], str] = {}
        for unit in roster.units:
            if unit.datasheet is not None:
                key = (unit.faction_key, unit.datasheet_key)
                by_sheet.setdefault(key, []).append(unit)
                names[key] = unit.datasheet.name
        for key, copies in by_sheet.items():
            if len(copies) > allowed:
                name = names[key]
                yield self.error(
                    f"The list fields {name} {len(copies)} times; {_limit(roster)} may field "
                    f"{allowed} copies of one datasheet (1 + 1 per full {per} points).",
                    hint=f"Remove {plural(len(copies) - allowed, 'copy', 'copies')} of {name}.",
                    units=[u.id for u in copies],
                )


class UnitShareLimit(Check):
    code = "unit-over-share"
    description = "No unit may cost more than N% of the list's points limit."

    def check(self, roster: Roster) -> Iterator[Violation]:
        percent = roster.params.unit_max_share
        if percent is None:
            return
        cap = share_cap(roster.points_limit, percent)
        for unit in roster.units:
            # exactly `percent` of the limit is allowed: 350 of 1000 at 35%, not 351
            if unit.points * 100 > percent * roster.points_limit:
                yield self.error(
                    f"{unit.name} costs {unit.points} points, more than {percent}% of the "
                    f"{roster.points_limit:,}-point limit ({cap}).",
                    hint=f"Bring {unit.name} down to {cap} points or less.",
                    units=(unit.id,),
                )


class UnitCountLimit(Check):
    code = "too-many-units"
    description = "A list fields at most one unit per full N points of its limit."

    def check(self, roster: Roster) -> Iterator[Violation]:
        per = roster.params.units_per_points
        if per is None:
            return
        allowed = per_block(roster.points_limit, per)
        if len(roster.units) > allowed:
            yield self.error(
                f"The list has {plural(len(roster.units), 'unit')}; {_limit(roster)} may field "
                f"{allowed} (one per full {per} points).",
                hint=f"Remove {plural(len(roster.units) - allowed, 'unit')}, or raise the "
                f"points limit to {len(roster.units) * per:,}.",
            )


COMPOSITION_LIMITS = (HeroLimit(), CopyLimit(), UnitShareLimit(), UnitCountLimit())

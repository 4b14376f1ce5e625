"""Army composition limits a module sets as data (`CompositionLimits`): heroes, copies of one
datasheet, the share of the limit one unit may cost, and units, each per block of the points
limit. A module that leaves a figure empty has no such limit; casual lists are not held to any.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

from forgebuilder.engine.rules.base import Check, Total, Violation, plural
from forgebuilder.engine.rules.loadouts import every_loadout
from forgebuilder.engine.rules.roster import Roster, RosterUnit


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


class CountLimit(Check):
    """A limit of one shape: count something on the list, allow so many of it from the points
    limit and a module parameter `per` (None: no such limit), and report each group over."""

    param: ClassVar[str]  # the module parameter holding `per`

    def allowed(self, points_limit: int, per: int) -> int:
        return per_block(points_limit, per)

    def counted(self, roster: Roster) -> Iterator[tuple[str, list[RosterUnit]]]:
        """(name, units) of each group the limit counts."""
        raise NotImplementedError

    def over(
        self, roster: Roster, name: str, units: list[RosterUnit], allowed: int, per: int
    ) -> Violation:
        """The violation of a group of `units` over `allowed`."""
        raise NotImplementedError

    def check(self, roster: Roster) -> Iterator[Violation]:
        per = getattr(roster.params, self.param)
        if per is None:
            return
        allowed = self.allowed(roster.points_limit, per)
        for name, units in self.counted(roster):
            if len(units) > allowed:
                yield self.over(roster, name, units, allowed, per)


class HeroLimit(CountLimit):
    code = "too-many-heroes"
    description = "A list fields at most one hero per full N points of its limit."
    param = "heroes_per_points"

    def totals(self, roster: Roster) -> Iterator[Total]:
        per = roster.params.heroes_per_points
        if per is not None:
            heroes = sum(is_hero(roster, u) for u in roster.units)
            yield Total("heroes", "Heroes", heroes, self.allowed(roster.points_limit, per))

    def counted(self, roster: Roster) -> Iterator[tuple[str, list[RosterUnit]]]:
        yield "heroes", [u for u in roster.units if is_hero(roster, u)]

    def over(
        self, roster: Roster, name: str, units: list[RosterUnit], allowed: int, per: int
    ) -> Violation:
        n = len(units)
        return self.error(
            f"The list has {plural(n, 'hero', 'heroes')}; {_limit(roster)} may "
            f"field {allowed} (one per full {per} points).",
            hint=f"Remove {plural(n - allowed, 'hero', 'heroes')}",
            or_raise=f"raise the points limit to {n * per:,}",
            units=[u.id for u in units],
        )


class CopyLimit(CountLimit):
    code = "too-many-copies"
    description = "A list fields at most 1 + 1 per full N points of its limit of one datasheet."
    param = "copies_per_points"

    def allowed(self, points_limit: int, per: int) -> int:
        return copies_allowed(points_limit, per)

    def counted(self, roster: Roster) -> Iterator[tuple[str, list[RosterUnit]]]:
        by_sheet: dict[tuple[str, str], list[RosterUnit]] = {}
        names: dict[tuple[str, str], str] = {}
        for unit in roster.units:
            if unit.datasheet is not None:
                key = (unit.faction_key, unit.datasheet_key)
                by_sheet.setdefault(key, []).append(unit)
                names[key] = unit.datasheet.name
        for key, copies in by_sheet.items():
            yield names[key], copies

    def over(
        self, roster: Roster, name: str, units: list[RosterUnit], allowed: int, per: int
    ) -> Violation:
        return self.error(
            f"The list fields {name} {len(units)} times; {_limit(roster)} may field "
            f"{allowed} copies of one datasheet (1 + 1 per full {per} points).",
            hint=f"Remove {plural(len(units) - allowed, 'copy', 'copies')} of {name}.",
            units=[u.id for u in units],
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


class UnitCountLimit(CountLimit):
    code = "too-many-units"
    description = "A list fields at most one unit per full N points of its limit."
    param = "units_per_points"

    def counted(self, roster: Roster) -> Iterator[tuple[str, list[RosterUnit]]]:
        yield "units", list(roster.units)

    def over(
        self, roster: Roster, name: str, units: list[RosterUnit], allowed: int, per: int
    ) -> Violation:
        n = len(units)
        return self.error(
            f"The list has {plural(n, 'unit')}; {_limit(roster)} may field "
            f"{allowed} (one per full {per} points).",
            hint=f"Remove {plural(n - allowed, 'unit')}",
            or_raise=f"raise the points limit to {n * per:,}",
        )


COMPOSITION_LIMITS = (HeroLimit(), CopyLimit(), UnitShareLimit(), UnitCountLimit())

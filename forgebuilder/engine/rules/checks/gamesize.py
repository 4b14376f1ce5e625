"""Grimdark command points and doctrines; module version drift."""

from __future__ import annotations

from collections.abc import Iterator

from factions.rulesets.grimdark import GrimdarkParameters
from forgebuilder.engine.rules.base import Check, Total, Violation
from forgebuilder.engine.rules.roster import Roster


def command_points(points: int, params: GrimdarkParameters) -> int:
    """Command points of an army of `points`: `command_points` per `command_points_per` points
    of the list's total, pro rata and rounded down (4 per 1000: 7 at 1,999 points, 3 at 945).

    The seed gives "4 Command Points per 1000pts in their army list": a rate over the points the
    list spends. The totals, the token sheet and the roster all use this one function.
    """
    return points * params.command_points // params.command_points_per


def _exact(numerator: int, denominator: int) -> str:
    if numerator % denominator == 0:
        return str(numerator // denominator)
    return f"{numerator / denominator:g}, rounded down"


class CommandPoints(Check):
    code = "command-points"
    description = (
        "Command points: N per block of points the list spends, pro rata and rounded down "
        "(4 per 1000: one per full 250 points)."
    )
    casual = True

    def totals(self, roster: Roster) -> Iterator[Total]:
        p = roster.params
        value = command_points(roster.points, p)
        yield Total(
            "command_points", "Command points", value,
            detail=f"{roster.points} pts × {p.command_points} ÷ {p.command_points_per} = "
            + _exact(roster.points * p.command_points, p.command_points_per),
            about=f"{p.command_points} per {p.command_points_per} points the list spends, "
            "rounded down.",
        )  # fmt: skip


class Doctrine(Check):
    code = "doctrine"
    description = "Besides the universal doctrine, a list picks one doctrine before the game."

    def totals(self, roster: Roster) -> Iterator[Total]:
        doctrines = roster.catalog.spec.doctrines
        chosen = doctrines.get(roster.document.doctrine or "")
        universal = [d.name for d in doctrines.values() if d.universal]
        names = universal + ([chosen.name] if chosen else [])
        yield Total(
            "doctrines", "Doctrines", len(names), detail=" + ".join(names) or "none",
            about=f"The doctrines the list plays: {' + '.join(names) or 'none yet'}.",
        )  # fmt: skip

    def check(self, roster: Roster) -> Iterator[Violation]:
        doctrines = roster.catalog.spec.doctrines
        key = roster.document.doctrine
        if key is None:
            choices = [d for d in doctrines.values() if not d.universal]
            if choices and roster.params.doctrine_required:
                yield self.warning(
                    "No doctrine is chosen; besides the universal one, pick one before the game.",
                    hint="Choose a doctrine: " + ", ".join(d.name for d in choices) + ".",
                    code="doctrine-missing",
                )
            return
        doctrine = doctrines.get(key)
        if doctrine is None:
            yield self.error(f"The module has no doctrine '{key}'.", code="unknown-doctrine")
        elif doctrine.universal:
            yield self.error(
                f"{doctrine.name} is the universal doctrine every list has; pick another.",
                code="doctrine-universal",
            )


class ModuleVersion(Check):
    code = "module-version"
    description = "Warns when the module changed version since the list was built."
    casual = True

    def check(self, roster: Roster) -> Iterator[Violation]:
        built = roster.document.module_version
        now = roster.catalog.spec.version
        if built and built != now:
            yield self.warning(
                f"This list was built with {roster.catalog.spec.name} {built}; the module is now "
                f"version {now}, whose points and rules apply.",
                hint="Check the units whose datasheets changed.",
            )

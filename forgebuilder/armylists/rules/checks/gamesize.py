"""Grimdark command points and doctrines; module version drift."""

from __future__ import annotations

from collections.abc import Iterator

from ..base import Check, Total, Violation
from ..roster import Roster


class CommandPoints(Check):
    code = "command-points"
    description = "Command points: N per full block of points in the list (4 per 1000 by default)."
    casual = True

    def totals(self, roster: Roster) -> Iterator[Total]:
        p = roster.params
        value = p.command_points * (roster.points // p.command_points_per)
        yield Total(
            "command_points", "Command points", value,
            detail=f"{p.command_points} per full {p.command_points_per} points",
        )  # fmt: skip


class Doctrine(Check):
    code = "doctrine"
    description = "Besides the universal doctrine, a list picks one doctrine before the game."

    def totals(self, roster: Roster) -> Iterator[Total]:
        doctrines = roster.catalog.spec.doctrines
        chosen = doctrines.get(roster.document.doctrine or "")
        universal = [d.name for d in doctrines.values() if d.universal]
        names = universal + ([chosen.name] if chosen else [])
        yield Total("doctrines", "Doctrines", len(names), detail=" + ".join(names) or "none")

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

"""Faction membership: every unit of a list is of the list's faction or of an allowed ally."""

from __future__ import annotations

from collections.abc import Iterator

from forgebuilder.engine.rules.base import Check, Violation
from forgebuilder.engine.rules.checks.forces import ally_problem
from forgebuilder.engine.rules.roster import Roster


class FactionMembership(Check):
    """For rulesets without force organizations, where units name their faction themselves.

    Battle Forge places allies in force organizations of their own (see `Allies`); the other
    rulesets take a unit of another faction only when the module's alliances allow it.
    """

    code = "unit-faction"
    description = (
        "Every unit belongs to the list's faction, or to a faction the module's alliances let "
        "it ally with."
    )

    def check(self, roster: Roster) -> Iterator[Violation]:
        catalog = roster.catalog
        primary = catalog.alliance(roster.faction_key)
        primary_name = roster.faction.name if roster.faction else roster.faction_key
        by_faction: dict[str, list[str]] = {}
        for unit in roster.units:
            if unit.faction_key != roster.faction_key:
                by_faction.setdefault(unit.faction_key, []).append(unit.id)
        for faction_key, ids in by_faction.items():
            faction = catalog.faction(faction_key)
            if faction is None:
                continue  # reported as an unknown faction or datasheet
            problem = ally_problem(
                primary, catalog.alliance(faction_key), primary_name, faction.name
            )
            if problem is None:
                continue
            message, _ = problem
            names = ", ".join(u.name for i in ids if (u := roster.unit(i)) is not None)
            yield self.error(
                f"{names}: {faction.name} units in a {primary_name} list. {message}",
                hint=f"Remove the {faction.name} units, or build a {faction.name} list.",
                units=tuple(ids),
            )

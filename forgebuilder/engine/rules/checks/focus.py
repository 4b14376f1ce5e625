"""Focuses: which units a focus forbids or alone allows (the strategies a focus unlocks are in
strategies.py)."""

from __future__ import annotations

from collections.abc import Iterator

from forgebuilder.engine.rules.base import Check, Violation
from forgebuilder.engine.rules.roster import Roster, available_under_focus


class FocusUnits(Check):
    code = "focus-unit"
    description = (
        "A restricted focus forbids the units it does not name; a unit that names focuses may "
        "only be taken with one of them. Each force has its own focus, allied ones included."
    )

    def check(self, roster: Roster) -> Iterator[Violation]:
        # every unit answers to its own force's focus, allied forces included
        for unit, sheet in roster.with_datasheets():
            if available_under_focus(sheet.focuses, roster, unit.focus_key, unit.faction_key):
                continue
            focuses = roster.catalog.focuses(unit.faction_key)
            allowed = [f.name for k, f in focuses.items() if k in sheet.focuses]
            focus = roster.focus_of(unit)
            # the focus is chosen on the unit's force: name it and lead there
            force = roster.force(unit.force_id)
            where = f" for '{force.label}'" if force is not None else ""
            forces = (force.id,) if force is not None else ()
            if focus is not None and focus.restricted:
                yield self.error(
                    f"The {focus.name} focus does not allow {unit.name}.",
                    hint=f"Remove the unit, or pick another focus{where}.",
                    units=(unit.id,),
                    forces=forces,
                    code="focus-forbids-unit",
                )
            else:
                only = " or ".join(allowed) or "another"
                yield self.error(
                    f"Only the {only} focus may take {unit.name}.",
                    hint=f"Choose the {only} focus{where}, or remove the unit.",
                    units=(unit.id,),
                    forces=forces,
                    code="focus-only-unit",
                )

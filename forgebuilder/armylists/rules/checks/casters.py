"""Casters pick one power specialty before the game (powers with none are open to every caster)."""

from __future__ import annotations

from collections.abc import Iterator

from ..base import Check, Violation
from ..roster import Roster, RosterUnit, available_under_focus, unit_loadout


def is_caster(roster: Roster, unit: RosterUnit) -> bool:
    rule = roster.params.caster_rule
    if not rule:
        return False
    return any(ref.id == rule for lo in unit_loadout(unit) for ref, _ in lo.rules)


class CasterSpecialty(Check):
    code = "caster-specialty"
    description = "A caster picks exactly one power specialty available to its faction."

    def check(self, roster: Roster) -> Iterator[Violation]:
        for unit in roster.units:
            if unit.datasheet is None:
                continue
            specialties = roster.catalog.power_specialties(unit.faction_key)
            caster = is_caster(roster, unit)
            if unit.specialty is None:
                if caster and specialties:
                    yield self.warning(
                        f"{unit.name} is a caster without a power specialty; it can only use powers "
                        "open to every caster.",
                        hint="Pick one specialty for it.",
                        units=(unit.id,),
                        code="caster-no-specialty",
                    )
                continue
            if not caster:
                yield self.error(
                    f"{unit.name} is not a caster, so it cannot pick a power specialty.",
                    hint="Clear its specialty.",
                    units=(unit.id,),
                    code="specialty-not-caster",
                )
                continue
            specialty = specialties.get(unit.specialty)
            if specialty is None:
                yield self.error(
                    f"{unit.name} picks the specialty '{unit.specialty}', which its faction "
                    "does not have.",
                    hint="Pick one of the faction's specialties.",
                    units=(unit.id,),
                    code="unknown-specialty",
                )
            elif not available_under_focus(specialty.focuses, roster, unit.focus_key):
                yield self.error(
                    f"{unit.name} picks {specialty.name}, which is not available with this focus.",
                    hint="Pick another specialty.",
                    units=(unit.id,),
                    code="specialty-focus",
                )

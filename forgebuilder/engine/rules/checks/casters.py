"""Casters pick one power specialty before the game (powers with none are open to every caster)."""

from __future__ import annotations

from collections.abc import Iterator

from factions.gamedata.schemas import DatasheetSpec, ModelTemplateSpec
from forgebuilder.engine.rules.base import Check, Violation
from forgebuilder.engine.rules.loadouts import every_loadout
from forgebuilder.engine.rules.roster import Roster, RosterUnit, available_under_focus, catalog_memo


def is_caster(roster: Roster, unit: RosterUnit) -> bool:
    rule = roster.params.caster_rule
    if not rule or unit.datasheet is None:
        return False
    # most datasheets can never make a caster: then no loadout is needed
    if not _may_be_caster(roster, unit.datasheet, rule, unit.faction_key):
        return False
    return any(ref.id == rule for lo in every_loadout(unit, roster.catalog) for ref, _ in lo.rules)


def _may_be_caster(roster: Roster, sheet: DatasheetSpec, rule: str, faction_key: str) -> bool:
    """Whether the rule is on the datasheet, one of its models, one of its options' choices or a
    model that an option adds."""
    memo = catalog_memo(roster.catalog, "may_be_caster")
    found = memo.get((id(sheet), rule, faction_key))
    if found is None or found[0] is not sheet:
        refs = [*sheet.rules, *(r for m in sheet.models for r in m.rules)]
        refs += [r for _, o in sheet.all_options() for c in o.choices for r in c.items]
        refs += [r for t in _added_templates(roster, sheet, faction_key) for r in t.rules]
        found = memo[id(sheet), rule, faction_key] = (sheet, any(ref.id == rule for ref in refs))
    return found[1]


def _added_templates(
    roster: Roster, sheet: DatasheetSpec, faction_key: str
) -> Iterator[ModelTemplateSpec]:
    for _, option in sheet.all_options():
        if option.verb != "add_model":
            continue
        for c in option.choices:
            for ref in c.items:
                template = roster.catalog.model_template(faction_key, ref.id)
                if template is not None:
                    yield template


class CasterSpecialty(Check):
    code = "caster-specialty"
    description = "A caster picks exactly one power specialty available to its faction."

    def check(self, roster: Roster) -> Iterator[Violation]:
        for unit, _ in roster.with_datasheets():
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
            elif not available_under_focus(
                specialty.focuses, roster, unit.focus_key, unit.faction_key
            ):
                yield self.error(
                    f"{unit.name} picks {specialty.name}, which is not available with this focus.",
                    hint="Pick another specialty.",
                    units=(unit.id,),
                    code="specialty-focus",
                )

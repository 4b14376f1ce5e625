"""The one card of a unit in a list, as chosen: the datasheet card with the list's choices
applied, and what a wing adds to it (through `extensions.card_lines`).

The editor's unit panel, the share page, the table view and the PDF rosters draw it.
"""

from __future__ import annotations

from dataclasses import dataclass

from factions.cards import (
    Card,
    ModelRow,
    OptionLine,
    choice_label,
    model_row,
    rule_chips,
    weapon_rows,
)
from factions.catalog import Catalog
from forgebuilder.engine.extensions import extensions
from forgebuilder.engine.presenters.forces import force_groups
from forgebuilder.engine.rules import Report, Roster, RosterUnit
from forgebuilder.engine.rules.loadouts import added_loadout, unit_loadout


def chosen_card(roster: Roster, unit: RosterUnit, report: Report) -> Card:
    """The card of a unit in a list, as chosen: its models, equipment, options and legend.

    `roster` is a resolved list (forgebuilder.engine.rules.Roster), `unit` one of its units.
    """
    catalog: Catalog = roster.catalog
    faction = unit.faction_key
    sheet = unit.datasheet
    ruleset = catalog.ruleset
    card = Card(
        key=unit.id,
        title=unit.name,
        datasheet_name=sheet.name if sheet else unit.datasheet_key,
        points=unit.points,
        category=catalog.category_name(unit.category),
        keywords=sheet.keywords if sheet else (),
        stat_headers=tuple((s.abbr, s.name) for s in ruleset.model_stats),
        weapon_headers=tuple((s.abbr, s.name) for s in ruleset.weapon_stats),
        chosen=True,
    )
    if sheet is None:
        card.facts.append("This datasheet is not in the module any more.")
        return card
    card.rules = list(rule_chips(catalog, faction, sheet.rules))
    unit_rule_ids = {ref.id for ref in sheet.rules}
    # the datasheet's models, then those the unit's add_model choices bring
    loadouts = [lo for lo in unit_loadout(unit) if lo.count] + added_loadout(unit, catalog)
    for lo in loadouts:
        rules = tuple(ref for ref, _ in lo.rules if ref.id not in unit_rule_ids)
        row = model_row(catalog, faction, lo.model, str(lo.count))
        card.models.append(
            ModelRow(row.name, row.count, row.stats, rule_chips(catalog, faction, rules))
        )
        for ref, n in lo.weapons:
            who = lo.model.name if len(loadouts) > 1 else ""
            if n != lo.count:
                who = f"{n}× {who}".strip() if who else f"{n} of {lo.count}"
            card.weapons.extend(weapon_rows(catalog, faction, ref, who))
    for taken in unit.choices:
        label = choice_label(catalog, faction, taken.option, taken.choice)
        times = "" if taken.option.per_model or taken.count == 1 else f" ×{taken.count}"
        card.options.append(OptionLine(f"{label}{times}", (("", f"+{taken.points} pts"),)))
    card.extras.extend(_extras(roster, report, unit, catalog))
    card.facts.extend(report.unit_facts.get(unit.id, ()))
    return card


def _extras(
    roster: Roster, report: Report, unit: RosterUnit, catalog: Catalog
) -> list[tuple[str, str]]:
    """The card's extra lines: the unit's legend, its powers, then what a wing adds."""
    faction = unit.faction_key
    lines: list[tuple[str, str]] = []
    for legend in roster.legends:
        if legend.unit_id == unit.id and legend.legend:
            lines.append((f"Legend: {legend.legend.name}", legend.legend.description))
    if unit.specialty:
        specialty = catalog.power_specialties(faction).get(unit.specialty)
        powers = [
            f"{p.name} ({p.cast_value})" if p.cast_value is not None else p.name
            for p in catalog.powers(faction).values()
            if p.specialty in (None, unit.specialty)
        ]
        heading = f"Powers: {specialty.name if specialty else unit.specialty}"
        lines.append((heading, ", ".join(powers) or "none"))
    document_unit = roster.document.unit(unit.id)
    if document_unit is not None:
        # what a wing adds: a campaign unit's level, XP, traits, injuries..., or its death
        progress = report.unit_progress.get(unit.id)
        lines.extend(extensions.card_lines(document_unit, catalog, progress))
    return lines


@dataclass(frozen=True)
class CardGroup:
    """A force's cards, in the one grouping (`forces.force_groups`)."""

    title: str
    cost: int | None
    faction: str
    allied: bool
    focus: str
    cards: list[Card]


def card_groups(roster: Roster, report: Report) -> list[CardGroup]:
    """The units' cards grouped by force organization, in list order (share page, table view)."""
    return [
        CardGroup(
            title=group.title,
            cost=group.cost,
            faction=group.faction_name,
            allied=group.allied,
            focus=group.focus_name,
            cards=[chosen_card(roster, unit, report) for _, unit in group.units],
        )
        for group in force_groups(roster, report)
    ]

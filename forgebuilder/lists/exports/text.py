"""The list as plain text, for chat apps and forums: short, readable, one line per unit.

It says everything the list is, so that the text import (importers/text.py) brings the same
list back: the doctrine, pre-game strategies and notes under the header, each force's own
focus on its heading, a unit's model types when it has more than one to count, and its notes
on the lines under it.
"""

from __future__ import annotations

from collections import Counter

from factions.catalog import Catalog
from forgebuilder.engine.api import ForceGroup, ListDocument, chosen_card
from forgebuilder.lists.exports.card_text import weapon_names
from forgebuilder.lists.exports.source import ExportSource
from forgebuilder.lists.exports.summary import unit_extras

#: The start of a line of the list's notes, and of a unit's (under the unit's line).
LIST_NOTE = "Notes:"
UNIT_NOTE = "Note:"
#: The start of a line of the full text's detail under a unit (its models, their weapons, its
#: rules): said again from the unit's line and the module, so the import reads past it.
DETAIL = "•"
#: The line of a campaign army: what of it the text leaves out (`{n}` units carry state).
CAMPAIGN_LINE = "Campaign state on {n} units (XP, levels, traits, injuries) is not in this text."


def list_text(source: ExportSource, *, full: bool = False) -> str:
    """A compact summary of the list: header, totals and legality, then each force's units;
    `full`: under each unit its models with the weapons they carry, and its rules (the full
    text organisers ask for; it reads back as the compact one does)."""
    document, roster, report = source.document, source.roster, source.report
    catalog = source.catalog
    points = report.total("points")
    lines = [
        f"{document.name} [{_points(points.value if points else roster.points, document.points_limit)}]"
    ]
    game = f"{catalog.spec.name} ({catalog.ruleset.name})"
    who = source.faction_name + (f", focus: {source.focus_name}" if source.focus_name else "")
    lines.append(f"{game} · {who}" + (" · casual" if document.casual else ""))
    others = [t for t in report.totals if t.key not in ("points", "units")]
    if others:
        lines.append(" · ".join(f"{t.label}: {_value(t)}" for t in others))
    lines.append(_verdict(report))
    for violation in report.violations:
        lines.append(f"  ! {violation.message}")
    lines += _list_lines(source)
    for group in source.groups:
        lines += ["", _force_line(source, group)]
        for number, unit in group.units:
            lines.append(_unit_line(source, number, unit))
            lines += _note_lines(f"   {UNIT_NOTE}", _unit_notes(document, unit.id))
            if full:
                lines += _detail_lines(source, unit)
    if roster.legends:
        lines.append("")
        for legend in roster.legends:
            name = legend.legend.name if legend.legend else legend.key
            holder = roster.unit(legend.unit_id) if legend.unit_id else None
            on = f" (on {holder.name})" if holder else ""
            lines.append(f"Legend: {name}{on} · {legend.points} pts")
    return "\n".join(lines) + "\n"


def _detail_lines(source: ExportSource, unit) -> list[str]:
    """A line per model type (its count, name and weapons), then the rules, from its card."""
    card = chosen_card(source.roster, unit, source.report)
    lines = []
    for row in card.models:
        weapons = ", ".join(weapon_names(card, row.name))
        lines.append(f"   {DETAIL} {row.count}× {row.name}" + (f": {weapons}" if weapons else ""))
    rules = list(
        dict.fromkeys(
            chip.label for chip in [*card.rules, *(c for r in card.models for c in r.rules)]
        )
    )
    if rules:
        lines.append(f"   {DETAIL} Rules: {', '.join(rules)}")
    return lines


def _verdict(report) -> str:
    if report.empty and report.legal:
        return report.verdict
    if report.legal:
        warnings = len(report.warnings)
        return "Legal" + (f" ({warnings} warning{'s' * (warnings != 1)})" if warnings else "")
    return f"NOT LEGAL: {len(report.errors)} problem{'s' * (len(report.errors) != 1)}"


def _list_lines(source: ExportSource) -> list[str]:
    """The doctrine, the pre-game strategies and the list's notes, one line each."""
    document, catalog = source.document, source.catalog
    lines = []
    if document.doctrine:
        doctrine = catalog.spec.doctrines.get(document.doctrine)
        lines.append(f"Doctrine: {doctrine.name if doctrine else document.doctrine}")
    for chosen in document.pre_game_strategies:
        faction = chosen.faction or document.faction
        strategy = catalog.strategies(faction).get(chosen.strategy)
        name = strategy.name if strategy else chosen.strategy
        if chosen.faction and chosen.faction != document.faction:
            spec = catalog.faction(faction)
            name += f" ({spec.name if spec else faction})"
        lines.append(f"Pre-game strategy: {name}")
    if document.campaign_units():
        lines.append(CAMPAIGN_LINE.format(n=document.campaign_units()))
    return lines + _note_lines(LIST_NOTE, document.notes)


def _note_lines(start: str, notes: str) -> list[str]:
    return [f"{start} {line}".rstrip() for line in notes.splitlines()]


def _unit_notes(document: ListDocument, unit_id: str) -> str:
    unit = document.unit(unit_id)
    return unit.notes if unit else ""


def _force_line(source: ExportSource, group: ForceGroup) -> str:
    """`== <title>[ (N SP)] · <faction>[, allied][, focus: <focus>] · <points> pts ==`"""
    head = group.title
    if group.cost is not None and source.catalog.ruleset.uses_strategy_points:
        head += f" ({group.cost} SP)"
    faction = group.faction_name + (", allied" if group.allied else "")
    if group.focus_name:
        faction += f", focus: {group.focus_name}"
    return f"== {head} · {faction} · {group.points} pts =="


def datasheet_names(catalog: Catalog, faction: str) -> dict[str, str]:
    """Each datasheet of `faction` by the name the text gives it: its own, with its key in
    brackets where another datasheet of the faction has the same name."""
    spec = catalog.faction(faction)
    sheets = spec.datasheets if spec else {}
    names = Counter(sheet.name for sheet in sheets.values())
    return {
        key: sheet.name if names[sheet.name] == 1 else f"{sheet.name} [{key}]"
        for key, sheet in sheets.items()
    }


def _unit_line(source: ExportSource, number: int, unit) -> str:
    sheet_name = unit.datasheet.name if unit.datasheet else unit.datasheet_key
    if unit.datasheet:
        sheet_name = datasheet_names(source.catalog, unit.faction_key)[unit.datasheet_key]
    name = sheet_name if unit.name == unit_sheet_name(unit) else f"{unit.name} ({sheet_name})"
    models = unit.total_models
    size = f" ×{models}" if models > 1 else ""
    size += _model_types(unit)
    extras = unit_extras(source, unit)
    taken = f": {', '.join(extras)}" if extras else ""
    out = "" if unit.active else f" · {_status(source.document, unit.id)}"
    return f"{number}. {name}{size}{taken}{out} · {unit.points} pts"


def _status(document: ListDocument, unit_id: str) -> str:
    """`dead` or `disbanded`: a campaign unit out of the army, kept on the list for the record."""
    unit = document.unit(unit_id)
    return unit.campaign.status if unit and unit.campaign else "out"


def unit_sheet_name(unit) -> str:
    return unit.datasheet.name if unit.datasheet else unit.datasheet_key


def _model_types(unit) -> str:
    """` (3 Firelocker, 1 Gun Sergeant)` for a unit of several model types whose counts vary
    (its total alone would not say which); "" otherwise."""
    sheet = unit.datasheet
    if sheet is None or sum(m.max_count > m.min for m in sheet.models) < 2:
        return ""
    return " (" + ", ".join(f"{unit.count_of(m.id)} {m.name}" for m in sheet.models) + ")"


def _points(value: int, limit: int) -> str:
    return f"{value}/{limit} pts"


def _value(total) -> str:
    return f"{total.value}/{total.limit}" if total.limit is not None else str(total.value)

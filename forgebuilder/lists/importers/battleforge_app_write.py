"""A list written back in the Battle Forge app's shape (BATTLEFORGE-FORMAT.md §4): its saved
list, its share link, and what of the list the app has no place for.

What forgebuilder has no place for of the app's list (a unit's experience, perks and setbacks;
the list's type, reserves, strategy and victory points) was kept on reading in the notes, on one
line that starts with `APP_DATA_PREFIX` (battleforge_app.py): it goes back from there.
"""

from __future__ import annotations

import base64
import json
from collections.abc import Mapping
from typing import Any

from factions.catalog import Catalog
from factions.gamedata.schemas import DatasheetSpec
from forgebuilder.engine.api import ListDocument, ListUnit
from forgebuilder.lists.documents import DocumentError, read_json
from forgebuilder.lists.importers.battleforge_groups import app_groups

APP_DATA_PREFIX = "Kept from the Battle Forge app: "


UNIT_APP_FIELDS = ("experience", "selectedPerks", "selectedSetbacks")


LIST_APP_FIELDS = ("type", "reserves", "strategyPoints", "victoryPoints")


def _kept(notes: str) -> dict[str, Any]:
    for line in notes.splitlines():
        if line.startswith(APP_DATA_PREFIX):
            try:
                data = read_json(line[len(APP_DATA_PREFIX) :])
            except DocumentError:
                return {}
            return data if isinstance(data, dict) else {}
    return {}


def game_id(catalog: Catalog) -> str:
    return catalog.slug.replace("-", "_")


def selected_options(sheet: DatasheetSpec, unit: ListUnit) -> list[list[int]]:
    """The app's `selectedOptions` of a unit: one row per group, one count per item."""
    rows: list[list[int]] = []
    taken = {(c.option, c.choice): c.count for c in unit.options}
    for group in app_groups(sheet):
        if group.option is None:
            model = group.model
            rows.append([max(0, unit.models.get(model.id, model.min) - model.min)])
            continue
        rows.append([taken.get((group.option.id, choice.id), 0) for choice in group.items])
    return rows


def app_list(document: ListDocument, catalog: Catalog) -> dict[str, Any]:
    """The list in the Battle Forge app's saved-list shape: the forces of the list's faction
    first, since the app (and its import here) takes the list's faction from the first."""
    kept = _kept(document.notes)
    forces = []
    legends_placed = False
    own_first = sorted(document.forces, key=lambda f: f.faction != document.faction)
    for force in own_first:
        units = []
        for unit in document.units:
            if (unit.force or own_first[0].id) != force.id:
                continue
            sheet = catalog.datasheet(unit.faction or force.faction, unit.datasheet)
            if sheet is None:
                continue
            item: dict[str, Any] = {
                "id": unit.datasheet,
                "selectedOptions": selected_options(sheet, unit),
            }
            if unit.name and unit.name != sheet.name:
                item["customName"] = unit.name
            if unit.specialty:
                item["powerSpecialty"] = unit.specialty
            item.update({k: v for k, v in _kept(unit.notes).items() if k in UNIT_APP_FIELDS})
            units.append(item)
        legends = []
        if not legends_placed and force.faction == document.faction:
            legends = [{"id": legend.legend} for legend in document.legends]
            legends_placed = True
        forces.append(
            {
                "id": force.organization,
                "factionId": force.faction,
                "subFactionId": force.focus or "none",
                "units": units,
                "legends": legends,
            }
        )
    data: dict[str, Any] = {
        "name": document.name,
        "gameId": game_id(catalog),
        "type": kept.get("type", "competitive"),
        "pointLimit": document.points_limit,
        "forces": forces,
    }
    data.update({k: v for k, v in kept.items() if k in LIST_APP_FIELDS and k != "type"})
    return data


def _own_notes(notes: str) -> bool:
    """Whether notes hold more than the line of the app's own fields (which goes back)."""
    return any(line and not line.startswith(APP_DATA_PREFIX) for line in notes.splitlines())


def app_left_behind(document: ListDocument) -> dict[str, str]:
    """What of the list the app's list has no place for, each said in players' words, by the
    part of the list it is ({} when it all goes)."""
    out = {}
    if document.casual:
        out["casual"] = "its casual mark"
    if document.doctrine:
        out["doctrine"] = "its doctrine"
    if _own_notes(document.notes):
        out["notes"] = "its notes"
    if document.pre_game_strategies:
        out["pre_game"] = "its pre-game strategies"
    noted = sum(_own_notes(u.notes) for u in document.units)
    if noted:
        out["unit notes"] = f"the notes of {noted} unit{'s' * (noted != 1)}"
    if any(legend.unit for legend in document.legends):
        out["legend holders"] = "which unit carries each legend (the app's legends go with a force)"
    if document.legends and not any(f.faction == document.faction for f in document.forces):
        out["legends"] = "its legends (the app keeps them with a force of the list's faction)"
    forces = document.forces
    if forces and not any(f.faction == document.faction for f in forces):
        out["faction"] = "its faction (the app's list takes it from its first force's)"
    elif forces and forces[0].faction != document.faction:
        out["force order"] = "the order of its forces (the app's list starts with its own)"
    loose = sum(u.force is None for u in document.units)
    if loose:
        where = "in its first force" if document.forces else "nowhere: the list has no force"
        out["loose units"] = (
            f"{loose} unit{'s' * (loose != 1)} outside any force (the app puts them {where})"
        )
    return out


def share_link(data: Mapping[str, Any], origin: str = "") -> str:
    """`<origin>/#/lists?share=<base64 of the JSON>`, as the app makes it (UTF-8 for names
    outside Latin-1, which the app itself cannot share)."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    try:
        blob = text.encode("latin-1")
    except UnicodeEncodeError:
        blob = text.encode("utf-8")
    return f"{origin.rstrip('/')}/#/lists?share={base64.b64encode(blob).decode('ascii')}"

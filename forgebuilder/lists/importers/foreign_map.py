"""Another builder's list naming a game hosted here, mapped onto it by names: its game (a
module's name or its rules' name), faction (a force's catalogue), each unit's datasheet, models
and options, compared without case, accents' spacing or punctuation ("Free-Swords" is "free
swords"). Each unit is read as the text import reads a unit's line (text_units.UnitReader), so
model counts, option labels, legends and powers follow the same rules, and what matches nothing
is named with its place and left out; the player sees that before anything is stored.
"""

from __future__ import annotations

import re
from decimal import ROUND_CEILING, Decimal
from typing import TYPE_CHECKING

from factions.catalog import Catalog, catalog_for
from factions.models import GameModule
from forgebuilder.engine.api import ListDocument, clamp_points_limit
from forgebuilder.lists.exports.text import datasheet_names
from forgebuilder.lists.importers import foreign_facts
from forgebuilder.lists.importers.notes import clean_line
from forgebuilder.lists.importers.result import ImportOutcome, Unmatched
from forgebuilder.lists.importers.text_units import UnitReader
from forgebuilder.lists.selectors import evaluated_document

if TYPE_CHECKING:
    from factions.gamedata.schemas import DatasheetSpec
    from forgebuilder.lists.importers.battlescribe import ForeignRoster, Selection


def norm(text: str) -> str:
    """A name as compared: case, punctuation and spacing aside."""
    return re.sub(r"[\W_]+", " ", text.casefold()).strip()


def hosted_game(roster: ForeignRoster) -> tuple[Catalog, str] | None:
    """(catalogue, faction) of the hosted game the roster names, or None. Its game system must
    be a module's name or its rules' name when it names one; its first force's catalogue a
    faction of that module (of exactly one module when it names no game)."""
    game = norm(roster.game_system_name)
    wanted = next((norm(f.catalogue_name) for f in roster.all_forces() if f.catalogue_name), "")
    if not wanted:
        return None
    found = []
    for module in GameModule.objects.order_by("name"):
        catalog = catalog_for(module)
        if game and game not in (norm(module.name), norm(catalog.ruleset.name)):
            continue
        for key, faction in catalog.spec.factions.items():
            if norm(faction.name) == wanted:
                found.append((catalog, key))
    return found[0] if len(found) == 1 else None


def mapped_list(
    roster: ForeignRoster, catalog: Catalog, faction: str, *, format_name: str
) -> ImportOutcome:
    """The list the roster is in the hosted game, and what of it matched nothing there."""
    reader = UnitReader(catalog, faction)
    names = {norm(name): (key, name) for key, name in datasheet_names(catalog, faction).items()}
    units, sources = [], []
    faction_name = catalog.spec.factions[faction].name
    for n, unit in enumerate(roster.units(), 1):
        place = f"unit {n} ({unit.custom_name or unit.name})"
        found = names.get(norm(unit.name)) or names.get(norm(unit.custom_name))
        if found is None:
            reader.miss(place, f"{faction_name} has no datasheet “{unit.name}”; left out")
            continue
        sheet = catalog.datasheet(faction, found[0])
        body = _unit_body(reader, unit, sheet, found[1], faction)
        listed = reader.unit(body, faction, place, len(units) + 1, None)
        if listed is not None:
            units.append(listed)
            sources.append((place, unit))
    document = ListDocument(
        name=clean_line(roster.name, 120) or "Imported list",
        module=catalog.slug,
        module_version=catalog.spec.version,
        faction=faction,
        points_limit=clamp_points_limit(_limit(roster)),
        casual=False,
        units=tuple(units),
    )
    return ImportOutcome(
        format_name, document, (*reader.unmatched, *_repriced(document, catalog, sources))
    )


def _repriced(document: ListDocument, catalog: Catalog, sources: list) -> list[Unmatched]:
    """The units priced here otherwise than in the source (its builder's rules or data differ,
    or an option was left out): said, so no price changes unseen."""
    priced, _ = evaluated_document(document=document, catalog=catalog)
    out = []
    for listed, (place, unit) in zip(document.units, sources, strict=True):
        theirs = points_of(unit.costs)
        ours = next((u.points for u in priced.units if u.id == listed.id), None)
        if theirs is not None and ours is not None and ours != theirs:
            out.append(
                Unmatched(
                    place, f"{foreign_facts.number(theirs)} pts in the source, {ours} pts here"
                )
            )
    return out


def points_of(costs) -> Decimal | None:
    """The points among a selection's costs (None when it names none)."""
    values = [c.value for c in costs if c.name.strip().casefold() in foreign_facts.POINTS_NAMES]
    return sum(values, Decimal(0)) if values else None


def _limit(roster: ForeignRoster) -> int:
    """The roster's points limit, else its points total (a list is priced to its limit)."""
    for costs in (roster.cost_limits, roster.costs):
        for cost in costs:
            if cost.name.strip().casefold() in foreign_facts.POINTS_NAMES and cost.value > 0:
                return int(cost.value.to_integral_value(ROUND_CEILING))
    return 0


def _unit_body(
    reader: UnitReader, unit: Selection, sheet: DatasheetSpec, sheet_name: str, faction: str
) -> str:
    """The unit as the text export writes a unit's line (without its number and points):
    "<name> (<datasheet>) x<models> (<each type>): <options>" (the sign is a times sign). Its
    models are those naming the datasheet's models, plus those its options add (a model the
    source lists that the datasheet lacks is read as an option: "Paymaster")."""
    custom = unit.custom_name if norm(unit.custom_name) not in ("", norm(sheet.name)) else ""
    head = f"{custom} ({sheet_name})" if custom else sheet_name
    inside = [s for s in unit.walk() if s is not unit]
    own = {norm(m.name) for m in sheet.models}
    models = [s for s in inside if s.type == "model" and norm(s.name) in own]
    others = [s for s in inside if s.type != "model" or norm(s.name) not in own]
    extras, added = _extras(reader, others, sheet, faction)
    total = sum(m.number for m in models) + added if models else unit.number
    size = f" ×{total}" if total > 1 else ""
    types = _types(sheet, models)
    return f"{head}{size}{types}" + (f": {', '.join(extras)}" if extras else "")


def _types(sheet: DatasheetSpec, models: list[Selection]) -> str:
    """` (3 Firelocker, 1 Gun Sergeant)` when the sheet has several model types to count and
    every model of the roster names one of them."""
    if sum(m.max_count > m.min for m in sheet.models) < 2 or not models:
        return ""
    by_name = {norm(m.name): m for m in sheet.models}
    counts = dict.fromkeys((m.id for m in sheet.models), 0)
    for model in models:
        spec = by_name.get(norm(model.name))
        if spec is None:
            return ""
        counts[spec.id] += model.number
    return " (" + ", ".join(f"{counts[m.id]} {m.name}" for m in sheet.models) + ")"


def _extras(
    reader: UnitReader, items: list[Selection], sheet: DatasheetSpec, faction: str
) -> tuple[list[str], int]:
    """The options the unit's upgrades name, each as its label reads here ("2x Label", a
    times sign), and how many models those options add; what a model carries anyway (its
    datasheet's weapons) is no option and is skipped."""
    catalog = reader.catalog
    standard = {
        norm(w.name)
        for m in sheet.models
        for ref in m.weapons
        if (w := catalog.weapon(faction, ref.id)) is not None
    }
    labels = {
        norm(text): (text, option, choice) for text, option, choice in reader.labels(sheet, faction)
    }
    extras, added = [], 0
    for item in items:
        if norm(item.name) in standard:
            continue
        text, option, choice = labels.get(norm(item.name), (item.name, None, None))
        extras.append(f"{item.number}× {text}" if item.number > 1 else text)
        if option is not None and option.verb == "add_model":
            taken = next((c for c in option.choices if c.id == choice), None)
            added += item.number * len(taken.items) if taken else 0
    return extras, added

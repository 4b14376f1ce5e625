"""Battle Forge app lists (BATTLEFORGE-FORMAT.md §4): read a saved list or a share link into a
list document of an imported Battle Forge module; a list is written back in the app's shape by
battleforge_app_write.py (its names are exported here too).

What forgebuilder has no place for (a unit's experience, perks and setbacks; the list's type,
reserves, strategy and victory points) is kept in the notes on one line that starts with
`APP_DATA_PREFIX`, so that going back to the app restores it.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
from collections.abc import Mapping
from typing import Any
from urllib.parse import unquote

from factions.catalog import Catalog
from factions.gamedata.schemas import DatasheetSpec, slug_key
from forgebuilder.engine.api import (
    MAX_NOTE,
    POINTS_LIMIT_MAX,
    POINTS_LIMIT_MIN,
    ListChoice,
    ListDocument,
    ListForce,
    ListLegend,
    ListUnit,
    clamp_points_limit,
)
from forgebuilder.lists.documents import DocumentError, read_json
from forgebuilder.lists.importers.battleforge_app_write import (
    APP_DATA_PREFIX,
    LIST_APP_FIELDS,
    UNIT_APP_FIELDS,
    app_left_behind,
    app_list,
    selected_options,
    share_link,
)
from forgebuilder.lists.importers.battleforge_groups import AppGroup, app_groups
from forgebuilder.lists.importers.notes import clean_line, clean_note, join_notes
from forgebuilder.lists.importers.result import ImportOutcome, Unmatched
from forgebuilder.numbers import parse_whole_number

FORMAT_NAME = "Battle Forge app list"
LINK_FORMAT_NAME = "Battle Forge share link"
SHARE_MARK = "share="
_SHARE = re.compile(r"share=([^&\s]*(?:\s+[^&\s=]+)*=*)", re.IGNORECASE)


def fail(message: str, place: str = "") -> DocumentError:
    return DocumentError(((place, message),))


# ----- reading ------------------------------------------------------------------------------
def is_share_link(text: str) -> bool:
    """Whether the text looks like a Battle Forge share link (escaped or not)."""
    lowered = unquote(text.strip()).lower()
    return "#/lists" in lowered or lowered.startswith(SHARE_MARK) or "?share=" in lowered


def decode_share_link(text: str) -> Any:
    """The list data a share link carries. Repairs `+` turned into spaces, URL escaping (once
    or twice) and missing padding; names may be UTF-8 or Latin-1 (what `btoa` takes)."""
    raw = text.strip()
    for _ in range(2):
        if "%" in raw:
            raw = unquote(raw)
    found = _SHARE.search(raw)
    if found is None or not found.group(1).strip():
        raise fail("the link carries no list: nothing follows 'share='")
    data = re.sub(r"\s", "+", found.group(1).strip())
    data = data.rstrip("=")
    data += "=" * (-len(data) % 4)
    try:
        blob = base64.b64decode(data, validate=True)
    except (binascii.Error, ValueError):
        raise fail("the link's list is not readable (it is not base64)") from None
    try:
        text_json = blob.decode("utf-8")
    except UnicodeDecodeError:
        text_json = blob.decode("latin-1")
    try:
        return read_json(text_json)
    except DocumentError as error:
        if error.problems[0][0]:  # JSON, holding a value refused at that path
            raise
        raise fail("the link's list is not readable (its content is not JSON)") from None


def looks_like_app_list(data: Any) -> bool:
    """The app accepts any object with `forces`; forgebuilder documents carry `format`."""
    return (
        isinstance(data, dict)
        and isinstance(data.get("forces"), list)
        and "format" not in data
        and "module" not in data
    )


def _key(raw: Any, known: Mapping[str, Any]) -> str | None:
    """The module key of a Battle Forge id (the importer slugs ids that are not keys)."""
    if not isinstance(raw, str) or not raw:
        return None
    if raw in known:
        return raw
    slug = slug_key(raw)[:80].rstrip("_")
    return slug if slug in known else None


def _count(value: Any) -> int | None:
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int) and 0 <= value <= 1000:
        return value
    if isinstance(value, float) and value.is_integer() and 0 <= value <= 1000:
        return int(value)
    return None


def _points_limit(value: Any) -> int | None:
    if isinstance(value, str):
        value = parse_whole_number(value.strip())
        if value is None:
            return None
    if (
        isinstance(value, int | float)
        and not isinstance(value, bool)
        and POINTS_LIMIT_MIN <= value <= POINTS_LIMIT_MAX
    ):
        return int(value)
    return None


def _app_data_line(fields: Mapping[str, Any]) -> str:
    if not fields:
        return ""
    return APP_DATA_PREFIX + json.dumps(dict(fields), ensure_ascii=False, separators=(",", ":"))


class _Reader:
    def __init__(self, data: Mapping[str, Any], catalog: Catalog) -> None:
        self.data = data
        self.catalog = catalog
        self.unmatched: list[Unmatched] = []

    def miss(self, place: str, message: str) -> None:
        self.unmatched.append(Unmatched(place, message))

    def listed(self, force: Mapping[str, Any], key: str, where: str) -> list:
        """The force's `key` list; a value of another type is reported and read as none."""
        value = force.get(key)
        if value is None:
            return []
        if not isinstance(value, list):
            self.miss(f"{where}, {key}", "is not a list; left out")
            return []
        return value

    def run(self, format_name: str) -> ImportOutcome:
        catalog = self.catalog
        self.forces: list[ListForce] = []
        self.units: list[ListUnit] = []
        self.legends: list[ListLegend] = []
        for fi, force in enumerate(self.data["forces"]):
            self.read_force(force, f"force {fi + 1}")
        forces = self.forces
        if not forces:
            raise DocumentError(
                tuple((u.place, u.message) for u in self.unmatched)
                or (("forces", "the list has no force"),)
            )
        name = self.data.get("name")
        limit = _points_limit(self.data.get("pointLimit"))
        if limit is None and self.data.get("pointLimit") not in (None, ""):
            self.miss("pointLimit", f"{self.data.get('pointLimit')!r} is not a number of points")
        document = ListDocument(
            name=clean_line(name, 120)
            if isinstance(name, str) and name.strip()
            else "Imported list",
            module=catalog.slug,
            module_version=catalog.spec.version,
            faction=forces[0].faction,
            focus=forces[0].focus,
            points_limit=limit or 1,
            forces=tuple(forces),
            units=tuple(self.units),
            legends=tuple(self.legends),
            notes=join_notes(self.app_data_line()),
        )
        if limit is None:
            from ..selectors import evaluated_document  # the selectors read the importers

            points = evaluated_document(document=document, catalog=catalog)[0].points
            document = document.model_copy(update={"points_limit": clamp_points_limit(points)})
        return ImportOutcome(format_name, document, tuple(self.unmatched))

    def read_force(self, force: Any, where: str) -> None:
        """One force of the app's list, with its units and legends."""
        catalog = self.catalog
        if not isinstance(force, Mapping):
            self.miss(where, "is not an object; left out")
            return
        faction = _key(force.get("factionId"), catalog.spec.factions)
        if faction is None:
            self.miss(
                where,
                f"faction {force.get('factionId')!r} is not in {catalog.spec.name}; "
                "the force and its units are left out",
            )
            return
        fid = f"f{len(self.forces) + 1}"
        organization = _key(force.get("id"), catalog.force_organizations(faction))
        if organization is None and force.get("id") is not None:
            self.miss(
                f"{where} ({faction})",
                f"organization {force.get('id')!r} is unknown; the force keeps no organization",
            )
        focus = self.focus(force.get("subFactionId"), faction, where)
        self.forces.append(
            ListForce(id=fid, organization=organization, faction=faction, focus=focus)
        )
        for ui, unit in enumerate(self.listed(force, "units", where)):
            made = self.unit(unit, f"{where}, unit {ui + 1}", faction, fid, len(self.units) + 1)
            if made is not None:
                self.units.append(made)
        for li, legend in enumerate(self.listed(force, "legends", where)):
            raw = legend.get("id") if isinstance(legend, Mapping) else legend
            key = _key(raw, catalog.legends(faction))
            if key is None:
                self.miss(f"{where}, legend {li + 1}", f"legend {raw!r} is unknown; left out")
            elif len(self.legends) < 50:
                self.legends.append(ListLegend(legend=key))

    def focus(self, raw_focus: Any, faction: str, where: str) -> str | None:
        if raw_focus in (None, "", "none"):
            return None
        focus = _key(raw_focus, self.catalog.focuses(faction))
        if focus is None:
            self.miss(f"{where} ({faction})", f"focus {raw_focus!r} is unknown; left out")
        return focus

    def app_data_line(self) -> str:
        """The app's own list fields we have no place for, kept as a line of the notes."""
        app_fields = {k: self.data[k] for k in LIST_APP_FIELDS if self.data.get(k) is not None}
        if app_fields.get("type") == "competitive":
            del app_fields["type"]
        line = _app_data_line(app_fields)
        if len(line) > MAX_NOTE:
            self.miss("reserves", "too long to keep in the list's notes; left out")
            app_fields.pop("reserves", None)
            line = _app_data_line(app_fields)
        return line

    def unit(
        self, unit: Any, where: str, faction: str, force_id: str, number: int
    ) -> ListUnit | None:
        if not isinstance(unit, Mapping):
            self.miss(where, "is not an object; left out")
            return None
        sheet_key = _key(unit.get("id"), self.catalog.spec.factions[faction].datasheets)
        sheet = self.catalog.datasheet(faction, sheet_key) if sheet_key else None
        if sheet is None:
            self.miss(where, f"unit {unit.get('id')!r} is not in the faction {faction}; left out")
            return None
        where = f"{where} ({sheet.name})"
        models, options = self.choices(sheet, unit.get("selectedOptions"), where)
        custom = unit.get("customName")
        name = clean_line(custom, 80) if isinstance(custom, str) and custom.strip() else ""
        specialty = None
        raw_specialty = unit.get("powerSpecialty")
        if raw_specialty not in (None, "", "none"):
            specialty = _key(raw_specialty, self.catalog.power_specialties(faction))
            if specialty is None:
                self.miss(where, f"power specialty {raw_specialty!r} is unknown; left out")
        app_fields = {k: unit[k] for k in UNIT_APP_FIELDS if unit.get(k) not in (None, [], 0)}
        return ListUnit(
            id=f"u{number}",
            datasheet=sheet_key,
            force=force_id,
            name=name,
            models=models,
            options=tuple(options),
            specialty=specialty,
            notes=join_notes(_app_data_line(app_fields)),
        )

    def choices(
        self, sheet: DatasheetSpec, selected: Any, where: str
    ) -> tuple[dict[str, int], list[ListChoice]]:
        groups = app_groups(sheet)
        models: dict[str, int] = {}
        options: list[ListChoice] = []
        if selected is None:
            return models, options
        if not isinstance(selected, list):
            self.miss(f"{where}, selectedOptions", "is not a list; no option taken")
            return models, options
        for g, row in enumerate(selected):
            if not isinstance(row, list):
                row = [row] if row not in (None, 0) else []
            for i, value in enumerate(row):
                count = _count(value)
                place = f"{where}, option group {g + 1}, item {i + 1}"
                if count is None:
                    self.miss(place, f"{value!r} is not a count; not taken")
                    continue
                if count == 0:
                    continue
                if g >= len(groups):
                    self.miss(place, f"the unit has {len(groups)} option groups here; not taken")
                    continue
                group = groups[g]
                if i >= group.size:
                    self.miss(place, f"“{group.label()}” has {group.size} item(s) here; not taken")
                    continue
                self.take(group, i, count, models, options)
        return models, options

    def take(
        self,
        group: AppGroup,
        i: int,
        count: int,
        models: dict[str, int],
        options: list[ListChoice],
    ) -> None:
        if group.option is None:
            model = group.model
            models[model.id] = model.min + min(count, model.max_count - model.min)
            return
        option, choice = group.option, group.items[i]
        options.append(
            ListChoice(option=option.id, choice=choice.id, count=1 if option.per_model else count)
        )


def _units_in(force: Any) -> int:
    units = force.get("units") if isinstance(force, Mapping) else None
    return len(units) if isinstance(units, list) else 0


def app_list_document(data: Any, catalog: Catalog, format_name: str = FORMAT_NAME) -> ImportOutcome:
    """The list document of a Battle Forge app list in `catalog`'s module; raises
    DocumentError when nothing of it can be matched."""
    if not looks_like_app_list(data):
        raise fail("this is not a Battle Forge app list (it has no 'forces' list)")
    if len(data["forces"]) > 40 or sum(_units_in(f) for f in data["forces"]) > 400:
        raise fail("the list is too large (at most 40 forces and 400 units)")
    return _Reader(data, catalog).run(format_name)


__all__ = [
    "FORMAT_NAME",
    "LINK_FORMAT_NAME",
    "app_left_behind",
    "app_list",
    "app_list_document",
    "clean_note",
    "decode_share_link",
    "is_share_link",
    "looks_like_app_list",
    "selected_options",
    "share_link",
]

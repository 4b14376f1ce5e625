"""Read the tournament text organisers ask for (New Recruit's "WTC" and compact exports) into a
foreign roster.

The shape: a header block of lines starting with "+" ("+ FACTION KEYWORD: …", "+ DETACHMENT:
…", "+ TOTAL ARMY POINTS: 1995pts", "+ WARLORD: Char1: Captain", "+ ENHANCEMENT: … (on Char1:
…)"), then one line per unit: "Char1: 1x Captain (80 pts): Warlord, Master-crafted bolt rifle"
for a character, "10x Intercessor Squad (160 pts): 9x Intercessor, 1x Intercessor Sergeant" for
a unit, optionally "(attached to Char1)" or "Attached to: Char1" at the end. A unit's counted
items that add up to its size are its models; the rest is what it takes.
"""

from __future__ import annotations

import re

from forgebuilder.engine.api import MAX_UNITS
from forgebuilder.lists.importers.app_text import points_number, too_many_units
from forgebuilder.lists.importers.armyforge_text import split_top
from forgebuilder.lists.importers.battlescribe import (
    Cost,
    Force,
    ForeignRoster,
    RosterError,
    Selection,
)

FORMAT_NAME = "tournament text (WTC)"
BUILDER = "New Recruit (tournament text)"
HEADER = re.compile(r"^\+\s*(?P<key>[A-Z][A-Z ]+?)\s*:\s*(?P<value>.*)$")
UNIT = re.compile(
    r"^(?:(?P<tag>[A-Za-z]+\d+)\s*:\s*)?(?P<n>\d{1,4})\s*[x×]\s*(?P<name>.+?)\s*"
    r"\((?P<points>\d[\d,.]*)\s*(?:pts|points|pt)\)\s*(?::\s*(?P<items>.*))?$",
    re.IGNORECASE,
)
ATTACHED = re.compile(r"[(,]?\s*attached(?: to)?:?\s*(?P<to>[^),]+)\)?\s*$", re.IGNORECASE)
COUNTED = re.compile(r"^(?P<n>\d{1,4})\s*[x×]\s*(?P<name>.+)$", re.IGNORECASE)
NUMBER = re.compile(r"\d[\d,.]*")


def looks_like_wtc_text(text: str) -> bool:
    """A header block of "+ KEY: value" lines (its first line all "+"), then unit lines."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return (
        len(lines) >= 3
        and lines[0].startswith("+++")
        and any(HEADER.match(line) for line in lines[1:6])
    )


def read_wtc_text(text: str) -> ForeignRoster:
    header: dict[str, str] = {}
    units: list[Selection] = []
    tags: dict[str, str] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or set(line) == {"+"} or line == "+":
            continue
        if line.startswith("+"):
            if found := HEADER.match(line):
                header[found["key"].strip()] = found["value"].strip()
            continue
        if (unit := UNIT.match(line)) is None:
            raise RosterError(
                f"a {FORMAT_NAME} with a line that is no unit ('<n>x <unit> (<points> pts): "
                f"<what it takes>'): {line[:60]!r}",
                f"line {number}",
            )
        if len(units) == MAX_UNITS:
            raise RosterError(too_many_units(f"a {FORMAT_NAME}"), f"line {number}")
        if unit["tag"]:
            tags[unit["tag"]] = unit["name"].strip()
        units.append(_unit(unit, tags))
    if not units:
        raise RosterError(f"a {FORMAT_NAME} with no unit line under its header", "the text")
    faction = header.get("FACTION KEYWORD", "")
    total = NUMBER.search(header.get("TOTAL ARMY POINTS", ""))
    return ForeignRoster(
        name=header.get("LIST NAME") or header.get("ARMY NAME") or faction or "Tournament list",
        game_system_name="",
        game_system_id="",
        builder=BUILDER,
        schema_version="",
        cost_limits=(),
        costs=(Cost("pts", points_number(total.group())),) if total else (),
        forces=(Force(header.get("DETACHMENT", ""), faction, "", (), (), tuple(units), ()),),
    )


def _unit(match: re.Match, tags: dict[str, str]) -> Selection:
    items_text, attached = match["items"] or "", ""
    if found := ATTACHED.search(items_text):
        attached, items_text = found["to"].strip(), items_text[: found.start()]
    size = int(match["n"])
    items = split_top(items_text)
    counted = [(int(c["n"]), c["name"].strip()) for i in items if (c := COUNTED.match(i))]
    models_given = size > 1 and sum(n for n, _ in counted) == size
    inside = []
    for item in items:
        c = COUNTED.match(item)
        if models_given and c:
            inside.append(
                Selection(c["name"].strip(), int(c["n"]), "model", (), (), "", "", (), (), ())
            )
        else:
            name, n = (c["name"].strip(), int(c["n"])) if c else (item, 1)
            inside.append(Selection(name, n, "upgrade", (), (), "", "", (), (), ()))
    if size > 1 and not models_given:  # "5x Swords (50 pts)": five models of its own name
        inside.insert(
            0, Selection(match["name"].strip(), size, "model", (), (), "", "", (), (), ())
        )
    notes = f"Attached to {tags.get(attached, attached)}" if attached else ""
    return Selection(
        name=match["name"].strip(),
        number=1,
        type="unit",
        costs=(Cost("pts", points_number(match["points"])),),
        categories=("Character",) if match["tag"] else (),
        custom_name="",
        notes=notes,
        profiles=(),
        rules=(),
        selections=tuple(inside),
    )

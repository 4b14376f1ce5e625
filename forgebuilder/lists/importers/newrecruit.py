"""Read New Recruit's JSON export of a roster: the BattleScribe roster tree written as JSON.

New Recruit writes the same tree as a ``.ros`` file: each element an object whose plain values
are the element's attributes (``name``, ``type``, ``number``, ``value``...), each collection an
array under the collection's name (``forces``, ``selections``, ``profiles``, ``characteristics``,
``rules``, ``categories``, ``costs``, ``costLimits``), an element's text under ``$text`` (a
characteristic's value) and a rule's description or a selection's notes as plain strings. The
JSON is turned back into that tree and read by the roster reader (battlescribe.py), so both
files of one roster read the same, with the same checks and messages.
"""

from __future__ import annotations

from typing import Any
from xml.etree.ElementTree import Element, SubElement

from forgebuilder.lists.importers.battlescribe import (
    MAX_DEPTH,
    NAMESPACE,
    ForeignRoster,
    RosterError,
    roster_of,
)

FORMAT_NAME = "New Recruit roster (JSON)"
_NS = "{" + NAMESPACE + "}"
#: The element each collection holds.
ITEMS = {
    "forces": "force",
    "selections": "selection",
    "profiles": "profile",
    "characteristics": "characteristic",
    "rules": "rule",
    "categories": "category",
    "costs": "cost",
    "costLimits": "costLimit",
    "infoLinks": "infoLink",
    "infoGroups": "infoGroup",
    "publications": "publication",
    "modifiers": "modifier",
    "attributes": "attribute",
}
#: Keys holding an element's text, not an attribute.
TEXT_KEYS = ("$text", "#text", "_text", "__text")
#: Plain values written as child elements of their own in the XML.
TEXT_CHILDREN = ("description", "customNotes", "comment", "readme")
#: How deep the tree may go: a roster's elements nest about 4 levels per selection.
MAX_NESTING = 6 * MAX_DEPTH


def looks_like_roster(data: Any) -> bool:
    """Whether parsed JSON is shaped as New Recruit's roster: {"roster": {...}} with forces or
    a game system (a forgebuilder or Battle Forge list has neither)."""
    roster = data.get("roster") if isinstance(data, dict) else None
    return isinstance(roster, dict) and any(
        key in roster for key in ("forces", "gameSystemId", "battleScribeVersion")
    )


def read_json_roster(data: dict) -> ForeignRoster:
    """The roster of New Recruit's JSON export, already parsed (json.loads)."""
    roster = data["roster"]
    root = Element(_NS + "roster")
    _fill(root, roster, "roster", 1)
    return roster_of(root)


def _fill(element: Element, value: dict, place: str, depth: int) -> None:
    if depth > MAX_NESTING:
        raise RosterError(f"a New Recruit roster (JSON) nesting over {MAX_NESTING} deep", place)
    for key, item in value.items():
        if key in TEXT_KEYS:
            element.text = _plain(item, f"{place}.{key}")
        elif isinstance(item, list):
            group = SubElement(element, _NS + key)
            tag = ITEMS.get(key, key.removesuffix("s"))
            for n, child in enumerate(item):
                where = f"{place}.{key}[{n}]"
                if not isinstance(child, dict):
                    raise RosterError(_misplaced(key, child), where)
                _fill(SubElement(group, _NS + tag), child, where, depth + 1)
        elif isinstance(item, dict):
            _fill(SubElement(element, _NS + key), item, f"{place}.{key}", depth + 1)
        elif key in TEXT_CHILDREN:
            SubElement(element, _NS + key).text = _plain(item, f"{place}.{key}")
        elif key != "xmlns" and item is not None:
            element.set(key, _plain(item, f"{place}.{key}"))


def _misplaced(key: str, child: Any) -> str:
    if key in ITEMS:
        return (
            f"a New Recruit roster (JSON) whose {key} holds {_kind(child)}, where each is an object"
        )
    return f"a New Recruit roster (JSON) whose {key} is an array, where a value is expected"


def _plain(item: Any, place: str) -> str:
    if isinstance(item, bool):
        return "true" if item else "false"
    if isinstance(item, int | float | str):
        return str(item)
    if item is None:
        return ""
    raise RosterError(
        f"a New Recruit roster (JSON) with {_kind(item)} where a value is expected", place
    )


def _kind(item: Any) -> str:
    return {dict: "an object", list: "an array", str: "a string", bool: "true or false"}.get(
        type(item), "a number" if isinstance(item, int | float) else "null"
    )

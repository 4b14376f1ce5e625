"""A foreign roster to JSON and back, as it is stored: every field of the reader's dataclass
tree, costs as decimal strings so nothing is rounded. Plain Python.

`roster_from_json` reads only what `roster_to_json` writes; stored JSON that is not of that
shape raises `StoredRosterError` (a row edited by hand), never a half-built roster.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import Any

from forgebuilder.lists.api import foreign

#: Bumped when the stored shape changes, so an older row is read by what wrote it.
FORMAT = "forgebuilder-foreign-roster"
VERSION = 1


class StoredRosterError(ValueError):
    """Stored JSON that is not a foreign roster as `roster_to_json` writes it."""


def _costs(costs: tuple[foreign.Cost, ...]) -> list[list[str]]:
    return [[cost.name, str(cost.value)] for cost in costs]


def _rules(rules: tuple[foreign.Rule, ...]) -> list[list[str]]:
    return [[rule.name, rule.text] for rule in rules]


def _selection(s: foreign.Selection) -> dict[str, Any]:
    return {
        "name": s.name,
        "number": s.number,
        "type": s.type,
        "costs": _costs(s.costs),
        "categories": list(s.categories),
        "custom_name": s.custom_name,
        "notes": s.notes,
        "profiles": [
            {
                "name": p.name,
                "type_name": p.type_name,
                "characteristics": list(map(list, p.characteristics)),
            }
            for p in s.profiles
        ],
        "rules": _rules(s.rules),
        "selections": [_selection(child) for child in s.selections],
    }


def _force(f: foreign.Force) -> dict[str, Any]:
    return {
        "name": f.name,
        "catalogue_name": f.catalogue_name,
        "catalogue_id": f.catalogue_id,
        "categories": list(f.categories),
        "rules": _rules(f.rules),
        "selections": [_selection(s) for s in f.selections],
        "forces": [_force(child) for child in f.forces],
    }


def roster_to_json(roster: foreign.ForeignRoster) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "name": roster.name,
        "game_system_name": roster.game_system_name,
        "game_system_id": roster.game_system_id,
        "builder": roster.builder,
        "schema_version": roster.schema_version,
        "cost_limits": _costs(roster.cost_limits),
        "costs": _costs(roster.costs),
        "forces": [_force(f) for f in roster.forces],
        "notes": roster.notes,
    }


def _text(data: dict, key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str):
        raise StoredRosterError(f"{key!r} is {type(value).__name__}, not text")
    return value


def _list(data: dict, key: str) -> list:
    value = data.get(key)
    if not isinstance(value, list):
        raise StoredRosterError(f"{key!r} is {type(value).__name__}, not a list")
    return value


def _pairs(data: dict, key: str) -> list[tuple[str, str]]:
    pairs = _list(data, key)
    if not all(
        isinstance(p, list) and len(p) == 2 and all(isinstance(x, str) for x in p) for p in pairs
    ):
        raise StoredRosterError(f"{key!r} holds something other than pairs of text")
    return [(a, b) for a, b in pairs]


def _read_costs(data: dict, key: str) -> tuple[foreign.Cost, ...]:
    try:
        return tuple(foreign.Cost(name, Decimal(value)) for name, value in _pairs(data, key))
    except InvalidOperation:
        raise StoredRosterError(f"{key!r} holds a cost that is not a number") from None


def _read_rules(data: dict) -> tuple[foreign.Rule, ...]:
    return tuple(foreign.Rule(name, text) for name, text in _pairs(data, "rules"))


def _read_profile(data: Any) -> foreign.Profile:
    if not isinstance(data, dict):
        raise StoredRosterError("a profile is not an object")
    return foreign.Profile(
        _text(data, "name"), _text(data, "type_name"), tuple(_pairs(data, "characteristics"))
    )


def _read_selection(data: Any) -> foreign.Selection:
    if not isinstance(data, dict) or not isinstance(data.get("number"), int):
        raise StoredRosterError("a selection is not an object with a whole number")
    return foreign.Selection(
        name=_text(data, "name"),
        number=data["number"],
        type=_text(data, "type"),
        costs=_read_costs(data, "costs"),
        categories=tuple(_texts(data, "categories")),
        custom_name=_text(data, "custom_name"),
        notes=_text(data, "notes"),
        profiles=tuple(_read_profile(p) for p in _list(data, "profiles")),
        rules=_read_rules(data),
        selections=tuple(_read_selection(s) for s in _list(data, "selections")),
    )


def _texts(data: dict, key: str) -> list[str]:
    values = _list(data, key)
    if not all(isinstance(v, str) for v in values):
        raise StoredRosterError(f"{key!r} holds something other than text")
    return values


def _read_force(data: Any) -> foreign.Force:
    if not isinstance(data, dict):
        raise StoredRosterError("a force is not an object")
    return foreign.Force(
        name=_text(data, "name"),
        catalogue_name=_text(data, "catalogue_name"),
        catalogue_id=_text(data, "catalogue_id"),
        categories=tuple(_texts(data, "categories")),
        rules=_read_rules(data),
        selections=tuple(_read_selection(s) for s in _list(data, "selections")),
        forces=tuple(_read_force(f) for f in _list(data, "forces")),
    )


def roster_from_json(data: Any) -> foreign.ForeignRoster:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise StoredRosterError(f'not a stored foreign roster (no "format": "{FORMAT}")')
    if data.get("version") != VERSION:
        raise StoredRosterError(f"a stored foreign roster of version {data.get('version')!r}")
    return foreign.ForeignRoster(
        name=_text(data, "name"),
        game_system_name=_text(data, "game_system_name"),
        game_system_id=_text(data, "game_system_id"),
        builder=_text(data, "builder"),
        schema_version=_text(data, "schema_version"),
        cost_limits=_read_costs(data, "cost_limits"),
        costs=_read_costs(data, "costs"),
        forces=tuple(_read_force(f) for f in _list(data, "forces")),
        notes=_text(data, "notes"),
    )

"""Small helpers for Battle Forge's loose JSON shapes: references, bundles and stats (§2.5)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

__all__ = [
    "DASH",
    "JSON",
    "Ref",
    "alternatives",
    "as_entity_map",
    "as_list",
    "is_dash",
    "numeric",
    "readable_id",
    "ref_id",
    "ref_x",
]

#: Any decoded JSON value.
JSON = Any
#: A weapon, rule or model reference: a bare id string or an object with ``id``.
Ref = str | dict[str, Any]

#: The "no value" stat marker.
DASH = "-"

_NUMBER = re.compile(r"^\s*-?(\d+(\.\d*)?|\.\d+)\s*$")


def is_dash(value: object) -> bool:
    """True when a stat is the "no value" marker ``"-"``."""
    return isinstance(value, str) and value.strip() == DASH


def numeric(value: object) -> float | None:
    """A stat or weapon field as a number: ints, floats and digit strings such as ``"12"``.

    Returns None for anything else (missing, ``"-"``, ``"Melee"``, bools, objects).
    """
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return float(value)
    if isinstance(value, str) and _NUMBER.match(value):
        return float(value)
    return None


def readable_id(raw: str) -> str:
    """A name for an id the data names but never spells out: ``"damage_chart"`` reads
    "Damage Chart", so no page shows a player the data's raw id."""
    words = [w for w in re.split(r"[_\s]+", raw.strip()) if w]
    return " ".join(w[:1].upper() + w[1:] for w in words) or raw


def ref_id(ref: object) -> str | None:
    """The id of a reference: the string itself, or the ``id`` of an object (None if absent)."""
    if isinstance(ref, str):
        return ref
    if isinstance(ref, Mapping):
        value = ref.get("id")
        if isinstance(value, str):
            return value
        if isinstance(value, int) and not isinstance(value, bool):
            return str(value)
    return None


def ref_x(ref: object) -> object:
    """The ``x`` input of a rule reference, or None."""
    return ref.get("x") if isinstance(ref, Mapping) else None


def as_list(value: object) -> list[Any]:
    """A verb value as a list: None is empty, a bare single value becomes a one-element list."""
    if value is None:
        return []
    if isinstance(value, list):
        return value
    return [value]


def _flatten(items: list[Any]) -> list[Any]:
    flat: list[Any] = []
    for item in items:
        if isinstance(item, list):
            flat.extend(_flatten(item))
        elif item is not None:
            flat.append(item)
    return flat


def alternatives(value: object) -> list[list[Any]]:
    """The alternatives of an option verb, each as a bundle (a list of refs taken together).

    A bare ref is one single-ref alternative; a nested list is one bundle alternative (deeper
    nesting is flattened).
    """
    return [_flatten(item) if isinstance(item, list) else [item] for item in as_list(value)]


def as_entity_map(value: object) -> dict[str, Any]:
    """An entity map keyed by id; arrays (relics, strategies) get ids ``"0"``, ``"1"``, ….

    Anything else (None, a string) is an empty map.
    """
    if isinstance(value, Mapping):
        return {str(key): item for key, item in value.items()}
    if isinstance(value, list):
        return {str(index): item for index, item in enumerate(value)}
    return {}

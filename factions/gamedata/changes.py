"""What changed between two versions of a game module, in players' words.

`module_changes(old, new)` compares two module specs (as JSON data: `ModuleSpec.model_dump(mode=
"json")`, as a published version stores them) and lists each thing added, removed or changed:
datasheets, their models, options and weapons, weapons, rules, legends, strategies, powers,
force organizations, focuses, doctrines, factions, the module's numbers and its campaign tables.
Things are matched by key, so a renamed datasheet is one change ("renamed from ..."), not a
removal and an addition. Each change says what it is in a sentence ("Orc Warriors: 10 -> 11
points"), and carries its place (`where`) for the JSON export and for finding what a list uses.

Plain Python over plain data: no Django.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

#: the keyed collections of a module or of a faction, with what one of them is called
SECTIONS: dict[str, str] = {
    "datasheets": "datasheet",
    "weapons": "weapon",
    "rules": "rule",
    "legends": "legend",
    "strategies": "strategy",
    "powers": "power",
    "power_specialties": "power specialty",
    "force_organizations": "force organization",
    "focuses": "focus",
    "model_templates": "model",
}
MODULE_SECTIONS = {"alliances": "alliance", "categories": "unit category", "doctrines": "doctrine"}
#: how a field is said in a change (fields not named here are said as their key)
FIELD_WORDS = {
    "points": "points",
    "extra_model_points": "points per extra model",
    "min": "fewest models",
    "max": "most models",
    "cost": "cost",
    "description": "text",
    "short": "short text",
    "cast_value": "casting value",
    "category": "category",
    "keywords": "keywords",
    "weapons": "weapons",
    "rules": "rules",
    "options": "options",
    "choices": "choices",
    "models": "models",
    "range": "range",
    "focuses": "focuses",
    "slots": "slots",
    "restricted": "restricted",
    "flavor": "flavour text",
    "stats": "",  # a stat is said by its own name ("movement 6 → 7")
}
MAX_TEXT = 60  # a changed text is quoted up to this many characters


@dataclass(frozen=True)
class Change:
    """One thing added, removed or changed between two versions."""

    kind: str  # "added", "removed", "changed"
    what: str  # "datasheet", "weapon", ..., "module"
    key: str  # the thing's key ("" for the module's own fields)
    faction: str  # the faction's key it belongs to, "" for the module's own
    name: str
    words: str  # the sentence a player reads
    details: tuple[str, ...] = field(default=())  # each changed field, in words

    @property
    def where(self) -> str:
        return ".".join(
            p for p in (self.faction and f"factions.{self.faction}", self.what, self.key) if p
        )

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "details": list(self.details), "where": self.where}


def module_changes(old: dict[str, Any], new: dict[str, Any]) -> list[Change]:
    """Every change from the module spec `old` to `new` (JSON data), the module's own first,
    then faction by faction, each section in a fixed order."""
    changes = _module_fields(old, new)
    changes += _layer(old, new, "", SECTIONS)
    changes += _layer(old, new, "", MODULE_SECTIONS)
    old_factions, new_factions = old.get("factions", {}), new.get("factions", {})
    for key in _keys(old_factions, new_factions):
        before, after = old_factions.get(key), new_factions.get(key)
        name = _name(after or before, key)
        if before is None or after is None:
            kind = "added" if before is None else "removed"
            changes.append(Change(kind, "faction", key, "", name, f"Faction {name} {kind}."))
            continue
        details = _fields(before, after, skip={"datasheets", *SECTIONS})
        if details:
            changes.append(_changed("faction", key, "", name, before, after, details))
        changes += _layer(before, after, key, SECTIONS)
    return changes


def _module_fields(old: dict[str, Any], new: dict[str, Any]) -> list[Change]:
    skip = {"factions", "slug", "format", "source", *SECTIONS, *MODULE_SECTIONS}
    details = _fields(old, new, skip=skip)
    if not details:
        return []
    name = new.get("name", "")
    return [Change("changed", "module", "", "", name, f"{name}: " + "; ".join(details) + ".",
                   tuple(details))]  # fmt: skip


def _layer(old: dict, new: dict, faction: str, sections: dict[str, str]) -> list[Change]:
    changes = []
    for section, what in sections.items():
        before_all, after_all = old.get(section) or {}, new.get(section) or {}
        for key in _keys(before_all, after_all):
            before, after = before_all.get(key), after_all.get(key)
            name = _name(after if after is not None else before, key)
            if before is None:
                changes.append(Change("added", what, key, faction, name, f"{name}: new {what}."))
            elif after is None:
                changes.append(Change("removed", what, key, faction, name, f"{name} removed."))
            elif before != after:
                details = _fields(before, after, skip=set())
                changes.append(_changed(what, key, faction, name, before, after, details))
    return changes


def _changed(what, key, faction, name, before, after, details: list[str]) -> Change:
    old_name = _name(before, key)
    if old_name != name:
        details = [f"renamed from {old_name}", *[d for d in details if not d.startswith("name ")]]
    words = f"{name}: " + "; ".join(details or ["changed"]) + "."
    return Change("changed", what, key, faction, name, words, tuple(details))


def _fields(before: dict, after: dict, *, skip: set[str]) -> list[str]:
    details: list[str] = []
    for key in _keys(before, after):
        if key in skip or before.get(key) == after.get(key):
            continue
        details += _said(
            FIELD_WORDS.get(key, key.replace("_", " ")), before.get(key), after.get(key)
        )
    return details


def _said(label: str, before: Any, after: Any) -> list[str]:
    """A field's change in words: a number or text from one to the other, what a list gains and
    loses, and inside a mapping or a list of named things, each of them by its name."""
    if isinstance(before, dict) and isinstance(after, dict):
        out = []
        for key in _keys(before, after):
            if before.get(key) != after.get(key):
                inner = _name(after.get(key) or before.get(key), key)
                out += _said(f"{label} {inner}".strip(), before.get(key), after.get(key))
        return out
    if isinstance(before, list) and isinstance(after, list):
        return _said_list(label, before, after)
    if label == "points" and _is_number(before) and _is_number(after):
        return [f"{before} → {after} points"]
    return [f"{label} {_shown(before)} → {_shown(after)}"]


def _said_list(label: str, before: list, after: list) -> list[str]:
    old, new = _by_id(before), _by_id(after)
    if old is None or new is None:  # plain values (keywords, references): what came and went
        gone = [_shown(v) for v in before if v not in after]
        came = [_shown(v) for v in after if v not in before]
        return [f"{label}: " + ", ".join([*(f"+ {c}" for c in came), *(f"- {g}" for g in gone)])]
    out = []
    for key in _keys(old, new):
        b, a = old.get(key), new.get(key)
        name = _name(a if a is not None else b, key)
        if b is None:
            out.append(f"{label}: + {name}")
        elif a is None:
            out.append(f"{label}: - {name}")
        elif a != b:
            out += [f"{name}: {d}" for d in _fields(b, a, skip=set())]
    return out


def _by_id(items: list) -> dict[str, Any] | None:
    """Named things of a list by their id (or name, or ref), or None for plain values."""
    keyed: dict[str, Any] = {}
    for item in items:
        if not isinstance(item, dict):
            return None
        key = item.get("id") or item.get("name") or item.get("ref") or item.get("label")
        if not key or key in keyed:
            return None
        keyed[str(key)] = item
    return keyed


def _keys(before: dict, after: dict) -> list[str]:
    return [*before, *(k for k in after if k not in before)]


def _name(thing: Any, key: str) -> str:
    if isinstance(thing, dict):
        return str(thing.get("name") or thing.get("label") or key)
    return key


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _shown(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict):
        return str(value.get("name") or value.get("id") or value.get("ref") or "…")
    if isinstance(value, list):
        return ", ".join(_shown(v) for v in value) or "none"
    text = str(value)
    return (
        f"“{text[: MAX_TEXT - 1]}…”"
        if len(text) > MAX_TEXT
        else (f"“{text}”" if isinstance(value, str) else text)
    )

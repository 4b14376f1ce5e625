"""Validate a module source into a ModuleSpec, turning every failure into a readable Problem.

Every problem is reported in one run. When the schema fails, the entries holding the errors are
left out and the rest is validated again, so that its ids and stats are still checked: a designer
fixing a file sees the malformed datasheet and the unknown weapon elsewhere at the same time.
"""

from __future__ import annotations

import copy
import difflib
import types
import typing
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ValidationError
from pydantic_core import ErrorDetails

from .files import ModuleSource
from .problems import ModuleFileError, Problem, pydantic_message
from .references import Finding, module_findings
from .schemas import ModuleSpec

Path = tuple[object, ...]

# What the ids of each kind of mapping entry are called in reference findings.
ENTRY_KINDS = {
    "alliances": "alliance",
    "categories": "category",
    "doctrines": "doctrine",
    "focuses": "focus",
    "rules": "rule",
    "weapons": "weapon",
    "model_templates": "model",
    "power_specialties": "power specialty",
    "datasheets": "datasheet",
}
# Stands in for a required module-level value that failed, so the rest can still be checked.
PLACEHOLDER = "_invalid"
MAX_PASSES = 3


def validate_source(source: ModuleSource) -> ModuleSpec:
    """The validated module; raises ModuleFileError listing every problem (schema, ids, stats).

    Schema problems come first, then the reference and ruleset findings of what remains once the
    failing entries are left out, except findings about the ids that were left out.
    """
    pruned = _validate_pruning(source)
    problems = list(pruned.problems)
    if pruned.spec is not None:
        problems += [
            source.problem(finding.path, finding.message)
            for finding in module_findings(pruned.spec)
            if not pruned.hides(finding)
        ]
    if problems or pruned.spec is None:
        raise ModuleFileError(problems)
    return pruned.spec


@dataclass
class _Pruned:
    """The spec validated from what was left of the data, and what was left out on the way."""

    spec: ModuleSpec | None = None
    problems: list[Problem] = field(default_factory=list)
    dropped: list[Path] = field(default_factory=list)
    # (faction key or None for the module, kind, id); id "*" when the whole mapping went
    ids: set[tuple[str | None, str, str]] = field(default_factory=set)

    def hides(self, finding: Finding) -> bool:
        """Whether the finding only repeats a schema problem (in a dropped part, about its id)."""
        if any(finding.path[: len(path)] == path for path in self.dropped):
            return True
        if finding.about is None:
            return False
        kind, key = finding.about
        path = finding.path
        faction = str(path[1]) if len(path) > 2 and path[0] == "factions" else None
        scopes = {None, faction}
        return any((scope, kind, k) in self.ids for scope in scopes for k in (key, "*"))


def _validate_pruning(source: ModuleSource) -> _Pruned:
    result = _Pruned()
    data: Any = source.data
    seen: set[tuple[Path, str]] = set()
    for _ in range(MAX_PASSES):
        try:
            result.spec = ModuleSpec.model_validate(data)
            return result
        except ValidationError as exc:
            errors = _innermost(exc, data)
        for parts, message, _kind in errors:
            if (parts, message) not in seen:
                seen.add((parts, message))
                result.problems.append(source.problem(parts, message))
        if data is source.data:
            data = copy.deepcopy(data)
        if not all(_prune(data, parts, kind, result) for parts, _message, kind in errors):
            break
    return result


def _innermost(exc: ValidationError, data: Any) -> list[tuple[Path, str, str]]:
    """(path, message, error type) of each error, leaving out repeats and errors around others.

    An error inside a value also fails the value around it (a model that fails leaves the
    `models` list short of its minimum); only the inner one says what to fix.
    """
    found: list[tuple[Path, str, str]] = []
    for error in exc.errors(include_url=False):
        parts = _data_path(data, error["loc"])
        item = (parts, _message(error, parts), error["type"])
        if item not in found:
            found.append(item)
    return [
        item
        for item in found
        if not any(len(o[0]) > len(item[0]) and o[0][: len(item[0])] == item[0] for o in found)
    ]


def _prune(data: dict[str, Any], parts: Path, kind: str, result: _Pruned) -> bool:
    """Leave out what holds the error at `parts`; False when nothing can be left out."""
    if kind == "extra_forbidden" and len(parts) > 1:
        # the unknown key itself is all that is wrong; its entry validates without it
        target: Path = parts
    else:
        entry = _entry_of(parts)
        if entry is not None:
            target = entry
            collection = str(entry[-2])
            faction = str(entry[1]) if len(entry) > 2 and entry[0] == "factions" else None
            if collection in ENTRY_KINDS:
                result.ids.add((faction, ENTRY_KINDS[collection], str(entry[-1])))
        elif parts:
            return _prune_module_key(data, str(parts[0]), result)
        else:
            return False
    _remove(data, target)
    result.dropped.append(target)
    return True


def _prune_module_key(data: dict[str, Any], key: str, result: _Pruned) -> bool:
    """A module-level value failed: drop it (its default applies) or stand in for it."""
    spec_field = ModuleSpec.model_fields.get(key)
    if spec_field is not None and spec_field.is_required():
        data[key] = PLACEHOLDER
    else:
        data.pop(key, None)
        if key in ENTRY_KINDS:
            result.ids.add((None, ENTRY_KINDS[key], "*"))
    result.dropped.append((key,))
    return True


def _remove(data: Any, parts: Path) -> None:
    node = data
    for part in parts[:-1]:
        try:
            node = node[part]
        except (KeyError, IndexError, TypeError):
            return
    if isinstance(node, dict):
        node.pop(parts[-1], None)


def _entry_of(parts: Path) -> Path | None:
    """The path of the smallest mapping entry (a datasheet, weapon, rule...) holding `parts`."""
    annotation: Any = ModuleSpec
    entry = None
    for i, part in enumerate(parts):
        annotation = _unwrap(annotation)
        if _is_entry_mapping(annotation):
            entry = parts[: i + 1]
        annotation = _step(annotation, part)
        if annotation is None:
            break
    return entry


def _is_entry_mapping(annotation: Any) -> bool:
    """`dict[Key, SomeSpec]`: a mapping whose values are entries of their own."""
    if typing.get_origin(annotation) is not dict:
        return False
    value = _unwrap(typing.get_args(annotation)[1])
    return isinstance(value, type) and issubclass(value, BaseModel)


def _data_path(data: Any, loc: tuple[Any, ...]) -> Path:
    """Keep the parts of pydantic's location that are real keys or indexes of the data.

    Pydantic adds tags for union members and validators (`int`, `function-after[...]`); they are
    not where the designer has to look.
    """
    parts: list[object] = []
    node = data
    for part in loc:
        if part == "[key]":
            continue
        if (isinstance(node, dict) and part in node) or (
            isinstance(node, list) and isinstance(part, int) and part < len(node)
        ):
            parts.append(part)
            node = node[part]
        elif isinstance(node, dict) and isinstance(part, str) and "[" not in part:
            # a missing or unknown key: name it, and stop walking
            parts.append(part)
            node = None
    return tuple(parts)


def _message(error: ErrorDetails, parts: Path) -> str:
    kind = error["type"]
    value = error.get("input")
    last = parts[-1] if parts else ""
    if kind == "missing":
        return f"'{last}' is required"
    if kind == "extra_forbidden":
        allowed = _allowed_keys(parts[:-1])
        hint = difflib.get_close_matches(str(last), allowed, n=1)
        text = f"unknown key '{last}'"
        if hint:
            return f"{text} (did you mean '{hint[0]}'?)"
        return f"{text}; allowed here: {', '.join(allowed)}" if allowed else text
    if kind == "string_pattern_mismatch":
        return f"'{value}' is not a valid id: use letters, digits, '_', '-' or '.', no spaces"
    return pydantic_message(error)


def _allowed_keys(parts: Path) -> list[str]:
    model: Any = ModuleSpec
    for part in parts:
        model = _step(model, part)
        if model is None:
            return []
    if isinstance(model, type) and issubclass(model, BaseModel):
        return sorted(model.model_fields)
    return []


def _step(annotation: Any, part: object) -> Any:
    """The type found one step below `annotation` when following `part`."""
    annotation = _unwrap(annotation)
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        spec_field = annotation.model_fields.get(str(part))
        return _unwrap(spec_field.annotation) if spec_field else None
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    if origin is dict and len(args) == 2:
        return _unwrap(args[1])
    if origin in (tuple, list) and args:
        return _unwrap(args[0])
    return None


def _unwrap(annotation: Any) -> Any:
    while True:
        origin = typing.get_origin(annotation)
        if origin is typing.Annotated:
            annotation = typing.get_args(annotation)[0]
            continue
        if origin in (typing.Union, types.UnionType):
            members = [a for a in typing.get_args(annotation) if a is not type(None)]
            models = [a for a in members if isinstance(a, type) and issubclass(a, BaseModel)]
            if len(models) == 1:
                annotation = models[0]
                continue
            if len(members) == 1:
                annotation = members[0]
                continue
        return annotation

"""Validate a module source into a ModuleSpec, turning every failure into a readable Problem."""

from __future__ import annotations

import difflib
import types
import typing
from typing import Any

from pydantic import BaseModel, ValidationError

from .files import ModuleSource
from .problems import ModuleFileError, Problem
from .references import check_module
from .schemas import ModuleSpec


def validate_source(source: ModuleSource) -> ModuleSpec:
    """The validated module; raises ModuleFileError listing every problem (schema, ids, stats)."""
    try:
        spec = ModuleSpec.model_validate(source.data)
    except ValidationError as exc:
        raise ModuleFileError(schema_problems(exc, source)) from exc
    problems = [source.problem(parts, message) for parts, message in check_module(spec)]
    if problems:
        raise ModuleFileError(problems)
    return spec


def schema_problems(exc: ValidationError, source: ModuleSource) -> list[Problem]:
    problems: list[Problem] = []
    seen: set[tuple[tuple[object, ...], str]] = set()
    for error in exc.errors(include_url=False):
        parts = _data_path(source.data, error["loc"])
        message = _message(error, parts)
        if (parts, message) in seen:
            continue
        seen.add((parts, message))
        problems.append(source.problem(parts, message))
    return problems


def _data_path(data: Any, loc: tuple[Any, ...]) -> tuple[object, ...]:
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


def _message(error: dict[str, Any], parts: tuple[object, ...]) -> str:
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
    if kind in {"int_type", "int_parsing", "int_from_float"}:
        return f"must be a whole number, not {value!r}"
    if kind in {"dict_type", "model_type", "model_attributes_type"}:
        return f"must be a mapping of keys, not {type(value).__name__}"
    if kind in {"list_type", "tuple_type"}:
        return f"must be a list, not {type(value).__name__}"
    if kind in {"string_type"}:
        return f"must be text, not {value!r}"
    if kind in {"too_short"} and isinstance(value, list | tuple) and not value:
        return "must not be empty"
    message = str(error["msg"])
    for prefix in ("Value error, ", "Assertion failed, "):
        message = message.removeprefix(prefix)
    return message[0].lower() + message[1:] if message else kind


def _allowed_keys(parts: tuple[object, ...]) -> list[str]:
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
        field = annotation.model_fields.get(str(part))
        return _unwrap(field.annotation) if field else None
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

"""A schema's validation errors in the admin's words: each pydantic error as (path into the
row's data, message), worded like the module loader's, the innermost error only. The admin
forms (admin_forms.py) put each on the field it belongs to."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from pydantic import ValidationError
from pydantic_core import ErrorDetails


def schema_errors(exc: ValidationError, data: Any) -> Iterator[tuple[tuple[object, ...], str]]:
    """(path into `data`, message) for each pydantic error, worded like the module loader's.

    An error inside a value also fails the value around it (an empty item leaves a list short);
    only the innermost is reported.
    """
    found = [
        (parts, error_message(error, parts))
        for error in exc.errors(include_url=False)
        for parts in [_data_path(data, error["loc"])]
    ]
    for parts, message in found:
        if not any(len(other) > len(parts) and other[: len(parts)] == parts for other, _ in found):
            yield parts, message


def _data_path(data: Any, loc: tuple[Any, ...]) -> tuple[object, ...]:
    # Keep real keys and indexes; pydantic adds tags for union members and validators.
    parts: list[object] = []
    node = data
    for part in loc:
        if isinstance(node, dict) and isinstance(part, str) and "[" not in part:
            parts.append(part)
            node = node.get(part)
        elif isinstance(node, list | tuple) and isinstance(part, int) and part < len(node):
            parts.append(part)
            node = node[part]
    return tuple(parts)


def error_message(error: ErrorDetails, parts: tuple[object, ...]) -> str:
    kind, value = error["type"], error.get("input")
    last = parts[-1] if parts else ""
    if kind == "missing":
        return f"'{last}' is required"
    if kind == "extra_forbidden":
        return f"unknown key '{last}'"
    if kind == "string_pattern_mismatch":
        return f"'{value}' is not a valid id: use letters, digits, '_', '-' or '.', no spaces"
    if kind == "too_short" and isinstance(value, list | tuple) and not value:
        return "must not be empty"
    message = str(error["msg"]).removeprefix("Value error, ").removeprefix("Assertion failed, ")
    return message[:1].lower() + message[1:]

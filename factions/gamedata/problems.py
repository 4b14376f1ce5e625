"""A problem found in a game-module file: which file, where inside it, and what is wrong."""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

from pydantic_core import ErrorDetails

from forgebuilder.refused import Refused


@dataclass(frozen=True, slots=True)
class Problem:
    file: str
    path: str
    message: str
    line: int | None = None
    severity: str = "error"  # "error" stops a load; "warning" is reported and loading goes on

    def __str__(self) -> str:
        where = self.file if self.line is None else f"{self.file}:{self.line}"
        path = f" {self.path}:" if self.path else ""
        return f"{where}:{path} {self.message}"


class ModuleFileError(Refused):
    """Raised with every problem found; nothing has been written when it is raised."""

    code = "module-file-invalid"

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems))


def format_path(parts: tuple[object, ...] | list[object]) -> str:
    """`('factions', 'x', 'models', 0, 'stats')` -> `factions.x.models[0].stats`."""
    text = ""
    for part in parts:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            text += f".{part}" if text else str(part)
    return text


_NOUNS = {
    "int_type": "a whole number",
    "bool_type": "true or false",
    "dict_type": "a mapping of keys",
    "model_type": "a mapping of keys",
    "model_attributes_type": "a mapping of keys",
    "list_type": "a list",
    "tuple_type": "a list",
    "string_type": "text",
}


def pydantic_message(error: ErrorDetails) -> str:
    """A pydantic error in designers' words: what the value must be, and what it was.

    Used for module files and ruleset parameters alike, so one mistake reads the same wherever
    it is made. Errors that need the path (a missing or unknown key) are worded by the caller.
    """
    kind = error["type"]
    value = error.get("input")
    ctx = error.get("ctx") or {}
    if value is None and kind in _NOUNS:
        # `key:` with nothing after it
        return f"is empty; write {_NOUNS[kind]}"
    if kind in {"int_type", "int_parsing", "int_from_float"}:
        return f"must be a whole number, not {value!r}"
    if kind in {"bool_type", "bool_parsing"}:
        return f"must be true or false, not {value!r}"
    if kind in {"dict_type", "model_type", "model_attributes_type"}:
        return f"must be a mapping of keys, not {type(value).__name__}"
    if kind in {"list_type", "tuple_type"}:
        return f"must be a list, not {type(value).__name__}"
    if kind == "string_type":
        return f"must be text, not {value!r}"
    if kind in {"too_short", "string_too_short"} and not value:
        return "must not be empty"
    if kind == "string_too_long":
        return f"must be at most {ctx.get('max_length')} characters long"
    if kind == "greater_than_equal":
        return f"must be at least {ctx.get('ge')}, not {value!r}"
    if kind == "less_than_equal":
        return f"must be at most {ctx.get('le')}, not {value!r}"
    if kind == "literal_error":
        expected = str(ctx.get("expected", ""))
        text = f"must be {expected}, not {value!r}"
        choices = re.findall(r"'([^']*)'", expected)
        hint = difflib.get_close_matches(str(value), choices, n=1) if choices else []
        return f"{text} (did you mean '{hint[0]}'?)" if hint else text
    message = str(error["msg"])
    for prefix in ("Value error, ", "Assertion failed, "):
        message = message.removeprefix(prefix)
    return message[:1].lower() + message[1:] if message else kind

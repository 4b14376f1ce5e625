"""Read list documents from untrusted input (files, API bodies) with errors that say where."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from factions.catalog import Catalog, catalog_by_slug
from factions.gamedata.problems import format_path

from .listdoc import ListDocument
from .rules import Report, Roster
from .selectors import evaluated_document


@dataclass(frozen=True)
class DocumentError(Exception):
    """A list document that cannot be read: each problem is (path, message)."""

    problems: tuple[tuple[str, str], ...]

    def __str__(self) -> str:
        return "; ".join(f"{p}: {m}" if p else m for p, m in self.problems)

    def to_json(self) -> dict:
        return {"errors": [{"path": p, "message": m} for p, m in self.problems]}


def read_json(raw: bytes | str) -> Any:
    """JSON text read into data; raises DocumentError saying where it is not JSON, or where it
    holds a text no database stores (a NUL, or half of a UTF-16 pair)."""
    data = _loads(raw)
    place = unstorable_text(data)
    if place is not None:
        where, what = place
        raise DocumentError(((where, f"the text contains {what}; remove it"),))
    return data


def unstorable_text(data: Any) -> tuple[str, str] | None:
    """(path, what) of the first key or string in `data` holding a NUL or a lone surrogate."""
    stack: list[tuple[tuple[str | int, ...], Any]] = [((), data)]
    while stack:
        path, value = stack.pop()
        items: Any = ()
        if isinstance(value, str):
            problem = _unstorable(value)
            if problem:
                return format_path(path), problem
        elif isinstance(value, dict):
            items = value.items()
            for key in value:
                if problem := _unstorable(key):
                    return format_path(path), f"a key with {problem}"
        elif isinstance(value, list):
            items = enumerate(value)
        stack.extend(((*path, k), v) for k, v in items)
    return None


def _unstorable(text: str) -> str | None:
    if "\x00" in text:
        return "a control character (U+0000)"
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return "half of a UTF-16 surrogate pair (not a character)"
    return None


def _loads(raw: bytes | str) -> Any:
    try:
        return json.loads(raw)
    except json.JSONDecodeError as exc:
        where = f" (line {exc.lineno}, column {exc.colno})"
        raise DocumentError((("", f"not valid JSON{where}: {exc.msg}"),)) from exc
    except UnicodeDecodeError as exc:
        raise DocumentError((("", "not valid JSON: the text is not UTF-8"),)) from exc
    except RecursionError as exc:
        raise DocumentError((("", "not valid JSON: arrays or objects nested too deeply"),)) from exc
    except ValueError as exc:  # Python reads no integer of more than 4300 digits
        raise DocumentError((("", "not valid JSON: a number has too many digits"),)) from exc


def parse_document(raw: bytes | str | dict[str, Any]) -> ListDocument:
    """A validated ListDocument from JSON text or data; raises DocumentError."""
    if isinstance(raw, bytes | str):
        raw = read_json(raw)
    if not isinstance(raw, dict):
        raise DocumentError((("", "a list document is a JSON object"),))
    try:
        return ListDocument.model_validate(raw)
    except ValidationError as exc:
        raise invalid_document(exc) from exc


def invalid_document(exc: ValidationError) -> DocumentError:
    """The DocumentError naming each place a list document failed validation, and why."""
    problems = []
    for error in exc.errors(include_url=False):
        loc = tuple(p for p in error["loc"] if isinstance(p, str | int))
        message = str(error["msg"]).removeprefix("Value error, ")
        if error["type"] == "extra_forbidden":
            message = "unknown key"
        elif error["type"] == "missing":
            message = "required"
        problems.append((format_path(loc), message))
    return DocumentError(tuple(problems))


def document_catalog(document: ListDocument) -> Catalog:
    catalog = catalog_by_slug(document.module)
    if catalog is None:
        raise DocumentError((("module", f"no game module '{document.module}' is loaded"),))
    return catalog


def document_report(document: ListDocument) -> tuple[Roster, Report]:
    """Resolve and evaluate a document; raises DocumentError when its module is unknown."""
    return evaluated_document(document=document, catalog=document_catalog(document))

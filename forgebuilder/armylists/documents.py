"""Read list documents from untrusted input (files, API bodies) with errors that say where."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from factions.catalog import Catalog, catalog_by_slug
from factions.gamedata.problems import format_path

from .listdoc import ListDocument
from .rules import Report, Roster, evaluate, resolve


@dataclass(frozen=True)
class DocumentError(Exception):
    """A list document that cannot be read: each problem is (path, message)."""

    problems: tuple[tuple[str, str], ...]

    def __str__(self) -> str:
        return "; ".join(f"{p}: {m}" if p else m for p, m in self.problems)

    def to_json(self) -> dict:
        return {"errors": [{"path": p, "message": m} for p, m in self.problems]}


def parse_document(raw: bytes | str | dict[str, Any]) -> ListDocument:
    """A validated ListDocument from JSON text or data; raises DocumentError."""
    if isinstance(raw, bytes | str):
        try:
            raw = json.loads(raw)
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            where = f" (line {exc.lineno}, column {exc.colno})" if hasattr(exc, "lineno") else ""
            raise DocumentError(
                (("", f"not valid JSON{where}: {getattr(exc, 'msg', exc)}"),)
            ) from exc
    if not isinstance(raw, dict):
        raise DocumentError((("", "a list document is a JSON object"),))
    try:
        return ListDocument.model_validate(raw)
    except ValidationError as exc:
        problems = []
        for error in exc.errors(include_url=False):
            loc = tuple(p for p in error["loc"] if isinstance(p, str | int))
            message = str(error["msg"]).removeprefix("Value error, ")
            if error["type"] == "extra_forbidden":
                message = "unknown key"
            elif error["type"] == "missing":
                message = "required"
            problems.append((format_path(loc), message))
        raise DocumentError(tuple(problems)) from exc


def document_catalog(document: ListDocument) -> Catalog:
    catalog = catalog_by_slug(document.module)
    if catalog is None:
        raise DocumentError((("module", f"no game module '{document.module}' is loaded"),))
    return catalog


def document_report(document: ListDocument) -> tuple[Roster, Report]:
    """Resolve and evaluate a document; raises DocumentError when its module is unknown."""
    roster = resolve(document, document_catalog(document))
    return roster, evaluate(roster)

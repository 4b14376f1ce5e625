"""Read list documents from untrusted input (files, API bodies) with errors that say where."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from factions.catalog import Catalog, catalog_by_slug
from factions.gamedata.problems import format_path
from forgebuilder import inputguard
from forgebuilder.engine.api import ListDocument, Report, Roster
from forgebuilder.lists.selectors import evaluated_document
from forgebuilder.refusals import Refused

MAX_DOCUMENT_BYTES = 1_000_000  # a list document, an import, an API body


@dataclass(frozen=True)
class DocumentError(Refused):
    """A list document that cannot be read: each problem is (path, message)."""

    code = "unreadable-list-document"
    problems: tuple[tuple[str, str], ...]

    def __str__(self) -> str:
        return "; ".join(f"{p}: {m}" if p else m for p, m in self.problems)

    @property  # type: ignore[override]
    def message(self) -> str:
        return str(self)

    def errors(self) -> list[dict[str, str]]:
        return [{"code": self.code, "message": m, "hint": "", "path": p} for p, m in self.problems]

    def to_json(self) -> dict:
        return {"errors": [{"path": p, "message": m} for p, m in self.problems]}


def read_json(raw: bytes | str, max_bytes: int = MAX_DOCUMENT_BYTES) -> Any:
    """JSON text read into data; raises DocumentError saying where it is not JSON, or where it
    holds what no database stores (`inputguard.read_json`: a NUL, half of a UTF-16 pair, NaN,
    nesting too deep, a text too large)."""
    try:
        return inputguard.read_json(raw, max_bytes=max_bytes)
    except inputguard.JsonRefused as refused:
        raise DocumentError(((refused.path, refused.message),)) from refused


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

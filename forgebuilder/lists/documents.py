"""Read list documents from untrusted input (files, API bodies) with errors that say where."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, NamedTuple

from pydantic import ValidationError

from factions.catalog import Catalog, catalog_by_slug
from factions.gamedata.problems import format_path
from factions.models import GameModule
from forgebuilder import inputguard
from forgebuilder.engine.api import ListDocument, Report, Roster
from forgebuilder.lists.selectors import evaluated_document
from forgebuilder.refusals import Refused

MAX_DOCUMENT_BYTES = 1_000_000  # a list document, an import, an API body


class DocumentProblem(NamedTuple):
    """One place a list document cannot be read: where (`path`, "" for the whole document), why
    (`message`), a stable `code` and what to do (`hint`)."""

    path: str
    message: str
    code: str = "unreadable-list-document"
    hint: str = ""


class DocumentError(Refused):
    """A list document that cannot be read, naming each problem (a `DocumentProblem`, or a `(path,
    message)` pair read as one)."""

    code = "unreadable-list-document"

    def __init__(self, problems: Iterable[DocumentProblem | tuple[str, str]]) -> None:
        self.problems = tuple(DocumentProblem(*p) for p in problems)
        super().__init__(str(self), self.problems[0].hint if self.problems else "")

    def __str__(self) -> str:
        return "; ".join(f"{p.path}: {p.message}" if p.path else p.message for p in self.problems)

    def errors(self) -> list[dict[str, str]]:
        return [p._asdict() for p in self.problems]

    def to_json(self) -> dict:
        return {"errors": self.errors()}


_VALUE_HINT = "See docs/list-format.md for what this field takes."
_SHAPE_HINT = 'Send one JSON object such as {"format": "forgebuilder-list", ...}.'
_UNKNOWN_KEY_HINT = "Check its spelling, or remove it: documents hold only the keys of the format."


def _json_problem(refused: inputguard.JsonRefused) -> DocumentProblem:
    if refused.path:  # JSON, holding a value no database stores
        return DocumentProblem(
            refused.path, refused.message, "unstorable-value", "Remove or shorten it."
        )
    return DocumentProblem("", refused.message, "not-json", "Send the list document as JSON text.")


def _unknown_module(slug: str) -> DocumentProblem:
    slugs = GameModule.objects.order_by("slug").values_list("slug", flat=True)
    loaded = ", ".join(slugs) or "none yet"
    return DocumentProblem(
        "module",
        f"no game module '{slug}' is loaded",
        "unknown-module",
        f"Use one of the loaded modules: {loaded}.",
    )


def read_json(raw: bytes | str, max_bytes: int = MAX_DOCUMENT_BYTES) -> Any:
    """JSON text read into data; raises DocumentError saying where it is not JSON, or where it
    holds what no database stores (`inputguard.read_json`: a NUL, half of a UTF-16 pair, NaN,
    nesting too deep, a text too large)."""
    try:
        return inputguard.read_json(raw, max_bytes=max_bytes)
    except inputguard.JsonRefused as refused:
        raise DocumentError((_json_problem(refused),)) from refused


def parse_document(raw: bytes | str | dict[str, Any]) -> ListDocument:
    """A validated ListDocument from JSON text or data; raises DocumentError."""
    if isinstance(raw, bytes | str):
        raw = read_json(raw)
    if not isinstance(raw, dict):
        raise DocumentError(
            (DocumentProblem("", "a list document is a JSON object", "not-an-object", _SHAPE_HINT),)
        )
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
        path = format_path(loc)
        if error["type"] == "extra_forbidden":
            problems.append(DocumentProblem(path, "unknown key", "unknown-key", _UNKNOWN_KEY_HINT))
        elif error["type"] == "missing":
            problems.append(
                DocumentProblem(path, "required", "missing-key", "Add it to the document.")
            )
        else:
            problems.append(DocumentProblem(path, message, "invalid-value", _VALUE_HINT))
    return DocumentError(tuple(problems))


def document_catalog(document: ListDocument) -> Catalog:
    catalog = catalog_by_slug(document.module)
    if catalog is None:
        raise DocumentError((_unknown_module(document.module),))
    return catalog


def document_report(document: ListDocument) -> tuple[Roster, Report]:
    """Resolve and evaluate a document; raises DocumentError when its module is unknown."""
    return evaluated_document(document=document, catalog=document_catalog(document))

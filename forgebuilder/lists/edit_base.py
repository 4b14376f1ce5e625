"""What every edit of a list document stands on (edits.py, list_edits.py, note_edits.py): the
refusal (EditError, in players' words), the document validated again after a change, and the
unit, datasheet and force an edit names, found or refused."""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from factions.catalog import Catalog
from factions.gamedata.problems import format_path
from forgebuilder.engine.api import (
    MAX_CHOICES,
    MAX_FORCES,
    MAX_LEGENDS,
    MAX_UNITS,
    ListDocument,
    ListUnit,
)
from forgebuilder.refusals import Refused


class EditError(Refused, ValueError):
    """An edit that cannot be applied; the message says why, in players' words."""

    code = "edit-refused"


OTHER_FACTION = "Units can only move to a force organization of their own faction."


# What the document's size limits mean to a player, by the list that reached its limit.
TOO_MANY = {
    ("units",): f"A list holds at most {MAX_UNITS} units.",
    ("forces",): f"A list holds at most {MAX_FORCES} force organizations.",
    ("legends",): f"A list holds at most {MAX_LEGENDS} legends.",
}


TOO_MANY_CHOICES = f"A unit takes at most {MAX_CHOICES} different choices."


def replaced(document: ListDocument, **changes: Any) -> ListDocument:
    """`document` with `changes` to its top-level fields, validated (EditError if it breaks a rule)."""
    data = document.model_dump()
    data.update(changes)
    return validated(data)


def validated(data: dict[str, Any]) -> ListDocument:
    """`data` as a document; a limit or rule of the format it breaks raises EditError."""
    try:
        return ListDocument.model_validate(data)
    except ValidationError as exc:
        raise _refusal(exc) from None


def _refusal(exc: ValidationError) -> EditError:
    error = exc.errors(include_url=False)[0]
    loc = tuple(p for p in error["loc"] if isinstance(p, str | int))
    if error["type"] == "too_long":
        if loc in TOO_MANY:
            return EditError(TOO_MANY[loc])
        if loc[-1:] == ("options",):
            return EditError(TOO_MANY_CHOICES)
    message = str(error["msg"]).removeprefix("Value error, ")
    where = format_path(loc)
    return EditError(f"The change was not saved: {where + ': ' if where else ''}{message}.")


def unit_in(document: ListDocument, unit_id: str) -> ListUnit:
    """The unit `unit_id` of `document`; EditError when another tab removed it."""
    unit = document.unit(unit_id)
    if unit is None:
        raise EditError("That unit is no longer in the list.")
    return unit


def with_unit(document: ListDocument, unit: ListUnit) -> ListDocument:
    """`document` with `unit` in place of the unit of the same id."""
    units = [unit if u.id == unit.id else u for u in document.units]
    return replaced(document, units=[u.model_dump() for u in units])


def sheet_of(catalog: Catalog, document: ListDocument, unit: ListUnit):
    """The datasheet of `unit` in its faction; EditError when the module lost it."""
    sheet = catalog.datasheet(document.unit_faction(unit), unit.datasheet)
    if sheet is None:
        raise EditError(f"The datasheet '{unit.datasheet}' is not in the module any more.")
    return sheet


def force_faction(document: ListDocument, force_id: str | None) -> str | None:
    """The faction of force `force_id`, or None (no force, or none of that id)."""
    force = document.force(force_id) if force_id else None
    return force.faction if force else None

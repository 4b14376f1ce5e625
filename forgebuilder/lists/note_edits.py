"""Edits of the notes on a list and on its units (pure: document in, document out).

Notes are free text of at most `MAX_NOTE` characters; control characters other than line
breaks and tabs are removed first (they are invisible and can disguise text).
"""

from __future__ import annotations

from forgebuilder.engine.api import MAX_NOTE, ListDocument
from forgebuilder.lists.edit_base import EditError, replaced, unit_in, with_unit
from forgebuilder.lists.importers.notes import clean_note

TOO_LONG = f"Notes have at most {MAX_NOTE:,} characters; these have {{n:,}}."


def _checked(notes: str) -> str:
    notes = clean_note(notes).strip()
    if len(notes) > MAX_NOTE:
        raise EditError(TOO_LONG.format(n=len(notes)))
    return notes


def set_list_notes(document: ListDocument, *, notes: str) -> ListDocument:
    return replaced(document, notes=_checked(notes))


def set_unit_notes(document: ListDocument, *, unit_id: str, notes: str) -> ListDocument:
    unit = unit_in(document, unit_id)
    return with_unit(document, unit.model_copy(update={"notes": _checked(notes)}))

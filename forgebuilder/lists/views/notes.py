"""Edit endpoints for notes: the list's and a unit's (owner only; htmx or plain form posts)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_POST

from forgebuilder.engine.api import MAX_NOTE
from forgebuilder.lists import note_edits
from forgebuilder.lists.views.edit import BadInput, run_edit, unit_label


def _notes(request: HttpRequest) -> str:
    value = request.POST.get("notes")
    if value is None:
        raise BadInput("'notes' is missing.")
    if len(value) > MAX_NOTE * 2:  # cleaning only shortens; refuse far-too-long text at once
        raise BadInput(f"Notes have at most {MAX_NOTE:,} characters.")
    return value


@require_POST
def list_notes(request: HttpRequest, public_id: str) -> HttpResponse:
    def parse():
        notes = _notes(request)
        return lambda doc, cat: note_edits.set_list_notes(doc, notes=notes)

    return run_edit(request, public_id, "Edit the list's notes", parse)


@require_POST
def unit_notes(request: HttpRequest, public_id: str, unit_id: str) -> HttpResponse:
    def parse():
        notes = _notes(request)
        return lambda doc, cat: note_edits.set_unit_notes(doc, unit_id=unit_id, notes=notes)

    return run_edit(request, public_id, unit_label(unit_id, "notes"), parse, unit_id=unit_id)

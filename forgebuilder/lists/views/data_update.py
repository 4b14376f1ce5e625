"""The editor's "Update to <module> <version>" button: one undoable edit that moves the list
onto the module's current version (forgebuilder/lists/data_updates.py), and the banner that
offers it, drawn again when an undo brings the old version back."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_POST

from factions.catalog import Catalog
from forgebuilder.engine.api import ListDocument
from forgebuilder.lists.data_updates import built_on_catalog, updated_document
from forgebuilder.lists.views.edit import run_edit


@require_POST
def list_update_data(request: HttpRequest, public_id: str) -> HttpResponse:
    dropped: list[str] = []

    def parse():
        def change(document: ListDocument, catalog: Catalog) -> ListDocument:
            old = built_on_catalog(catalog.module_id, document.module_version or "")
            updated, names = updated_document(document, catalog, old)
            dropped[:] = names
            return updated

        return change

    response = run_edit(request, public_id, _label, parse)
    if response.status_code == 302:
        messages.success(request, dropped_message(dropped))
    return response


def _label(document: ListDocument, catalog: Catalog) -> str:
    return f"Update to {catalog.spec.name} {catalog.spec.version}"


def dropped_message(dropped: list[str]) -> str:
    if not dropped:
        return "List updated; nothing it takes was dropped."
    return "List updated. Dropped what the new version no longer has: " + "; ".join(dropped) + "."

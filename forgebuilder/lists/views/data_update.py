"""The editor's data update banner and its two actions, each one undoable edit
(forgebuilder/lists/data_updates.py): "Update to <module> <version>" moves the list onto the
module's newest version; "Keep <version> for now" keeps it on the one it was built on. The banner
is drawn again when an undo brings the old version back."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_POST

from factions.catalog import Catalog, catalog_by_slug
from forgebuilder.engine.api import ListDocument
from forgebuilder.lists.data_updates import built_on_catalog, kept_document, updated_document
from forgebuilder.lists.views.edit import run_edit


@require_POST
def list_update_data(request: HttpRequest, public_id: str) -> HttpResponse:
    dropped: list[str] = []

    def parse():
        def change(document: ListDocument, catalog: Catalog) -> ListDocument:
            # `catalog` is the version a kept list is read with: the update goes to the newest
            now = catalog_by_slug(document.module) or catalog
            old = built_on_catalog(catalog.module_id, document)
            updated, names = updated_document(document, now, old)
            dropped[:] = names
            return updated

        return change

    response = run_edit(request, public_id, _label, parse)
    if response.status_code == 302:
        messages.success(request, dropped_message(dropped))
    return response


@require_POST
def list_keep_data(request: HttpRequest, public_id: str) -> HttpResponse:
    response = run_edit(request, public_id, _kept_label, lambda: kept_document)
    if response.status_code == 302:
        messages.success(
            request, "List kept on the version it was built on. Update it whenever you like."
        )
    return response


def _label(document: ListDocument, catalog: Catalog) -> str:
    return f"Update to {catalog.spec.name} {catalog.spec.version}"


def _kept_label(document: ListDocument, catalog: Catalog) -> str:
    return f"Keep {catalog.spec.name} {catalog.spec.version}"


def dropped_message(dropped: list[str]) -> str:
    if not dropped:
        return "List updated; nothing it takes was dropped."
    return "List updated. Dropped what the new version no longer has: " + "; ".join(dropped) + "."

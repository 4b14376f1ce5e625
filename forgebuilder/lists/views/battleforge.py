"""Take a list back to the Battle Forge app: its saved-list file and a share link (owner only,
for lists of modules imported from Battle Forge)."""

from __future__ import annotations

import json

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from factions.catalog import catalog_for
from forgebuilder.engine.api import ListDocument
from forgebuilder.lists.data_versions import stored_catalog
from forgebuilder.lists.importers.battleforge_app import app_left_behind, app_list, share_link
from forgebuilder.lists.ownership import owner_of
from forgebuilder.lists.selectors import army_list_owned
from forgebuilder.lists.views import as_attachment, download_name


def _app_list(request: HttpRequest, public_id: str):
    army_list = army_list_owned(owner=owner_of(request, create=False), public_id=public_id)
    catalog = stored_catalog(catalog_for(army_list.module), army_list.document)
    if catalog.spec.source.format != "battleforge":
        raise Http404(
            "Only lists of modules imported from Battle Forge go to the Battle Forge app."
        )
    return army_list, app_list(ListDocument.model_validate(army_list.document), catalog)


@require_GET
def battleforge_file(request: HttpRequest, public_id: str) -> HttpResponse:
    army_list, data = _app_list(request, public_id)
    body = json.dumps(data, ensure_ascii=False, indent=2)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    name = download_name(army_list, "json").removesuffix(".json") + "-battleforge.json"
    return as_attachment(response, name)


@require_GET
def battleforge_link(request: HttpRequest, public_id: str) -> HttpResponse:
    army_list, data = _app_list(request, public_id)
    left_behind = app_left_behind(ListDocument.model_validate(army_list.document))
    return render(
        request,
        "armylists/battleforge_link.html",
        {"army_list": army_list, "link": share_link(data), "left_behind": left_behind.values()},
    )

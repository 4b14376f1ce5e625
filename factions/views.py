"""The read-only catalogue: modules, factions, and datasheets as cards."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from factions.cards import datasheet_card
from factions.catalog import Catalog, catalog_by_slug
from factions.selectors import faction_overview, game_module_list, module_overview


def _catalog(slug: str) -> Catalog:
    catalog = catalog_by_slug(slug)
    if catalog is None:
        raise Http404("No such game module.")
    return catalog


@require_GET
def module_list(request: HttpRequest) -> HttpResponse:
    return render(request, "factions/module_list.html", {"game_modules": game_module_list()})


@require_GET
def module_detail(request: HttpRequest, slug: str) -> HttpResponse:
    catalog = _catalog(slug)
    return render(request, "factions/module_detail.html", module_overview(catalog))


@require_GET
def faction_detail(request: HttpRequest, slug: str, faction: str) -> HttpResponse:
    catalog = _catalog(slug)
    if catalog.faction(faction) is None:
        raise Http404("No such faction in this module.")
    return render(request, "factions/faction_detail.html", faction_overview(catalog, faction))


@require_GET
def datasheet_detail(request: HttpRequest, slug: str, faction: str, datasheet: str) -> HttpResponse:
    catalog = _catalog(slug)
    sheet = catalog.datasheet(faction, datasheet)
    if sheet is None:
        raise Http404("No such datasheet.")
    context = {
        "catalog": catalog,
        "faction_key": faction,
        "faction": catalog.faction(faction),
        "card": datasheet_card(catalog, faction, datasheet, sheet),
    }
    template = "factions/datasheet_detail.html"
    if request.htmx:
        template += "#datasheet-card"
    return render(request, template, context)

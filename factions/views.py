"""The read-only catalogue: modules, factions, and datasheets as cards."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET

from factions.cards import datasheet_card
from factions.catalog import Catalog, catalog_by_slug
from factions.models import GameModule
from factions.selectors import faction_overview, game_module_list, module_overview, versions_of
from factions.versions import changes_by_version, version_changes
from forgebuilder.refusals import NotFound


def _catalog(slug: str) -> Catalog:
    catalog = catalog_by_slug(slug)
    if catalog is None:
        raise NotFound(
            "This site has no such game module.",
            "It may have been renamed or removed.",
            (reverse("factions:module_list"), "See the game modules"),
        )
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
        raise NotFound(
            f"{catalog.spec.name} has no such faction.",
            "It may have been renamed or removed in an update of the game data.",
            (reverse("factions:module_detail", args=[slug]), f"See {catalog.spec.name}"),
        )
    return render(request, "factions/faction_detail.html", faction_overview(catalog, faction))


@require_GET
def datasheet_detail(request: HttpRequest, slug: str, faction: str, datasheet: str) -> HttpResponse:
    catalog = _catalog(slug)
    sheet = catalog.datasheet(faction, datasheet)
    if sheet is None:
        raise NotFound(
            "This faction has no such datasheet.",
            "It may have been renamed or removed in an update of the game data.",
            (reverse("factions:faction_detail", args=[slug, faction]), "See the faction"),
        )
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


def _module(slug: str) -> GameModule:
    module = GameModule.objects.filter(slug=slug).first()
    if module is None:
        raise NotFound(
            "This site has no such game module.",
            "It may have been renamed or removed.",
            (reverse("factions:module_list"), "See the game modules"),
        )
    return module


@require_GET
def module_versions(request: HttpRequest, slug: str) -> HttpResponse:
    """Every published version of the module, newest first, with what each one changed."""
    module = _module(slug)
    listed = versions_of(module)
    changes = changes_by_version(module)
    versions = [(v, changes[v.number]) for v in listed]
    return render(
        request, "factions/module_versions.html", {"module": module, "versions": versions}
    )


@require_GET
def version_changes_json(request: HttpRequest, slug: str, number: int) -> JsonResponse:
    """What version `number` changed, as JSON: each change with its kind, place and words."""
    module = _module(slug)
    versions_of(module)
    changes = version_changes(module, number)
    if changes is None:
        raise NotFound(
            f"{module.name} has no version {number}.",
            "See the module's versions for the ones published.",
            (reverse("factions:module_versions", args=[slug]), "See its versions"),
        )
    return JsonResponse(
        {"module": module.slug, "version": number, "changes": [c.to_json() for c in changes]},
        json_dumps_params={"ensure_ascii": False, "indent": 2},
    )

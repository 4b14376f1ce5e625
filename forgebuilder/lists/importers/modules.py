"""Which loaded module a Battle Forge app list belongs to (the one database look-up here)."""

from __future__ import annotations

from collections.abc import Iterable

from factions.catalog import Catalog, catalog_by_slug, catalog_for
from factions.models import GameModule


def battleforge_catalog(game_id: object, faction_ids: Iterable[object]) -> Catalog | None:
    """The module imported from the app's game `game_id` (slug `fantasy_realms` ->
    `fantasy-realms`), else the only Battle Forge module holding every named faction."""
    if isinstance(game_id, str) and game_id:
        catalog = catalog_by_slug(game_id.replace("_", "-"))
        if catalog is not None and catalog.spec.source.format == "battleforge":
            return catalog
    wanted = {f for f in faction_ids if isinstance(f, str)}
    if not wanted:
        return None
    found = [
        module
        for module in GameModule.objects.filter(source__format="battleforge")
        if wanted <= set(module.factions.values_list("key", flat=True))
    ]
    return catalog_for(found[0]) if len(found) == 1 else None

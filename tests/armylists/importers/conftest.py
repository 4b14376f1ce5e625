"""Fixtures for the list importers: the MIT Battle Forge modules (imported into the test database
by tests/conftest.py's `import_bf_module`), and hand-written Battle Forge app lists (``fixtures/``).

The Battle Forge data is not in the repository; tests needing it skip when it is absent.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from factions.gamedata.battleforge import BFGame, PricingContext, price_unit_data

FIXTURES = Path(__file__).resolve().parent / "fixtures"
#: (module folder, app list fixture) for each MIT module.
MIT_LISTS = {
    "space-wars": "space_wars_empire.json",
    "fantasy-realms": "fantasy_realms_vampires.json",
    "wbh": "ancients_norse.json",
}


def app_list(name: str) -> dict[str, Any]:
    return json.loads((FIXTURES / name).read_text(encoding="utf-8"))


def app_points(game: BFGame, data: Mapping[str, Any]) -> int:
    """What the Battle Forge app shows for a list (BATTLEFORGE-FORMAT.md §4.1), priced by the
    points engine over the module's own data; units the module lacks and out-of-range
    selections count 0, as in the app."""
    total = 0
    for force in data["forces"]:
        faction = game.factions[force["factionId"]]
        ctx = PricingContext(faction, game.game_type)
        for unit in force["units"]:
            raw = faction.entities["units"].get(unit["id"])
            if raw is None:
                continue
            price = price_unit_data(ctx, raw, unit["id"], builder_quirks=True)
            models = price.total_models
            groups = price.option_groups
            for g, row in enumerate(unit["selectedOptions"]):
                for i, count in enumerate(row):
                    adds = g < len(groups) and groups[g].verb in ("extraModels", "addModel")
                    if count and adds and i < len(groups[g].alternatives):
                        models += count
            points = price.base
            for g, row in enumerate(unit["selectedOptions"]):
                for i, count in enumerate(row):
                    if not count or g >= len(groups) or i >= len(groups[g].alternatives):
                        continue
                    item = groups[g].alternatives[i]
                    points += item.points * (models if groups[g].all_or_nothing else count)
            total += points
        relics = faction.entities.get("relics") or {}
        total += sum(int(relics[legend["id"]]["points"]) for legend in force["legends"])
    return total

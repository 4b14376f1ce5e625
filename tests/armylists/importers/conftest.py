"""Fixtures for the list importers: the MIT Battle Forge modules, imported with the existing
importer into the test database, and hand-written Battle Forge app lists (``fixtures/``).

The Battle Forge data is not in the repository; tests needing it skip when it is absent.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pytest

from factions.gamedata.battleforge import BFGame, PricingContext, load_game, price_unit_data
from tests.conftest import BATTLEFORGE_DATA, ModuleRows, module_rows, write_module_rows

FIXTURES = Path(__file__).resolve().parent / "fixtures"
#: (module folder, app list fixture) for each MIT module.
MIT_LISTS = {
    "space-wars": "space_wars_empire.json",
    "fantasy-realms": "fantasy_realms_vampires.json",
    "wbh": "ancients_norse.json",
}


# Where the ids of each module's rows start (tests/conftest.py's module_rows), apart from the
# starter and test modules' and from each other
FIRST_IDS = {"space-wars": 6_000_000, "fantasy-realms": 7_000_000, "wbh": 8_000_000}


def bf_data(folder: str) -> Path:
    """The Battle Forge module folder `folder`; the test is skipped where the data is absent."""
    root = BATTLEFORGE_DATA / "root" / "index.json"
    if not root.is_file() or not (BATTLEFORGE_DATA / folder / "index.json").is_file():
        pytest.skip(f"Battle Forge module {folder} not found in {BATTLEFORGE_DATA}")
    return BATTLEFORGE_DATA / folder


def bf_game(folder: str) -> BFGame:
    return load_game(bf_data(folder), BATTLEFORGE_DATA / "root" / "index.json")


@pytest.fixture(scope="session")
def bf_module_rows(django_db_setup, django_db_blocker) -> Callable[[str], ModuleRows]:
    """The rows an import of a Battle Forge module folder writes, read at the first test that
    asks for that folder and kept for the session (an import costs about half a second)."""
    from factions.gamedata.battleforge.loading import battleforge_module_import

    found: dict[str, ModuleRows] = {}

    def rows(folder: str) -> ModuleRows:
        if folder not in found:
            path = bf_data(folder)
            with django_db_blocker.unblock():
                found[folder] = module_rows(
                    lambda: battleforge_module_import(path=path), first_id=FIRST_IDS[folder]
                )
        return found[folder]

    return rows


@pytest.fixture
def import_bf_module(db, bf_module_rows) -> Callable[[str], Any]:
    """A Battle Forge module folder as `import_battleforge`'s service imports it, in the
    test's database; its catalogue."""

    def load(folder: str):
        from factions.catalog import catalog_by_slug
        from factions.models import GameModule

        rows = bf_module_rows(folder)
        write_module_rows(rows)
        [module] = rows.rows[GameModule]
        return catalog_by_slug(module.slug)

    return load


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

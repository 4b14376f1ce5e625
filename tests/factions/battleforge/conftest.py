"""Fixtures for the Battle Forge reader tests.

The real Battle Forge data (MIT) is not in the repository: it is read from
``$FORGEBUILDER_SHARED_DIR/data/battleforge`` (default ``<repo>/../shared``) and the tests
that need it skip when it is absent. Everything else uses small hand-written fixtures.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pytest

from factions.gamedata.battleforge import BFFaction, BFGame, PricingContext, load_game
from factions.gamedata.battleforge.importer import ImportResult, build_module_spec
from factions.gamedata.schemas import FactionSpec
from tests.conftest import BATTLEFORGE_DATA, BF_ROOT_INDEX, bf_game

FIXTURES = Path(__file__).resolve().parent / "fixtures"


@pytest.fixture(scope="session")
def bf_data() -> Path:
    """The real data folder; skips the test when it is absent."""
    if not BF_ROOT_INDEX.is_file():
        reason = f"Battle Forge data not found in {BATTLEFORGE_DATA} (set FORGEBUILDER_SHARED_DIR)"
        pytest.skip(reason)
    return BATTLEFORGE_DATA


@pytest.fixture(scope="session")
def fr_game() -> BFGame:
    """Mystic Realms (``fantasy-realms``), battle."""
    return bf_game("fantasy-realms")


@pytest.fixture(scope="session")
def anc_game() -> BFGame:
    """Ancients (``wbh``), battle."""
    return bf_game("wbh")


@pytest.fixture(scope="session")
def sw_game() -> BFGame:
    """Space Wars (``space-wars``), battle."""
    return bf_game("space-wars")


@pytest.fixture(scope="session")
def fixtures_dir() -> Path:
    """The hand-written fixture modules."""
    return FIXTURES


@pytest.fixture(scope="session")
def realm_dir() -> Path:
    """The hand-written module of the importer tests (``fixtures/bfimport/realm``)."""
    return FIXTURES / "bfimport" / "realm"


@pytest.fixture(scope="session")
def realm_game(realm_dir: Path) -> BFGame:
    """``fixtures/bfimport/realm`` over ``fixtures/bfimport/root``, battle."""
    return load_game(realm_dir, realm_dir.parent / "root" / "index.json")


@pytest.fixture(scope="session")
def test_game() -> BFGame:
    """The hand-written fixture module ``fixtures/testmod`` over ``fixtures/root``."""
    return load_game(FIXTURES / "testmod", FIXTURES / "root" / "index.json")


#: Hand-written rules used by the pricing tests (shaped like BF's, values chosen for the tests).
RULES: dict[str, Any] = {
    "fear": {"name": "Fear", "points": 2},
    "leader": {"name": "Leader", "points": 10},
    "power": {"name": "Power", "points": [15, {"multiply": "rule.x"}]},
    "tough": {"name": "Tough", "points": ["model.defense", {"multiply": "rule.x"}]},
    "wounds": {
        "name": "Wounds",
        "points": [
            "model.defense",
            {"subtract": "constants.baseStats.defense"},
            {"max": 0},
            {"multiply": 2},
            {"add": 5},
            {"multiply": ["rule.x", {"subtract": 1}]},
        ],
    },
    "keen": {"name": "Keen", "points": ["weapon.attacks", {"multiply": 0.5}]},
    "double": {"name": "Double", "points": ["weapon.points"]},
    "flat3": {"name": "Flat 3", "points": 3},
    "grenade": {"name": "Grenade"},
    "banner": {"name": "Banner", "points": 5},
    "musician": {"name": "Musician", "points": 4},
    "clumsy": {"name": "Clumsy", "points": -1.5},
    "frac": {"name": "Fraction", "points": 2.6},
    "counts_wounds": {"name": "Counts wounds", "points": ["model.rules.wounds.x"]},
    "has_fear": {"name": "Has fear", "points": ["model.rules.fear", {"multiply": 7}]},
}

#: Hand-written weapons used by the pricing tests.
WEAPONS: dict[str, Any] = {
    "blade": {"name": "Blade", "short": "Melee", "attacks": 1, "ap": 1},
    "pistol": {"name": "Pistol", "short": 6, "attacks": 1, "ap": 0},
    "rifle": {"name": "Rifle", "short": 12, "medium": 24, "attacks": 1, "ap": 1},
    "carbine": {"name": "Carbine", "short": 12, "attacks": 2, "ap": 0},
    "net": {"name": "Net", "short": 6, "attacks": 0, "ap": 3},
    "club": {"name": "Club", "short": "Melee", "ap": 2},
    "bomb": {"name": "Bomb", "short": 6, "attacks": 1, "ap": 2, "rules": ["grenade"]},
    "keen_blade": {
        "name": "Keen Blade",
        "short": "Melee",
        "attacks": 2,
        "ap": 1,
        "rules": ["keen"],
    },
    "doubled": {"name": "Doubled", "short": "Melee", "attacks": 1, "ap": 2, "rules": ["double"]},
    "doubled_then_flat": {
        "name": "Doubled then flat",
        "short": "Melee",
        "attacks": 1,
        "ap": 2,
        "rules": ["double", "flat3"],
    },
    "flat_then_doubled": {
        "name": "Flat then doubled",
        "short": "Melee",
        "attacks": 1,
        "ap": 2,
        "rules": ["flat3", "double"],
    },
    "launcher": {
        "name": "Launcher",
        "profiles": [
            {"name": "Frag", "short": 12, "medium": 24, "attacks": 2, "ap": 1},
            {"name": "Krak", "short": 12, "medium": 24, "attacks": 1, "ap": 3},
            {"name": "Stab", "short": "Melee", "attacks": 1, "ap": 0},
        ],
    },
    "typo": {"name": "Typo", "short:": 12, "attacks": 1},
    "odd": {"name": "Odd", "short": "12", "medium": "24", "attacks": "2", "ap": "1"},
}

MakeContext = Callable[..., PricingContext]


def soldier(**stats: Any) -> dict[str, Any]:
    """A 6/5/5/5/5/5 model with the given overrides."""
    base: dict[str, Any] = {
        "name": "Soldier",
        "movement": 6,
        "shoot": 5,
        "fight": 5,
        "courage": 5,
        "defense": 5,
        "reflexes": 5,
    }
    base.update(stats)
    return base


def make_faction(
    rules: Mapping[str, Any] | None = None,
    weapons: Mapping[str, Any] | None = None,
    models: Mapping[str, Any] | None = None,
    units: Mapping[str, Any] | None = None,
) -> BFFaction:
    """A faction built straight from dicts (no files)."""
    entities: dict[str, dict[str, Any]] = {
        "rules": dict(RULES if rules is None else rules),
        "weapons": dict(WEAPONS if weapons is None else weapons),
        "models": dict(models or {}),
        "units": dict(units or {}),
    }
    origins = {kind: dict.fromkeys(items, "test.json") for kind, items in entities.items()}
    return BFFaction(
        id="test",
        name="Test",
        file="test.json",
        entry={"id": "test", "name": "Test"},
        entities=entities,
        origins=origins,
        subfactions={},
    )


@pytest.fixture
def make_ctx() -> MakeContext:
    """Factory: ``make_ctx(units=..., models=..., game_type="battle")`` -> PricingContext."""

    def factory(game_type: str = "battle", **maps: Any) -> PricingContext:
        return PricingContext(make_faction(**maps), game_type)

    return factory


@pytest.fixture(scope="module")
def realm(realm_game: BFGame) -> ImportResult:
    return build_module_spec(realm_game)


@pytest.fixture(scope="module")
def knights(realm: ImportResult) -> FactionSpec:
    return realm.spec.factions["knights"]

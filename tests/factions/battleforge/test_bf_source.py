"""Loading and layering game modules (§2.1 to §2.4) and the focus filter."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from factions.gamedata.battleforge import (
    BFGame,
    available_under_focus,
    lint_game,
    load_game,
    perk_points,
    price_all_units,
    price_unit,
)


def test_the_game_is_found_in_the_root_by_its_folder_in_the_url(test_game: BFGame) -> None:
    # the module calls itself test_module, the root test_game: the url segment decides
    assert test_game.id == "test_module"
    assert test_game.game_id == "test_game"
    assert test_game.game_type == "battle"
    assert test_game.name == "Test Module"


def test_a_module_without_id_or_name_is_found_by_url_and_named_from_the_root(
    fixtures_dir: Path,
) -> None:
    game = load_game(fixtures_dir / "testmod-skirmish", fixtures_dir / "root" / "index.json")
    assert (game.id, game.game_id, game.game_type) == (None, "test_game_skirmish", "skirmish")
    assert game.name == "Test Game Skirmish"
    assert game.is_skirmish


def test_an_explicit_game_type_wins(fixtures_dir: Path) -> None:
    root = fixtures_dir / "root" / "index.json"
    game = load_game(fixtures_dir / "testmod", root, game_type="skirmish")
    assert game.game_type == "skirmish"
    assert game.faction("alpha").rules["leader"]["points"] == 5


def test_without_a_root_the_game_type_is_battle(fixtures_dir: Path) -> None:
    game = load_game(fixtures_dir / "testmod")
    assert (game.game_id, game.game_type) == (None, "battle")
    assert "leader" not in game.faction("alpha").rules


def test_skirmish_global_data_is_deep_merged_over_all(fixtures_dir: Path) -> None:
    game = load_game(fixtures_dir / "testmod-skirmish", fixtures_dir / "root" / "index.json")
    rules = game.faction("solo").rules
    assert rules["leader"]["points"] == 5
    assert rules["champion"]["points"] == 5
    assert game.faction("solo").origin("rules", "leader") == "root/index.json"


def test_the_faction_is_the_index_entry_shallow_merged_with_its_file(test_game: BFGame) -> None:
    alpha = test_game.faction("alpha")
    assert alpha.name == "Alpha"  # the file wins
    assert alpha.entry["color"] == "#123456"  # only in the index
    assert alpha.entry["author"] == "Test author"  # only in the file
    assert alpha.file == "alpha.json"


def test_rules_and_weapons_layer_root_then_module_then_faction(test_game: BFGame) -> None:
    alpha = test_game.faction("alpha")
    assert alpha.rules["leader"]["points"] == 10
    assert alpha.rules["fear"]["name"] == "Module Fear"
    assert alpha.rules["guard"]["name"] == "Faction Guard"
    assert alpha.origin("rules", "leader") == "root/index.json"
    assert alpha.origin("rules", "fear") == "index.json"
    assert alpha.origin("rules", "guard") == "alpha.json"
    assert alpha.weapons["sword"]["name"] == "Faction Sword"
    assert alpha.weapons["bow"]["name"] == "Module Bow"
    assert alpha.origin("weapons", "bow") == "index.json"
    assert alpha.origin("weapons", "nothing") is None


def test_module_units_are_available_to_every_faction(test_game: BFGame) -> None:
    assert test_game.faction("alpha").origin("units", "watchtower") == "index.json"
    assert "watchtower" in test_game.faction("beta").units
    assert "guards" not in test_game.faction("beta").units


def test_arrays_of_relics_and_strategies_get_numeric_ids(test_game: BFGame) -> None:
    alpha = test_game.faction("alpha")
    relics = alpha.entity_map("relics")
    assert relics["0"]["name"] == "Lucky Charm"
    assert relics["1"]["name"] == "Old Blade"
    assert relics["crown"]["points"] == 15
    strategies = alpha.entity_map("strategies")
    assert strategies["0"]["name"] == "Hold"
    assert strategies["1"]["cost"] == "1/per"
    assert strategies["rally"]["name"] == "Rally"  # root strategy
    assert "secret" not in strategies  # hidden_strategies are ignored


def test_perks_come_from_the_root_and_models_from_the_faction(test_game: BFGame) -> None:
    alpha = test_game.faction("alpha")
    assert "drilled" in alpha.entity_map("perks")
    assert alpha.models["hound"]["name"] == "Hound"


def test_perks_are_priced_per_model_of_the_unit(test_game: BFGame) -> None:
    drilled = test_game.faction("alpha").entity_map("perks")["drilled"]
    assert perk_points(drilled, 5) == 5
    assert perk_points({"name": "Free"}, 5) == 0


def test_entries_that_are_not_objects_are_left_out(test_game: BFGame) -> None:
    assert "misplaced" not in test_game.faction("alpha").rules


def test_hidden_content_is_skipped_but_recorded(test_game: BFGame) -> None:
    assert "old_unit" not in test_game.faction("alpha").units
    hidden = {(item.file, item.path) for item in test_game.hidden}
    assert ("alpha.json", "hidden_units") in hidden
    assert ("root/index.json", "globalData.all.hidden_strategies") in hidden


def test_unfinished_factions_are_recorded_not_loaded(test_game: BFGame) -> None:
    assert list(test_game.unfinished_factions) == ["gamma"]
    assert "gamma" not in test_game.factions


def test_a_missing_faction_file_is_a_problem_not_a_crash(test_game: BFGame) -> None:
    assert [(p.file, p.faction_id) for p in test_game.problems] == [("beta.json", "beta")]
    assert test_game.faction("beta").name == "Beta"


def test_a_missing_module_index_raises(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        load_game(tmp_path)


def test_focuses_come_from_the_index_entry(test_game: BFGame) -> None:
    alpha = test_game.faction("alpha")
    assert set(alpha.subfactions) == {"open", "closed"}
    assert alpha.is_restricted("closed") is True
    assert alpha.is_restricted("open") is False
    assert alpha.is_restricted(None) is False


def test_layered_entities_change_the_price(test_game: BFGame) -> None:
    # Guard: B 5 + faction sword 4 + unknown axe 0 + guard 6 + unknown rule 0 + module fear 3
    guards = price_unit(test_game, "alpha", "guards")
    assert guards.models[0].total == 18
    assert guards.base == 90
    # terrain: 2 * (9 - 5) = 8, rounded to 10
    assert price_unit(test_game, "beta", "watchtower").base == 10


def test_unknown_unit_ids_raise_key_error(test_game: BFGame) -> None:
    with pytest.raises(KeyError):
        price_unit(test_game, "alpha", "nope")


@pytest.mark.parametrize(
    ("subfactions", "focus", "restricted", "available"),
    [
        (None, None, False, True),
        ([], None, False, True),
        (None, "blood", True, True),
        ([], "blood", True, True),
        (["none"], None, False, True),
        (["none"], "blood", False, True),
        (["none"], "blood", True, False),
        (["blood"], "blood", True, True),
        (["blood"], "blood", False, True),
        (["blood"], "bone", False, False),
        (["blood"], None, False, False),
        (["blood", "none"], "bone", False, True),
        (["blood", "none"], "bone", True, False),
        (["blood", "none"], "blood", True, True),
        ("blood", "blood", False, True),
    ],
)
def test_focus_filter_truth_table(
    subfactions: object, focus: str | None, restricted: bool, available: bool
) -> None:
    assert available_under_focus(subfactions, focus, restricted) is available


def test_garbage_shapes_never_crash_loading_pricing_or_linting(tmp_path: Path) -> None:
    module = tmp_path / "junk"
    module.mkdir()
    index = {
        "factions": {
            "odd": {"id": "odd", "name": "Odd", "url": "odd.json"},
            "broken": {"id": "broken", "url": "broken.json"},
            "listy": ["not", "a", "faction"],
        },
        "categories": ["not", "a", "map"],
        "organizations": {"x": "nope"},
        "units": "nope",
    }
    odd = {
        "id": "odd",
        "units": {
            "u1": {
                "category": 7,
                "rules": "fear",
                "models": [
                    "not a model",
                    {
                        "name": None,
                        "movement": "fast",
                        "shoot": None,
                        "fight": [],
                        "weapons": [{"count": "many"}, None, 5, ["bundle"]],
                        "rules": [{"id": 5}, {"x": 2}],
                        "min": "two",
                        "max": "-",
                        "options": [
                            {"replaceWeapon": None, "withWeapon": [[]]},
                            {"addRule": [[["deep"]]], "modelLimit": "1/0"},
                            {"replaceModel": [{"id": "m"}]},
                        ],
                    },
                ],
                "options": "nope",
            },
            "u2": ["not", "a", "unit"],
        },
        "weapons": {"w": {"profiles": "nope", "rules": {"id": "x"}}},
        "rules": {"r": {"points": {"divide": 0}}},
    }
    (module / "index.json").write_text(json.dumps(index))
    (module / "odd.json").write_text(json.dumps(odd))
    (module / "broken.json").write_text("{ not json")
    game = load_game(module)
    assert set(game.factions) == {"odd", "broken"}
    assert [p.file for p in game.problems] == ["broken.json"]
    prices = price_all_units(game, "odd")
    assert set(prices) == {"u1"}
    findings = lint_game(game)
    assert "lint_crashed" not in {f.code for f in findings}
    assert "file_unreadable" in {f.code for f in findings}

"""Battle Forge's own numbers, on the real MIT data in the shared folder (skipped if absent).

The reference values are those the Battle Forge builder shows for Mystic Realms
(``fantasy-realms``), battle game type.
"""

from __future__ import annotations

import pytest

from factions.gamedata.battleforge import (
    BFGame,
    charge_multiplier,
    default_limits,
    lint_game,
    load_game,
    option_limit,
    price_all_units,
    price_unit,
)

REFERENCE = [
    ("vampire_lords", "feral_ghouls", 110),
    ("beastmen_horde", "minotaur_mage", 125),
    ("human_kingdoms", "volley_gun", 45),
    ("ogre_mercenaries", "ogre_artillerists", 115),
    ("vampire_lords", "crypt_watch", 75),
    ("vampire_lords", "vampire_lord", 85),
    ("human_kingdoms", "hunters", 130),
    ("orcs_and_goblins", "goblin_shaman_wolf", 50),
    ("vampire_lords", "skeletal_knights", 180),
    ("merchant_dwarves", "lord_admiral", 95),
]


@pytest.mark.parametrize(("faction", "unit", "points"), REFERENCE)
def test_unit_base_matches_the_builder(
    fr_game: BFGame, faction: str, unit: str, points: int
) -> None:
    assert price_unit(fr_game, faction, unit).base == points


def test_feral_ghouls_break_down_like_the_worked_example(fr_game: BFGame) -> None:
    price = price_unit(fr_game, "vampire_lords", "feral_ghouls")
    (ghoul,) = price.models
    assert ghoul.base == 11
    assert [w.cost for w in ghoul.weapons] == [pytest.approx(16.6)]
    assert ghoul.rules_cost == 9
    assert ghoul.total == 36
    assert price.base_unrounded == 108
    assert price.base == 110
    extra, champion = price.option_groups
    assert (extra.verb, extra.extra_models) == ("extraModels", 3)
    assert [a.points for a in extra.alternatives] == [36]
    assert option_limit(extra, models_of_type=3, unit_models=3) == 3
    assert (champion.verb, champion.level, champion.model_limit) == ("addRule", "unit", 1)
    assert [(a.label, a.points) for a in champion.alternatives] == [("Champion", 5)]


def test_the_modules_are_matched_to_their_root_games(
    fr_game: BFGame, anc_game: BFGame, sw_game: BFGame
) -> None:
    assert (fr_game.id, fr_game.game_id, fr_game.game_type) == (
        "mystic_realms",
        "fantasy_realms",
        "battle",
    )
    assert (anc_game.game_id, anc_game.game_type) == ("ancients", "battle")
    assert (sw_game.game_id, sw_game.game_type) == ("space_wars", "battle")


def test_battle_modules_use_the_battle_leader_cost(fr_game: BFGame) -> None:
    assert fr_game.faction("vampire_lords").rules["leader"]["points"] == 10
    skirmish = load_game(
        fr_game.module_dir, fr_game.module_dir.parent / "root" / "index.json", "skirmish"
    )
    # the skirmish leader costs 5 and skirmish bases are not rounded: 87 - 5
    assert price_unit(skirmish, "vampire_lords", "vampire_lord").base == 82


def test_an_all_option_is_charged_per_model_of_the_type(fr_game: BFGame) -> None:
    price = price_unit(fr_game, "vampire_lords", "crypt_watch")
    swap = next(g for g in price.option_groups if g.verb == "replaceWeapon")
    assert swap.all_or_nothing
    assert option_limit(swap, models_of_type=5, unit_models=5) == 1
    assert charge_multiplier(swap, models_of_type=7, unit_models=7) == 7


@pytest.mark.parametrize(
    ("fixture", "factions", "units"),
    [("fr_game", 17, 260), ("anc_game", 7, 125), ("sw_game", 4, 8)],
)
def test_every_unit_of_every_faction_prices(
    request: pytest.FixtureRequest, fixture: str, factions: int, units: int
) -> None:
    game: BFGame = request.getfixturevalue(fixture)
    assert len(game.factions) == factions
    assert game.problems == []
    total = 0
    for faction_id in game.factions:
        for price in price_all_units(game, faction_id).values():
            total += 1
            assert isinstance(price.base, int)
            assert price.base % 5 == 0
            assert len(default_limits(price)) == len(price.option_groups)
            for group in price.option_groups:
                assert all(isinstance(a.points, int) for a in group.alternatives)
    assert total == units


def test_the_linter_reports_the_known_mystic_realms_issues(fr_game: BFGame) -> None:
    findings = lint_game(fr_game)
    codes = {(f.code, f.file, f.path) for f in findings}
    assert ("orphan_file", "skeleton_elite.json", "") in codes
    assert (
        "category_not_string",
        "greatogre_raiders.json",
        "units.ferocious_pets.category",
    ) in codes
    assert ("hidden_content", "orcs_and_goblins.json", "hidden_subfactions") in codes
    assert ("unknown_key", "index.json", "weapons.light_mace.name_0") in codes
    weapons = {f.message.split("'")[1] for f in findings if f.code == "dangling_weapon"}
    rules = {f.message.split("'")[1] for f in findings if f.code == "dangling_rule"}
    assert weapons == {"barbarian_javelin", "poison_greatweapon"}
    assert rules == {
        "damage_chart",
        "ensnare",
        "distracting",
        "anti_magic",
        "defiant",
        "shield_hero",
    }


def test_the_linter_reports_the_known_ancients_issues(anc_game: BFGame) -> None:
    findings = lint_game(anc_game)
    add_rule = [
        f for f in findings if f.code == "unknown_option_key" and f.path.endswith("AddRule")
    ]
    assert len(add_rule) == 4
    assert sum(f.code == "option_not_object" for f in findings) == 9
    assert {f.path for f in findings if f.code == "unfinished_faction"} == {
        "unfinished_factions.poles",
        "unfinished_factions.rus",
    }
    assert ("romans.json", "units.legionaries.category") in {
        (f.file, f.path) for f in findings if f.code == "category_not_offered"
    }
    assert not any(f.code == "orphan_file" for f in findings)  # rus.json is unfinished

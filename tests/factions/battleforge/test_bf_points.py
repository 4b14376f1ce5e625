"""Model base cost, weapon and rule costs, model totals and unit bases (§3.3 to §3.6)."""

from __future__ import annotations

from typing import Any

import pytest

from factions.gamedata.battleforge import (
    model_base_cost,
    mount_factor,
    price_unit,
    price_unit_data,
    round_unit_points,
    trunc,
)

from .conftest import MakeContext, soldier

# ----- B(m) ------------------------------------------------------------------------------


def test_base_cost_adds_the_stat_terms_around_five() -> None:
    # the worked example of §3.10
    model = soldier(movement=8, courage=6, defense=6, reflexes=5)
    assert model_base_cost(model) == 11
    assert (
        model_base_cost(soldier(movement=5, defense=4, courage=7, reflexes=6)) == 5 - 1 - 2 + 4 + 1
    )


def test_base_cost_ignores_shoot_and_fight() -> None:
    assert model_base_cost(soldier(shoot=2, fight=9)) == 5


def test_base_cost_drops_the_terms_of_dash_stats() -> None:
    model = soldier(movement="-", defense=6, courage="-", reflexes=7)
    assert model_base_cost(model) == 5 + 2 + 2


def test_base_cost_reads_missing_or_zero_save_courage_initiative_as_five() -> None:
    assert model_base_cost({"movement": 6, "shoot": 5, "fight": 5}) == 5
    assert model_base_cost(soldier(defense=0, courage=0, reflexes=0)) == 5


def test_base_cost_reads_a_missing_movement_as_six() -> None:
    model = soldier(defense=6)
    del model["movement"]
    assert model_base_cost(model) == 7


def test_base_cost_reads_digit_strings_as_numbers() -> None:
    assert model_base_cost(soldier(movement="12")) == 11


def test_terrain_with_only_a_save_costs_twice_its_save_above_five() -> None:
    terrain = soldier(shoot="-", fight="-", courage="-", defense=9, reflexes="-", movement="-")
    assert model_base_cost(terrain) == 8


def test_no_shoot_fight_courage_and_no_save_costs_nothing() -> None:
    model = soldier(shoot="-", fight="-", courage="-", defense="-")
    assert model_base_cost(model) == 0


def test_no_save_courage_initiative_costs_nothing() -> None:
    model = soldier(defense="-", courage="-", reflexes="-", movement=12)
    assert model_base_cost(model) == 0


# ----- weapons ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("weapon", "model", "expected"),
    [
        # melee: (fight - 5) + movement / 6 + ap
        ("blade", soldier(fight=6), 3),
        ("blade", soldier(movement=9), 2.5),
        ("blade", {**soldier(), "movement": 0}, 2),
        ("blade", {k: v for k, v in soldier().items() if k != "movement"}, 2),
        # ranged without medium: half the range cost
        ("pistol", soldier(), 0.5),
        # ranged with medium: full range cost
        ("rifle", soldier(), 3),
        ("rifle", soldier(shoot=7), 5),
        ("carbine", soldier(), 2),
        ("carbine", soldier(shoot=6), 4),
        # attacks 0 zeroes the base part; absent attacks count as 1
        ("net", soldier(), 0),
        ("club", soldier(), 3),
        # a grenade costs 0
        ("bomb", soldier(), 0),
        # digit strings are numbers
        ("odd", soldier(), 6),
    ],
)
def test_weapon_cost_for_a_model(
    make_ctx: MakeContext, weapon: str, model: dict[str, Any], expected: float
) -> None:
    ctx = make_ctx()
    assert ctx.weapon_cost(model, weapon).cost == pytest.approx(expected)


def test_a_weapon_rule_sees_the_weapons_attacks(make_ctx: MakeContext) -> None:
    # (0 + 1 + 1) * 2 attacks = 4, keen adds attacks * 0.5
    assert make_ctx().weapon_cost(soldier(), "keen_blade").cost == pytest.approx(5)


def test_weapon_points_in_a_rule_is_the_running_cost_so_rule_order_matters(
    make_ctx: MakeContext,
) -> None:
    ctx = make_ctx()
    assert ctx.weapon_cost(soldier(), "doubled").cost == pytest.approx(6)
    assert ctx.weapon_cost(soldier(), "doubled_then_flat").cost == pytest.approx(9)
    assert ctx.weapon_cost(soldier(), "flat_then_doubled").cost == pytest.approx(12)


def test_profiles_cost_the_largest_plus_half_the_others(make_ctx: MakeContext) -> None:
    cost = make_ctx().weapon_cost(soldier(), "launcher")
    # the parent has no short: discarded; Frag 6, Krak 5, Stab 1
    assert [p.cost for p in cost.profiles] == [None, 6, 5, 1]
    assert cost.cost == pytest.approx(6 + 0.5 * (5 + 1))


def test_profiles_a_model_cannot_use_are_discarded(make_ctx: MakeContext) -> None:
    no_melee = soldier(fight="-")
    assert make_ctx().weapon_cost(no_melee, "launcher").cost == pytest.approx(6 + 0.5 * 5)
    assert make_ctx().weapon_cost(soldier(shoot="-"), "pistol").cost == 0


def test_a_weapon_without_short_costs_nothing(make_ctx: MakeContext) -> None:
    cost = make_ctx().weapon_cost(soldier(), "typo")
    assert cost.found is True
    assert cost.cost == 0


def test_an_unknown_weapon_costs_nothing_and_says_not_found(make_ctx: MakeContext) -> None:
    cost = make_ctx().weapon_cost(soldier(), {"id": "laser", "count": 3})
    assert cost.found is False
    assert cost.cost == 0
    assert cost.label == "3x laser not found"


def test_copies_multiply_the_weapon_cost(make_ctx: MakeContext) -> None:
    assert make_ctx().weapon_cost(soldier(), {"id": "rifle", "count": 3}).cost == pytest.approx(9)


@pytest.mark.parametrize(
    ("mount", "factor"),
    [("Front", 0.8), (["Front"], 0.8), (["Left", "Front"], 0.9), (["L", "F", "R"], 1.0), ([], 1.0)],
)
def test_mounts_reduce_the_weapon_cost(make_ctx: MakeContext, mount: object, factor: float) -> None:
    assert mount_factor(mount) == factor
    ref = {"id": "rifle", "mount": mount, "count": 2}
    assert make_ctx().weapon_cost(soldier(), ref).cost == pytest.approx(3 * 2 * factor)


def test_a_second_range_band_only_counts_by_its_presence(make_ctx: MakeContext) -> None:
    weapons = {
        "near": {"name": "Near", "short": 12, "attacks": 1},
        "banded": {"name": "Banded", "short": 12, "medium": 13, "attacks": 1},
        "wide": {"name": "Wide", "short": 12, "medium": 99, "attacks": 1},
    }
    ctx = make_ctx(weapons=weapons)
    assert ctx.weapon_cost(soldier(), "near").cost == pytest.approx(1)
    assert ctx.weapon_cost(soldier(), "banded").cost == pytest.approx(2)
    assert ctx.weapon_cost(soldier(), "wide").cost == pytest.approx(2)


def test_weapon_labels_show_custom_names_copies_and_mounts(make_ctx: MakeContext) -> None:
    ref = {"id": "rifle", "name": "Hunting Rifle", "count": 2, "mount": ["Front", "Side"]}
    assert make_ctx().weapon_label(ref) == "2x Hunting Rifle (Rifle) [Front, Side]"


# ----- rules -----------------------------------------------------------------------------


def test_rule_cost_reads_the_reference_and_the_model(make_ctx: MakeContext) -> None:
    ctx = make_ctx()
    assert ctx.rule_cost(soldier(defense=6), {"id": "tough", "x": 2}).cost == 12
    assert ctx.rule_cost(soldier(defense=6), {"id": "wounds", "x": 2}).cost == 7
    assert ctx.rule_cost(soldier(), {"id": "power", "x": 2}).cost == 30
    assert ctx.rule_cost(soldier(), {"id": "power", "x": 2}).label == "Power(2)"


def test_an_unknown_rule_costs_nothing_and_says_not_found(make_ctx: MakeContext) -> None:
    cost = make_ctx().rule_cost(soldier(), "damage_table")
    assert (cost.found, cost.cost, cost.label) == (False, 0, "damage_table not found")


def test_model_rules_are_a_map_from_id_to_one_or_to_the_reference(make_ctx: MakeContext) -> None:
    ctx = make_ctx()
    model = soldier(rules=[{"id": "wounds", "x": 3}, "fear", "counts_wounds", "has_fear"])
    price = ctx.price_model(model)
    by_id = {rule.rule_id: rule.cost for rule in price.rules}
    assert by_id["counts_wounds"] == 3
    assert by_id["has_fear"] == 7
    only_id = soldier(rules=[{"id": "fear"}, "has_fear"])
    assert ctx.price_model(only_id).rules[1].cost == 7


# ----- model totals and unit bases ----------------------------------------------------------


def test_model_total_truncates_the_sum_toward_zero(make_ctx: MakeContext) -> None:
    ctx = make_ctx()
    # B 5 + rifle 3 + 2.6 = 10.6 -> 10
    assert ctx.price_model(soldier(weapons=["rifle"], rules=["frac"])).total == 10
    # B 0 (no save, courage, initiative) - 1.5 = -1.5 -> -1, not -2
    model = soldier(defense="-", courage="-", reflexes="-", rules=["clumsy"])
    assert ctx.price_model(model).total == -1
    assert trunc(-1.5) == -1


def test_unit_rules_are_appended_to_every_model(make_ctx: MakeContext) -> None:
    unit = {
        "name": "Pair",
        "rules": ["fear"],
        "models": [
            soldier(name="A", rules=["has_fear"], min=2),
            soldier(name="B", weapons=["rifle"]),
        ],
    }
    price = price_unit_data(make_ctx(), unit, "pair")
    # A: 5 + fear 2 + has_fear 7 = 14 (x2); B: 5 + rifle 3 + fear 2 = 10
    assert [m.total for m in price.models] == [14, 10]
    assert [r.from_unit for r in price.models[0].rules] == [False, True]
    assert price.base_unrounded == 38
    assert price.base == 40


def test_unit_base_sums_truncated_totals_times_min(make_ctx: MakeContext) -> None:
    unit = {"models": [soldier(weapons=["pistol"], min=3), soldier(min=0, max=2)]}
    price = price_unit_data(make_ctx(), unit, "u")
    # 5.5 -> 5, times 3; the second model has min 0
    assert [m.line_points for m in price.models] == [15, 0]
    assert price.base == 15


def test_min_defaults_to_one(make_ctx: MakeContext) -> None:
    price = price_unit_data(make_ctx(), {"models": [soldier()]}, "u")
    assert (price.models[0].min, price.base_unrounded) == (1, 5)


@pytest.mark.parametrize(
    ("value", "battle"),
    [(108, 110), (112, 110), (107.5, 110), (107.4, 105), (112.5, 115), (110, 110), (0, 0)],
)
def test_battle_units_round_to_the_nearest_five_with_halves_up(value: float, battle: int) -> None:
    assert round_unit_points(value, "battle") == battle
    assert round_unit_points(value, "skirmish") == value


def test_skirmish_units_are_not_rounded(make_ctx: MakeContext) -> None:
    unit = {"models": [soldier(weapons=["rifle"], min=3)]}
    assert price_unit_data(make_ctx("skirmish"), unit, "u").base == 24
    assert price_unit_data(make_ctx("battle"), unit, "u").base == 25


def test_skirmish_overrides_apply_only_to_skirmish_game_types(fixtures_dir: Any) -> None:
    from factions.gamedata.battleforge import load_game

    root = fixtures_dir / "root" / "index.json"
    skirmish = load_game(fixtures_dir / "testmod-skirmish", root)
    assert skirmish.game_type == "skirmish"
    # B 9 + sword 3 + leader 5 (skirmish) = 17, unrounded
    assert price_unit(skirmish, "solo", "captain").base == 17
    battle = load_game(fixtures_dir / "testmod-skirmish", root, game_type="battle")
    # leader 10 in battle: 22, rounded to 20
    assert price_unit(battle, "solo", "captain").base_unrounded == 22
    assert price_unit(battle, "solo", "captain").base == 20

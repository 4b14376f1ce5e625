"""Option groups and the price of every alternative (§2.5 and §3.7), with the builder quirks."""

from __future__ import annotations

from typing import Any

import pytest

from factions.gamedata.battleforge import (
    OptionGroup,
    UnitPrice,
    price_unit_data,
)

from .conftest import MakeContext, soldier

MODELS = {
    # B 5, blade 2 (+ the unit's fear 2) = 9; cannot shoot
    "hound": soldier(name="Hound", shoot="-", weapons=["blade"]),
    # B 9, club 3 (+ fear 2) = 14
    "brute": soldier(name="Brute", defense=7, weapons=["club"]),
}

SQUAD: dict[str, Any] = {
    "name": "Squad",
    "category": "core",
    "rules": ["fear"],
    "models": [
        soldier(
            name="Trooper",
            weapons=["pistol", "blade"],
            rules=[{"id": "power", "x": 1}],
            min=4,
            max=8,
            options=[
                {"replaceModel": ["hound", ["hound", "hound"]], "modelLimit": 1},
                {
                    "replaceWeapon": ["pistol"],
                    "withWeapon": ["rifle", ["carbine", "bomb"], {"id": "rifle", "count": 2}],
                    "modelLimit": "1/4",
                },
                {
                    "replaceRule": [{"id": "power", "x": 1}],
                    "withRule": [{"id": "power", "x": 2}, [{"id": "power", "x": 2}, "banner"]],
                },
                {"addWeapon": ["rifle", ["pistol", "pistol"]], "limit": 1},
                {
                    "addRule": [
                        "banner",
                        ["banner", "musician"],
                        {"id": "musician", "name": "Drummer"},
                    ]
                },
                {"removeRule": ["fear"], "subfactions": ["none", "open"]},
            ],
        ),
        soldier(name="Sergeant", fight=6, weapons=["blade"], min=1, max=1),
    ],
    "options": [
        {"addModel": ["brute", ["hound", "hound"]], "modelLimit": 2},
        {"replaceWeapon": "blade", "withWeapon": ["club", "rifle"]},
        {"replaceRule": "fear", "withRule": [{"id": "tough", "x": 1}]},
        {"addWeapon": ["rifle"]},
        {"addRule": ["banner", {"id": "tough", "x": 1}], "modelLimit": "all"},
        {"removeRule": ["fear"], "modelLimit": "2/5"},
    ],
}


@pytest.fixture
def squad(make_ctx: MakeContext) -> UnitPrice:
    return price_unit_data(make_ctx(models=MODELS), SQUAD, "squad")


def items(group: OptionGroup) -> list[tuple[str, int]]:
    return [(alt.label, alt.points) for alt in group.alternatives]


def test_the_squad_base_is_what_the_models_add_up_to(squad: UnitPrice) -> None:
    # Trooper: B 5 + pistol 0.5 + blade 2 + power 15 + fear 2 = 24.5 -> 24, four of them
    # Sergeant: B 5 + blade 3 + fear 2 = 10
    assert [m.total for m in squad.models] == [24, 10]
    assert squad.base_unrounded == 106
    assert squad.base == 105


def test_groups_come_in_the_builders_order(squad: UnitPrice) -> None:
    order = [(g.verb, g.level, g.model_index, g.model_id) for g in squad.option_groups]
    assert order == [
        ("extraModels", "model", 0, None),
        ("addModel", "unit", None, None),
        ("replaceModel", "model", 0, None),
        ("replaceWeapon", "model", 0, None),
        ("replaceRule", "model", 0, None),
        ("addWeapon", "model", 0, None),
        ("addRule", "model", 0, None),
        ("removeRule", "model", 0, None),
        ("replaceWeapon", "unit", None, None),
        ("replaceRule", "unit", None, None),
        ("addWeapon", "unit", None, None),
        ("addRule", "unit", None, None),
        ("removeRule", "unit", None, None),
    ]


def test_extra_models_cost_the_model_total(squad: UnitPrice) -> None:
    extra = squad.option_groups[0]
    assert items(extra) == [("Trooper", 24)]
    assert extra.extra_models == 4
    assert extra.model_name == "Trooper"
    assert extra.path == "units.squad.models[0]"


def test_add_model_costs_the_added_models_with_unit_rules(squad: UnitPrice) -> None:
    group = squad.option_groups[1]
    assert items(group) == [("Brute", 14), ("Hound, Hound", 18)]
    assert group.alternatives[1].refs == ("hound", "hound")
    assert group.model_limit == 2
    assert group.path == "units.squad.options[0]"


def test_replace_model_subtracts_the_old_model_once(squad: UnitPrice) -> None:
    group = squad.option_groups[2]
    assert items(group) == [("Hound", 9 - 24), ("Hound, Hound", 18 - 24)]


def test_replace_weapon_costs_new_minus_old_truncated(squad: UnitPrice) -> None:
    group = squad.option_groups[3]
    assert group.replaced == ("pistol",)
    # carbine 2 + bomb 0 - 0.5 = 1.5 -> 1; rifle 3 - 0.5 -> 2; 2 rifles 6 - 0.5 -> 5
    assert items(group) == [("Carbine, Bomb", 1), ("Rifle", 2), ("2x Rifle", 5)]
    assert group.model_limit == "1/4"
    assert group.path == "units.squad.models[0].options[1]"


def test_replace_rule_prices_a_bundle_as_the_sum_of_its_rules(squad: UnitPrice) -> None:
    group = squad.option_groups[4]
    assert group.replaced == ({"id": "power", "x": 1},)
    assert items(group) == [("Power(2)", 15), ("Power(2), Banner", 20)]


def test_add_weapon_and_add_rule_cost_their_bundles(squad: UnitPrice) -> None:
    assert items(squad.option_groups[5]) == [("Pistol, Pistol", 1), ("Rifle", 3)]
    assert squad.option_groups[5].limit == 1
    # a named reference labels its alternative
    assert items(squad.option_groups[6]) == [
        ("Drummer", 4),
        ("Banner", 5),
        ("Banner, Musician", 9),
    ]


def test_remove_rule_is_a_refund_even_for_a_unit_rule(squad: UnitPrice) -> None:
    group = squad.option_groups[7]
    assert items(group) == [("Fear", -2)]
    assert group.subfactions == ("none", "open")


def test_unit_replace_weapon_averages_over_models_that_can_shoot_and_fight(
    squad: UnitPrice,
) -> None:
    # Trooper, Sergeant, Brute (the hound has shoot "-"): club 3, 4, 3; blade 2, 3, 2; rifle 3
    group = squad.option_groups[8]
    assert group.level == "unit"
    assert items(group) == [("Rifle", 0), ("Club", 1)]


def test_unit_replace_rule_truncates_each_mean(squad: UnitPrice) -> None:
    # tough(1) = defense: 5, 5, 7, 5 over all four models -> 5.5 -> 5; fear 2
    assert items(squad.option_groups[9]) == [("Tough(1)", 3)]


def test_unit_add_weapon_leaves_out_models_with_dash_shoot_or_fight(squad: UnitPrice) -> None:
    # the hound's rifle would be 0 and pull the mean to 2.25
    assert items(squad.option_groups[10]) == [("Rifle", 3)]


def test_unit_add_and_remove_rule_average_over_every_model(squad: UnitPrice) -> None:
    group = squad.option_groups[11]
    assert items(group) == [("Banner", 5), ("Tough(1)", 5)]
    assert group.all_or_nothing is True
    assert items(squad.option_groups[12]) == [("Fear", -2)]


def test_a_unit_average_over_no_models_is_not_computable(make_ctx: MakeContext) -> None:
    unit = {
        "models": [soldier(shoot="-", weapons=["blade"])],
        "options": [{"addWeapon": ["rifle"]}],
    }
    group = price_unit_data(make_ctx(), unit, "u").option_groups[0]
    assert group.alternatives[0].computable is False
    assert group.alternatives[0].points == 0


def test_verbs_of_one_option_come_in_fixed_order_whatever_the_key_order(
    make_ctx: MakeContext,
) -> None:
    option = {
        "removeRule": ["fear"],
        "addRule": ["banner"],
        "addWeapon": ["rifle"],
        "withRule": ["banner"],
        "replaceRule": ["fear"],
        "withWeapon": ["rifle"],
        "replaceWeapon": ["pistol"],
    }
    unit = {"models": [soldier(weapons=["pistol"], rules=["fear"], options=[option])]}
    groups = price_unit_data(make_ctx(), unit, "u").option_groups
    assert [g.verb for g in groups] == [
        "replaceWeapon",
        "replaceRule",
        "addWeapon",
        "addRule",
        "removeRule",
    ]


def test_a_bare_single_value_is_one_alternative(make_ctx: MakeContext) -> None:
    unit = {"models": [soldier(options=[{"addRule": "banner"}, {"addWeapon": "rifle"}])]}
    groups = price_unit_data(make_ctx(), unit, "u").option_groups
    assert [items(g) for g in groups] == [[("Banner", 5)], [("Rifle", 3)]]


def test_options_on_models_from_the_models_map_are_offered_too(make_ctx: MakeContext) -> None:
    models = {"beast": soldier(name="Beast", options=[{"addRule": ["banner"]}])}
    unit = {"models": [soldier(options=[{"replaceModel": "beast"}])]}
    groups = price_unit_data(make_ctx(models=models), unit, "u").option_groups
    assert [(g.verb, g.model_index, g.model_id) for g in groups] == [
        ("replaceModel", 0, None),
        ("addRule", None, "beast"),
    ]
    assert groups[1].path == "models.beast.options[0]"


def test_unknown_weapons_and_rules_cost_nothing_and_an_unknown_model_is_an_empty_one(
    make_ctx: MakeContext,
) -> None:
    unit = {
        "models": [
            soldier(
                options=[
                    {"replaceModel": ["ghost"]},
                    {"addWeapon": ["laser"]},
                    {"addRule": ["aura"]},
                ]
            )
        ],
        "options": [{"addModel": ["ghost"]}],
    }
    groups = price_unit_data(make_ctx(), unit, "u").option_groups
    # the builder prices a model nobody defines as an empty model: base 5 (the soldier is 5)
    assert [items(g) for g in groups] == [
        [("ghost not found", 5)],
        [("ghost not found", 0)],
        [("laser not found", 0)],
        [("aura not found", 0)],
    ]


def test_an_unknown_model_is_priced_as_an_empty_model_with_the_unit_rules(
    make_ctx: MakeContext,
) -> None:
    # a 20-point leader (B 5, rifle 3, blade 2, leader 10) replaced by an undefined one:
    # 5 - 20 = -15, not 0 - 20
    leader = soldier(name="Boss", weapons=["rifle", "blade"], rules=["leader"])
    unit = {"models": [{**leader, "options": [{"replaceModel": "chief_missing"}]}]}
    ctx = make_ctx()
    boss = price_unit_data(ctx, unit, "u")
    assert boss.models[0].total == 20
    (swap,) = boss.option_groups
    assert [a.points for a in swap.alternatives] == [-15]
    # with a unit rule (fear 2), both the empty model and the old one carry it
    fearful = {**unit, "rules": ["fear"]}
    (swap,) = price_unit_data(ctx, fearful, "u").option_groups
    assert [a.points for a in swap.alternatives] == [(5 + 2) - (20 + 2)]
    add = {"models": [soldier()], "rules": ["fear"], "options": [{"addModel": ["nobody"]}]}
    (group,) = price_unit_data(ctx, add, "u").option_groups
    assert [a.points for a in group.alternatives] == [5 + 2]


# ----- the three builder bugs ----------------------------------------------------------------


def test_quirk_a_multi_rule_with_rule_bundles_cost_zero_in_the_builder(
    make_ctx: MakeContext,
) -> None:
    intended = price_unit_data(make_ctx(models=MODELS), SQUAD, "squad")
    builder = price_unit_data(make_ctx(models=MODELS), SQUAD, "squad", builder_quirks=True)
    assert items(intended.option_groups[4]) == [("Power(2)", 15), ("Power(2), Banner", 20)]
    assert items(builder.option_groups[4]) == [("Power(2), Banner", 0), ("Power(2)", 15)]


def test_quirk_b_replace_model_counts_unit_rules_twice_in_the_builder(
    make_ctx: MakeContext,
) -> None:
    builder = price_unit_data(make_ctx(models=MODELS), SQUAD, "squad", builder_quirks=True)
    # the old trooper is priced with fear twice: 26 instead of 24
    assert items(builder.option_groups[2]) == [("Hound", 9 - 26), ("Hound, Hound", 18 - 26)]


def test_quirks_change_nothing_else(make_ctx: MakeContext) -> None:
    intended = price_unit_data(make_ctx(models=MODELS), SQUAD, "squad")
    builder = price_unit_data(make_ctx(models=MODELS), SQUAD, "squad", builder_quirks=True)
    same = [i for i in range(len(intended.option_groups)) if i not in (2, 4)]
    assert [items(intended.option_groups[i]) for i in same] == [
        items(builder.option_groups[i]) for i in same
    ]
    assert intended.base == builder.base

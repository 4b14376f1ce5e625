"""How many of an option may be bought (§3.8) and how "all" options are charged (§3.9)."""

from __future__ import annotations

from typing import Any

import pytest

from factions.gamedata.battleforge import (
    OptionAlternative,
    OptionGroup,
    charge_multiplier,
    default_limits,
    model_limit_value,
    option_limit,
    price_unit_data,
)
from factions.gamedata.battleforge.points import PricingContext


def group(
    verb: str = "replaceWeapon",
    level: str = "model",
    alternatives: int = 1,
    **modifiers: Any,
) -> OptionGroup:
    alts = tuple(OptionAlternative(f"alt {i}", (), i) for i in range(alternatives))
    return OptionGroup(
        verb=verb,
        level=level,
        model_index=0 if level == "model" else None,
        model_id=None,
        model_name="Trooper" if level == "model" else None,
        option_index=0,
        path="units.u.models[0].options[0]",
        replaced=(),
        alternatives=alts,
        **modifiers,
    )


@pytest.mark.parametrize(
    ("model_limit", "n", "expected"),
    [
        ("all", 10, 1),
        ("1/4", 4, 1),
        ("1/4", 7, 1),
        ("1/4", 8, 2),
        ("1/4", 3, 0),
        ("2/5", 10, 4),
        ("3/10", 9, 2),
        (2, 10, 2),
        ("3", 10, 3),
        (None, 7, 7),
        ("any", 7, 7),
    ],
)
def test_model_limit_value(model_limit: object, n: int, expected: int) -> None:
    assert model_limit_value(model_limit, n) == expected


def test_a_model_option_without_modifiers_can_be_taken_by_every_model() -> None:
    assert option_limit(group(), models_of_type=6, unit_models=9) == 6


def test_a_model_option_multiplies_model_limit_limit_and_count() -> None:
    g = group(model_limit=2, limit=3, count=2)
    assert option_limit(g, models_of_type=6, unit_models=9) == 12
    assert option_limit(group(model_limit="1/3", limit=2), models_of_type=9, unit_models=9) == 6


def test_an_all_option_is_one_purchase() -> None:
    assert option_limit(group(model_limit="all"), models_of_type=6, unit_models=9) == 1


@pytest.mark.parametrize("verb", ["addWeapon", "addRule", "removeRule"])
def test_add_and_remove_verbs_default_to_every_alternative_per_model(verb: str) -> None:
    assert option_limit(group(verb, alternatives=3), models_of_type=4, unit_models=4) == 12
    assert option_limit(group(verb, alternatives=3, limit=1), models_of_type=4, unit_models=4) == 4


def test_replace_verbs_default_to_one_per_model_whatever_the_alternatives() -> None:
    assert option_limit(group("replaceRule", alternatives=3), models_of_type=4, unit_models=4) == 4
    assert option_limit(group("replaceModel", alternatives=2), models_of_type=4, unit_models=4) == 4


def test_a_unit_option_with_a_model_limit_is_just_that_limit() -> None:
    assert option_limit(group("addRule", "unit", model_limit=1), 0, unit_models=10) == 1
    assert option_limit(group("addRule", "unit", model_limit="all"), 0, unit_models=10) == 1
    # "a/b" is taken of the unit's total models
    assert option_limit(group("addRule", "unit", model_limit="1/5"), 0, unit_models=10) == 2
    assert option_limit(group("addRule", "unit", model_limit=2, limit=3), 0, 10) == 2


def test_a_unit_option_without_a_model_limit_scales_with_the_unit() -> None:
    assert option_limit(group("addRule", "unit"), 0, unit_models=10) == 10
    assert option_limit(group("addRule", "unit", limit=2, count=3), 0, unit_models=10) == 60


def test_add_model_defaults_to_one() -> None:
    assert option_limit(group("addModel", "unit", alternatives=2), 0, 10) == 1
    assert option_limit(group("addModel", "unit", model_limit=3), 0, 10) == 3


def test_extra_models_are_limited_to_max_minus_min() -> None:
    g = group("extraModels", extra_models=4)
    assert option_limit(g, models_of_type=4, unit_models=5) == 4


def test_non_numeric_limit_counts_as_absent() -> None:
    assert option_limit(group(limit="all"), models_of_type=5, unit_models=5) == 5


def test_an_all_option_is_charged_per_model_of_the_targeted_type() -> None:
    g = group(model_limit="all")
    assert charge_multiplier(g, models_of_type=3, unit_models=5) == 3


def test_the_builder_charges_an_all_option_for_every_model_of_the_unit() -> None:
    g = group(model_limit="all")
    assert charge_multiplier(g, models_of_type=3, unit_models=5, builder_quirks=True) == 5


def test_a_unit_level_all_option_is_charged_for_every_model_of_the_unit() -> None:
    g = group("addRule", "unit", model_limit="all")
    assert charge_multiplier(g, models_of_type=0, unit_models=5) == 5


def test_other_options_are_charged_once_per_purchase() -> None:
    assert charge_multiplier(group(model_limit=2), models_of_type=3, unit_models=5) == 1


def test_default_limits_use_each_models_min(make_ctx: Any) -> None:
    ctx: PricingContext = make_ctx()
    unit = {
        "models": [
            {
                "name": "A",
                "shoot": 5,
                "fight": 5,
                "weapons": ["pistol"],
                "min": 4,
                "max": 6,
                "options": [
                    {"replaceWeapon": "pistol", "withWeapon": ["rifle"], "modelLimit": "1/2"}
                ],
            },
            {
                "name": "B",
                "shoot": 5,
                "fight": 5,
                "min": 1,
                "options": [{"addRule": ["banner", "musician"]}],
            },
        ],
        "options": [{"addRule": ["banner"]}, {"addModel": ["x"]}],
    }
    price = price_unit_data(ctx, unit, "u")
    verbs = [(g.verb, g.level) for g in price.option_groups]
    assert verbs == [
        ("extraModels", "model"),
        ("addModel", "unit"),
        ("replaceWeapon", "model"),
        ("addRule", "model"),
        ("addRule", "unit"),
    ]
    assert default_limits(price) == [2, 1, 2, 2, 5]

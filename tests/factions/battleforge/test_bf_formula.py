"""The points-formula evaluator of BATTLEFORGE-FORMAT.md §3.1 and §3.2."""

from __future__ import annotations

import math

import pytest

from factions.gamedata.battleforge.formula import CONSTANTS, evaluate, resolve_path

from .conftest import RULES


def test_a_number_is_kept_and_no_points_is_zero() -> None:
    assert evaluate(7) == 7
    assert evaluate(-2.5) == -2.5
    assert evaluate(None) == 0


def test_a_list_is_folded_left_to_right_from_zero() -> None:
    assert evaluate([]) == 0
    assert evaluate([4]) == 4
    assert evaluate([4, 3]) == 7
    assert evaluate([4, {"add": 3}, {"multiply": 2}]) == 14
    assert evaluate([{"multiply": 5}]) == 0  # 0 * 5


def test_each_operator_does_what_its_name_says() -> None:
    assert evaluate([10, {"add": 2}]) == 12
    assert evaluate([10, {"multiply": 2}]) == 20
    assert evaluate([10, {"subtract": 2}]) == 8
    assert evaluate([10, {"divide": 4}]) == 2.5


def test_max_is_a_floor_and_min_is_a_cap() -> None:
    assert evaluate([-3, {"max": 0}]) == 0
    assert evaluate([3, {"max": 0}]) == 3
    assert evaluate([30, {"min": 20}]) == 20
    assert evaluate([3, {"min": 20}]) == 3


def test_operators_apply_strictly_left_to_right_without_arithmetic_precedence() -> None:
    # 2 + 3 * 4 read left to right is (2 + 3) * 4
    assert evaluate([2, {"add": 3}, {"multiply": 4}]) == 20


def test_an_object_with_several_operators_uses_only_the_first_in_operator_order() -> None:
    # add comes before multiply whatever the key order in the object
    assert evaluate([10, {"multiply": 3, "add": 1}]) == 11
    assert evaluate([10, {"min": 1, "divide": 2}]) == 5
    assert evaluate([10, {"max": 50, "subtract": 4}]) == 6


def test_a_nested_list_is_a_parenthesised_sub_expression() -> None:
    # 3 * (x - 1) with x = 4
    assert evaluate([3, {"multiply": ["rule.x", {"subtract": 1}]}], {"rule": {"x": 4}}) == 9
    # a bare nested list adds its value
    assert evaluate([1, [2, {"multiply": 3}]]) == 7


def test_pow_is_not_supported_and_adds_zero() -> None:
    assert evaluate([3, {"pow": 2}]) == 3
    assert evaluate([3, {"pow": 2}, {"add": 1}]) == 4


def test_a_bare_operator_object_is_read_as_a_one_element_list() -> None:
    assert evaluate({"add": 4}) == 4


def test_dotted_paths_read_the_variables() -> None:
    env = {"model": {"defense": 6, "rules": {"wounds": {"id": "wounds", "x": 3}, "fear": 1}}}
    assert evaluate("model.defense", env) == 6
    assert evaluate(["model.rules.wounds.x"], env) == 3
    assert evaluate(["model.rules.fear", {"multiply": 4}], env) == 4
    assert evaluate(["unit.totalModels", {"multiply": 2}], {"unit": {"totalModels": 5}}) == 10


def test_missing_paths_are_zero() -> None:
    assert evaluate("model.defense", {}) == 0
    assert evaluate(["rule.x", {"add": 2}], {"rule": {"id": "tough"}}) == 2
    assert evaluate("model.rules.wounds.x", {"model": {"rules": {}}}) == 0


def test_non_numeric_values_are_zero() -> None:
    assert evaluate(["rule.x"], {"rule": {"x": "Infantry, Cavalry"}}) == 0
    # rule.x on a bare string reference
    assert evaluate(["rule.x"], {"rule": "leader"}) == 0
    assert evaluate(["flag"], {"flag": True}) == 0
    assert evaluate(["obj"], {"obj": {"a": 1}}) == 0
    assert evaluate(["digits"], {"digits": "12"}) == 0


def test_constants_are_readable_exactly_as_the_data_uses_them() -> None:
    assert evaluate("constants.baseStats.defense") == 5
    assert evaluate("constants.baseStats.movement") == 6
    assert evaluate("constants.baseStats.wounds") == 1
    assert evaluate("constants.defenseCost") == 2
    assert evaluate("constants.baseCost") == 5
    assert evaluate("constants.apCost") == 1
    assert evaluate("constants.woundsCost") == 5
    assert evaluate("constants.courageCost") == 2
    assert evaluate("constants.damageCost") == 5
    assert evaluate("constants.movementCost") == 1
    # used by Ancients but never defined
    assert evaluate("constants.shootCost") == 0
    assert CONSTANTS["baseStats"] == {
        "movement": 6,
        "shoot": 5,
        "fight": 5,
        "courage": 5,
        "reflexes": 5,
        "wounds": 1,
        "defense": 5,
    }


def test_wounds_formula_shape_prices_extra_wounds_by_save() -> None:
    wounds = RULES["wounds"]["points"]
    assert evaluate(wounds, {"model": {"defense": 6}, "rule": {"x": 2}}) == 7
    assert evaluate(wounds, {"model": {"defense": 3}, "rule": {"x": 3}}) == 10


def test_list_indexes_in_paths_are_followed() -> None:
    assert resolve_path("a.1", {"a": [10, 20]}) == 20
    assert resolve_path("a.5", {"a": [10, 20]}) is None


def test_division_by_zero_follows_ieee_like_javascript() -> None:
    assert evaluate([1, {"divide": 0}]) == math.inf
    assert math.isnan(evaluate([0, {"divide": 0}]))


@pytest.mark.parametrize(
    ("expr", "expected"),
    [
        ([1, {"subtract": [0.25, {"multiply": 2}]}, {"multiply": -1}], -0.5),
        (["x", {"multiply": 0.5}, {"max": 1}], 2),
        (["x", {"multiply": 0.1}, {"max": 1}], 1),
        ([2, {"multiply": "x"}], 8),
    ],
)
def test_formula_shapes_used_by_the_data(expr: object, expected: float) -> None:
    assert evaluate(expr, {"x": 4}) == pytest.approx(expected)

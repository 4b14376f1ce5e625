"""Grimdark army composition limits, set by a module as data, through `validate_list --json`.

The figures are those Grimdark players know and the Ashen Stars starter module sets: one hero per
375 points, 1 + 1 copies of one datasheet per 750 points, no unit above 35% of the limit, one
unit per 150 points; each is taken from the list's points limit in full blocks."""

from __future__ import annotations

import pytest

from .conftest import codes, document, model, totals

Q = {"quality": 4, "defense": 4}


def sheet(name: str, points: int, rules: tuple[str, ...] = ()) -> dict:
    return {"name": name, "points": points, "models": [model(name, Q, rules=list(rules))]}


MODULE = {
    "format": 1,
    "slug": "spec-limits",
    "name": "Spec Limits",
    "version": "1",
    "ruleset": "grimdark",
    "parameters": {
        "heroes_per_points": 375,
        "copies_per_points": 750,
        "unit_max_share": 35,
        "units_per_points": 150,
        "doctrine_required": False,
    },
    "rules": {"hero": {"name": "Hero"}},
    "factions": {
        "wardens": {
            "name": "Wardens",
            "datasheets": {
                "captain": sheet("Captain", 50, ("hero",)),
                "warden": sheet("Warden", 50),
                "colossus": sheet("Colossus", 350),
                "titan": sheet("Titan", 351),
            },
        }
    },
}


@pytest.fixture(autouse=True)
def module(load):
    load(MODULE)


def validate_units(validate, *datasheets: str, points_limit: int, **fields):
    units = [{"datasheet": key} for key in datasheets]
    return validate(document("spec-limits", "wardens", units, points_limit=points_limit, **fields))


@pytest.mark.parametrize(("points_limit", "legal"), [(374, False), (375, True)])
def test_one_hero_per_full_375_points(validate, points_limit, legal):
    """374 // 375 = 0 heroes; 375 // 375 = 1."""
    report = validate_units(validate, "captain", points_limit=points_limit)

    assert (codes(report) == []) is legal
    assert totals(report)["heroes"]["limit"] == points_limit // 375


@pytest.mark.parametrize(
    ("points_limit", "copies", "legal"),
    [(749, 2, False), (750, 2, True), (1499, 3, False), (1500, 3, True)],
)
def test_copies_of_one_datasheet_are_1_plus_1_per_full_750_points(
    validate, points_limit, copies, legal
):
    """749: 1 + 0 = 1 copy; 750: 1 + 1 = 2; 1500: 1 + 2 = 3."""
    report = validate_units(validate, *["warden"] * copies, points_limit=points_limit)

    assert codes(report) == ([] if legal else ["too-many-copies"])


@pytest.mark.parametrize(("datasheet", "legal"), [("colossus", True), ("titan", False)])
def test_no_unit_above_35_percent_of_the_limit(validate, datasheet, legal):
    """35% of 1000 is 350: the Colossus (350) is exactly at it, the Titan (351) above."""
    report = validate_units(validate, datasheet, points_limit=1000)

    assert codes(report) == ([] if legal else ["unit-over-share"])


def test_one_unit_per_full_150_points(validate):
    """300 // 150 = 2 units: a third is one too many."""
    report = validate_units(validate, "warden", "captain", "colossus", points_limit=300)

    assert "too-many-units" in codes(report)


def test_a_casual_list_is_held_to_no_limit(validate):
    datasheets = ("captain", "captain", "titan")

    strict = validate_units(validate, *datasheets, points_limit=374)
    casual = validate_units(validate, *datasheets, points_limit=374, casual=True)

    # 451 points over 374; 0 heroes, 1 copy, 130 points a unit and 2 units allowed at 374
    assert set(codes(strict)) == {
        "points-over-limit",
        "too-many-heroes",
        "too-many-copies",
        "unit-over-share",
        "too-many-units",
    }
    assert codes(casual) == ["points-over-limit"]  # points are still checked: 451 > 374


def test_an_empty_list_is_no_units_yet(validate):
    report = validate_units(validate, points_limit=1000)

    assert report["verdict"] == "No units yet"

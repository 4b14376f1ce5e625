"""Grimdark Future, from seeds/grimdark-future-reference-and-campaign.md (sections named in its
plain-text headings), through `validate_list --json`."""

from __future__ import annotations

import pytest

from .conftest import codes, document, model, totals

MODULE = {
    "format": 1,
    "slug": "spec-dark",
    "name": "Spec Dark",
    "version": "1",
    "ruleset": "grimdark",
    "doctrines": {
        "orders": {"name": "Standing Orders", "universal": True},
        "vigil": {"name": "Iron Vigil"},
        "fury": {"name": "Fury"},
    },
    "strategies": {
        "reroll": {
            "name": "Second Look",
            "cost": 1,
            "doctrine": "orders",
            "description": "Re-roll.",
        },
        "dig_in": {"name": "Dig In", "cost": 2, "doctrine": "vigil", "description": "+1 Defense."},
    },
    "factions": {
        "wardens": {
            "name": "Wardens",
            "datasheets": {
                f"block{p}": {
                    "name": f"Block {p}",
                    "points": p,
                    "models": [model("W", {"quality": 4, "defense": 4})],
                }
                for p in (60, 250, 945, 1000, 1999, 2000)
            },
        },
        "scavs": {
            "name": "Scavs",
            "datasheets": {
                "gang": {
                    "name": "Gang",
                    "points": 50,
                    "models": [model("S", {"quality": 5, "defense": 5})],
                }
            },
        },
    },
}


@pytest.fixture(autouse=True)
def module(load):
    load(MODULE)


def army(*blocks: int, name: str = "Army", **fields) -> dict:
    fields.setdefault("doctrine", "vigil")
    fields.setdefault("points_limit", 5000)
    return document(
        "spec-dark", "wardens", [{"datasheet": f"block{b}"} for b in blocks], name=name, **fields
    )


@pytest.mark.parametrize(("points", "command_points"), [(945, 3), (1000, 4), (1999, 7), (2000, 8)])
def test_players_get_4_command_points_per_1000_points_in_their_army_list(
    validate, points, command_points
):
    """Command Points & Stratagems, Command Point Generation (Fixed): read as a rate over the
    points the list spends, rounded down (docs/rulesets.md)."""
    report = validate(army(points))

    assert totals(report)["command_points"]["value"] == command_points
    assert totals(report)["command_points"]["detail"].startswith(f"{points} pts × 4 ÷ 1000 = ")


def test_players_have_the_universal_doctrine_plus_one_other(validate):
    """Using Stratagems: "the Universal Doctrine Stratagems ... plus the Stratagems from one
    other Doctrine chosen before the game begins"."""
    chosen = validate(army(60))
    missing = validate(army(60, doctrine=None))
    universal = validate(army(60, doctrine="orders"))

    assert totals(chosen)["doctrines"]["detail"] == "Standing Orders + Iron Vigil"
    assert [v["code"] for v in missing["violations"]] == ["doctrine-missing"]  # a warning
    assert missing["legal"] is True
    assert codes(universal) == ["doctrine-universal"]


def test_no_army_may_have_more_than_250_points_more_than_the_lowest(validate):
    """Mission Setup, Army Size Limit: "No army may have > 250pts more than the lowest point
    value army in the match"."""
    within = validate(army(60, name="Small"), army(60, 250, name="Large"), match=True)
    beyond = validate(army(60, name="Small"), army(60, 250, 60, name="Huge"), match=True)

    assert within["match"]["legal"] is True  # 250 more: the limit itself
    assert beyond["match"]["legal"] is False
    assert [v["code"] for v in beyond["match"]["violations"]] == ["army-size-gap"]


def test_underdogs_get_1_point_per_50_points_below_the_highest_army(validate):
    """Mission Setup, Underdog Bonus: "1 Underdog Point (UP) for every 50pts difference below
    the highest point value army"."""
    result = validate(army(60, name="Small"), army(60, 250, name="Large"), match=True)

    assert [(s["name"], s["underdog_points"]) for s in result["match"]["sides"]] == [
        ("Small", 5),
        ("Large", 0),
    ]


def test_an_army_is_one_factions_units(validate):
    """Army lists are built from one faction (a module's alliances may allow more)."""
    report = validate(
        document(
            "spec-dark",
            "wardens",
            [{"datasheet": "block60"}, {"datasheet": "gang", "faction": "scavs"}],
            doctrine="vigil",
        )
    )

    assert codes(report) == ["unit-faction"]


def test_a_token_sheet_drawn_from_a_match_carries_each_sides_underdog_points(validate):
    """Mission Setup, Underdog Bonus, outside a campaign: the token sheet of each side of a match
    check prints as many underdog tokens as `validate_list --match` gives that side."""
    from factions.catalog import catalog_by_slug
    from forgebuilder.engine.listdoc import ListDocument
    from forgebuilder.engine.rules import evaluate, resolve
    from forgebuilder.lists.exports import ExportSource
    from forgebuilder.lists.exports.tokens import token_plan

    lists = [army(60, name="Small"), army(60, 250, name="Large")]
    sides = validate(*lists, match=True)["match"]["sides"]

    catalog = catalog_by_slug("spec-dark")
    printed = []
    for data, side in zip(lists, sides, strict=True):
        roster = resolve(ListDocument.model_validate(data), catalog)
        source = ExportSource(
            roster.document, roster, evaluate(roster), match_underdog=side["underdog_points"]
        )
        kinds = {kind.key: kind.count for kind, _ in token_plan(source)}
        printed.append(kinds.get("underdog", 0))

    assert printed == [5, 0]  # 250 points below the largest: five full 50s

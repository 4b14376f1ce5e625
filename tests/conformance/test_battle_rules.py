"""Battle Rules (d6), from seeds/battle-rules-d6.md, through `validate_list --json`."""

from __future__ import annotations

import pytest

from .conftest import codes, document, model

STATS = {
    "ranged_combat": 4, "close_combat": 4, "physical_toughness": 4, "mental_toughness": 4,
    "hit_points": 1, "combat_save": 5, "movement": 5,
}  # fmt: skip
MODULE = {
    "format": 1,
    "slug": "spec-squads",
    "name": "Spec Squads",
    "version": "1",
    "ruleset": "battle_rules",
    "weapons": {"rifle": {"name": "Rifle", "range": 24, "stats": {"attacks": 1}}},
    "factions": {
        "guard": {
            "name": "Ash Guard",
            "datasheets": {
                "riflemen": {
                    "name": "Riflemen",
                    "points": 50,
                    "models": [
                        model("Sergeant", {**STATS, "hit_points": 2}, id="sergeant", min=0, max=1),
                        model("Rifleman", STATS, id="rifleman", min=0, max=9, weapons=["rifle"]),
                    ],
                }
            },
        },
        "raiders": {
            "name": "Scorch Raiders",
            "datasheets": {
                "mob": {"name": "Mob", "points": 30, "models": [model("Raider", STATS)]}
            },
        },
    },
}


@pytest.fixture(autouse=True)
def module(load):
    load(MODULE)


def squad(**models) -> dict:
    return {"datasheet": "riflemen", "models": models}


def test_a_squad_is_one_or_more_models(validate):
    """Squads: "A squad is made up of one or more models"."""
    one = validate(document("spec-squads", "guard", [squad(sergeant=1, rifleman=0)]))
    none = validate(document("spec-squads", "guard", [squad(sergeant=0, rifleman=0)]))

    assert one["legal"] is True
    assert codes(none) == ["unit-without-models"]
    assert none["violations"][0]["units"] == ["u1"]


def test_a_squad_tracks_the_hit_points_its_morale_checks_count(validate):
    """Morale, Ranged Combat Morale Check: +1 to the roll for each Hit Point the squad lost, so
    the roster gives each squad's hit points in all."""
    report = validate(document("spec-squads", "guard", [squad(sergeant=1, rifleman=4)]))

    assert "6 hit points in all" in report["unit_facts"]["u1"]  # 2 + 4 × 1


def test_a_squad_stays_within_the_points_agreed(validate):
    """Game round: both players field armies of the agreed size (the module's points limit)."""
    report = validate(
        document("spec-squads", "guard", [squad(rifleman=5), squad(rifleman=5)], points_limit=99)
    )

    assert codes(report) == ["points-over-limit"]


def test_the_army_is_one_factions_squads(validate):
    """Squads belong to their player's army: a list holds its own faction's squads only."""
    report = validate(
        document(
            "spec-squads", "guard", [squad(rifleman=5), {"datasheet": "mob", "faction": "raiders"}]
        )
    )

    assert codes(report) == ["unit-faction"]

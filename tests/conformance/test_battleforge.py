"""Battle Forge, from seeds/battle-forge-core-rules.md ("Force Building" and the rules a roster
carries), through `validate_list --json`."""

from __future__ import annotations

import pytest

from .conftest import codes, document, model, totals

STATS = {"movement": 6, "accuracy": 5, "strength": 5, "save": 5, "initiative": 5, "courage": 6}


def troops(name: str, points: int = 20, **fields) -> dict:
    return {
        "name": name,
        "category": "core",
        "points": points,
        "models": [model(name, STATS)],
        **fields,
    }


def faction(name: str, alliance: str | None, **fields) -> dict:
    return {"name": name, "alliance": alliance, "datasheets": {"troops": troops(name)}, **fields}


MODULE = {
    "format": 1,
    "slug": "spec-forge",
    "name": "Spec Forge",
    "version": "1",
    "ruleset": "battleforge",
    "rules": {"caster": {"name": "Caster", "takes_value": True}},
    "categories": {"hero": "Hero", "core": "Core"},
    "alliances": {
        "league": {"name": "The League"},
        "horde": {"name": "The Horde"},
        "lone": {"name": "Lone Powers", "kind": "unaligned"},
        "coin": {"name": "Sellswords", "kind": "mercenaries"},
    },
    "force_organizations": {
        "patrol": {
            "name": "Patrol",
            "cost": 0,
            "slots": {"hero": {"min": 0, "max": 1}, "core": {"min": 1, "max": None}},
        },
        "host": {
            "name": "Host",
            "cost": 3,
            "slots": {"hero": {"min": 0, "max": 2}, "core": {"min": 0, "max": None}},
        },
    },
    "legends": {
        "banner": {"name": "Old Banner", "points": 5},
        "blade": {"name": "Old Blade", "points": 5},
    },
    "factions": {
        "home": faction(
            "Home Guard",
            "league",
            focuses={"watch": {"name": "Town Watch"}, "levy": {"name": "Levy", "restricted": True}},
            power_specialties={"tide": {"name": "Tide"}},
            datasheets={
                "troops": troops("Regulars"),
                "watchmen": troops("Watchmen", focuses=["watch"]),
                "seer": {**troops("Seer", 30), "category": "hero", "rules": ["caster(1)"]},
            },
        ),
        "friend": faction(
            "Friends",
            "league",
            focuses={"scouts": {"name": "Far Scouts"}},
            datasheets={
                "troops": troops("Friends"),
                "rangers": troops("Rangers", focuses=["scouts"]),
            },
        ),
        "rival": faction("Rivals", "horde"),
        "loner": faction("Loners", "lone"),
        "blades": faction("Free Blades", "coin"),
    },
}


@pytest.fixture(autouse=True)
def module(load):
    load(MODULE)


def force(fid: str, faction: str = "home", organization: str = "patrol", **fields) -> dict:
    return {"id": fid, "organization": organization, "faction": faction, **fields}


def unit(datasheet: str = "troops", force: str = "f1", **fields) -> dict:
    return {"datasheet": datasheet, "force": force, **fields}


def forge_list(*units, forces=None, points_limit=150, **fields) -> dict:
    return document(
        "spec-forge",
        "home",
        list(units),
        forces=forces or [force("f1")],
        points_limit=points_limit,
        **fields,
    )


def test_lists_are_built_to_an_agreed_points_limit(validate):
    """Force Building, Points Limit: players agree on a points limit before building lists."""
    assert validate(forge_list(unit(), points_limit=20))["legal"] is True
    assert codes(validate(forge_list(unit(), unit(), points_limit=30))) == ["points-over-limit"]


def test_each_5_points_under_the_limit_earn_one_advantage_point(validate):
    """Force Building, Under Points Limit: "For each 5 points under the points limit ... one
    advantage point"."""
    report = validate(forge_list(unit(), points_limit=44))  # 24 under

    assert totals(report)["advantage"]["value"] == 4


@pytest.mark.parametrize(("limit", "income"), [(100, 3), (150, 4), (149, 3)])
def test_strategy_points_are_1_plus_1_per_50_points_played(validate, limit, income):
    """Strategy Points, Strategy Point Counts: "a base of 1 strategy points per round, and an
    additional 1 per 50 points played"."""
    report = validate(forge_list(unit(), points_limit=limit))

    assert totals(report)["sp_income"]["value"] == income


def test_force_organizations_may_not_take_strategy_points_below_zero(validate):
    """Force Organizations: "any number of Force Organizations, so long as your strategy points
    do not go below zero"."""
    forces = [force("f1"), force("f2", organization="host")]
    fits = validate(forge_list(unit(), forces=forces, points_limit=100))  # 3 SP, costs 3
    over = validate(forge_list(unit(), forces=forces, points_limit=99))  # 2 SP, costs 3

    assert fits["legal"] is True
    assert codes(over) == ["strategy-points-overspent"]


def test_a_force_organization_restricts_the_units_of_each_category(validate):
    """Force Organizations: each "specify restrictions on the number of each type of unit"."""
    no_core = validate(forge_list(unit("seer")))
    two_heroes = validate(forge_list(unit(), unit("seer"), unit("seer"), points_limit=300))

    assert codes(no_core) == ["force-org-min"]
    assert codes(two_heroes) == ["force-org-max"]


def test_an_allied_faction_comes_in_its_own_force_organization(validate):
    """Allied Forces: "you may bring a separate Force Organization ... to include an allied
    faction"."""
    own_force = validate(
        forge_list(unit(), unit("troops", force="f2"), forces=[force("f1"), force("f2", "friend")])
    )
    mixed_in = validate(forge_list(unit(), unit("troops", faction="friend")))

    assert own_force["legal"] is True
    assert codes(mixed_in) == ["unit-wrong-faction"]


@pytest.mark.parametrize(
    ("ally", "problem"),
    [
        ("friend", None),
        ("rival", "ally-other-alliance"),
        ("loner", "ally-unaligned"),
        ("blades", None),
    ],
)
def test_allies_share_an_alliance_unaligned_have_none_mercenaries_ally_with_anyone(
    validate, ally, problem
):
    """Allied Forces: "Factions that are in the "Unaligned" category do not have allies ...
    Factions in the "Mercenaries" category may be allied to any faction"."""
    report = validate(
        forge_list(unit(), unit("troops", force="f2"), forces=[force("f1"), force("f2", ally)])
    )

    assert codes(report) == ([problem] if problem else [])


def test_allies_join_an_army_they_are_not_the_army(validate):
    """Allied Forces: an allied faction joins "your Force"; a list fields its own faction."""
    report = validate(forge_list(unit("troops"), forces=[force("f1", "friend")]))

    assert codes(report) == ["no-primary-force"]


def test_only_one_legend_may_be_included_per_list(validate):
    """Legends, Purchasing a Legend: "Only one legend may be included per list"."""
    one = validate(forge_list(unit(), legends=[{"legend": "banner", "unit": "u1"}]))
    two = validate(
        forge_list(
            unit(), legends=[{"legend": "banner", "unit": "u1"}, {"legend": "blade", "unit": "u1"}]
        )
    )

    assert one["legal"] is True
    assert codes(two) == ["too-many-legends"]


def test_any_force_can_choose_a_focus(validate):
    """Force Focus: "Any force can choose a focus", allied forces included."""
    forces = [force("f1"), force("f2", focus="watch"), force("f3", "friend", focus="scouts")]
    report = validate(
        forge_list(unit(), unit("watchmen", force="f2"), unit("rangers", force="f3"), forces=forces)
    )
    without = validate(forge_list(unit(), unit("watchmen")))

    assert report["legal"] is True
    assert codes(without) == ["focus-only-unit"]


def test_a_caster_picks_one_power_specialty(validate):
    """Powers, Power Specialties: "a unit with the ability to use Powers may pick one
    specialty"."""
    picked = validate(forge_list(unit(), unit("seer", specialty="tide")))
    not_picked = validate(forge_list(unit(), unit("seer")))
    not_a_caster = validate(forge_list(unit(specialty="tide")))

    assert picked["violations"] == []
    assert [v["code"] for v in not_picked["violations"]] == ["caster-no-specialty"]  # a warning
    assert codes(not_a_caster) == ["specialty-not-caster"]


def test_casual_games_pay_the_points_and_ignore_force_building_restrictions(validate):
    """Force Building: "For casual or beginner games, feel free to simply pay the points ... and
    ignore force building restrictions"; the totals are still shown."""
    report = validate(forge_list(unit("seer"), unit("seer"), casual=True, points_limit=60))

    assert report["legal"] is True
    assert totals(report)["sp_income"]["value"] == 2


def test_shock_keeps_a_unit_below_half_its_courage(validate):
    """Bidding Phase, Shock Limit: "Units must stay below half their Courage when assigning
    Shock" (Courage 6: at most 2)."""
    report = validate(forge_list(unit()))

    assert "Shock limit 2 (below half Courage 6), break test at 6" in report["unit_facts"]["u1"]

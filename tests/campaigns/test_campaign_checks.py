"""Campaign state of units: priced and checked with the numbers of the module's campaign section
(the seed's by default; a module with other numbers gets them without code)."""

from __future__ import annotations

import pytest

from tests.armylists.rules.factories import check, codes, game, model, sheet, the, total, unit

from .tables import campaign_data


def campaign_game(**changes):
    return game(
        "grimdark",
        slug="test-grimdark",
        datasheets={
            "squad": sheet(100, category=None, name="Squad"),
            "captain": sheet(
                60, category=None, name="Captain", models=[model("Captain", rules=["hero"])]
            ),
        },
        doctrines={"all": {"name": "All", "universal": True}, "fury": {"name": "Fury"}},
        campaign=campaign_data(**changes),
    )


def army(catalog, *units):
    return check(
        catalog, *units, forces=[], module=catalog.slug, doctrine="fury", points_limit=5000
    )


def squad(**state):
    return unit("squad", force=None, campaign=state)


def captain(**state):
    return unit("captain", force=None, campaign=state)


@pytest.mark.parametrize(
    ("state", "points"),
    [
        ({}, 100),
        ({"xp": 5, "level": 1, "traits": ["agile"]}, 125),  # +25 per level
        ({"xp": 10, "level": 2, "traits": ["agile", "elite"]}, 150),
        ({"xp": 5, "veteran": True}, 150),  # a veteran recruit: +50
    ],
)
def test_levels_and_veterans_raise_a_units_cost(state, points):
    report = army(campaign_game(), squad(**state))
    assert report.unit_points["u1"] == points
    assert report.violations == ()


def test_injuries_cost_5_less_and_talents_5_more_each():
    state = {"injuries": ["chest_wound", "arm_injury"], "talents": ["toughened"]}
    report = army(campaign_game(), captain(**state))
    assert report.unit_points["u1"] == 60 - 5 - 5 + 5
    assert total(report, "campaign_points") == -5


def test_a_module_with_other_numbers_prices_with_them():
    catalog = campaign_game(costs={"per_level": 30, "veteran": 40})
    report = army(catalog, squad(xp=5, level=1, traits=["agile"]), squad(veteran=True, xp=5))
    assert report.unit_points == {"u1": 130, "u2": 140}


def test_a_module_with_other_xp_steps_checks_levels_with_them():
    catalog = campaign_game(experience={"per_level": 3})
    assert codes(army(catalog, squad(xp=3, level=1, traits=["agile"]))) == []
    assert codes(army(campaign_game(), squad(xp=3, level=1))) == ["campaign-level"]


@pytest.mark.parametrize("status", ["dead", "disbanded"])
def test_dead_and_disbanded_units_stay_in_the_list_but_cost_nothing(status):
    report = army(campaign_game(), squad(), squad(status=status, xp=5, level=1, traits=["agile"]))
    assert report.unit_points == {"u1": 100, "u2": 0}
    assert total(report, "points") == 100
    assert any("kept for the record" in fact for fact in report.unit_facts["u2"])


def test_a_dead_unit_is_not_checked():
    report = army(campaign_game(), squad(status="dead", traits=["agile", "agile"]))
    assert codes(report) == []


def test_a_level_needs_5_xp():
    violation = the(army(campaign_game(), squad(xp=4, level=1)), "campaign-level")
    assert violation.message == (
        "Squad is level 1 with 4 XP; each level needs 5 XP (at most level 0)."
    )
    assert violation.units == ("u1",)


def test_a_trait_gained_twice_is_an_error():
    report = army(campaign_game(), squad(xp=10, level=2, traits=["elite", "elite"]))
    violation = the(report, "campaign-trait-twice")
    assert violation.message == "Squad has the trait Elite 2 times; a trait is gained only once."


def test_specialist_may_be_gained_twice():
    report = army(campaign_game(), squad(xp=10, level=2, traits=["specialist", "specialist"]))
    assert codes(report) == []


def test_a_talent_gained_twice_is_an_error():
    report = army(campaign_game(), captain(talents=["crazed", "crazed"]))
    assert codes(report) == ["campaign-trait-twice"]


@pytest.mark.parametrize(
    ("field", "key", "label"),
    [
        ("traits", "lucky", "trait"),
        ("injuries", "broken_toe", "injury"),
        ("talents", "charm", "talent"),
        ("skill_sets", "medic", "skill set"),
    ],
)
def test_unknown_campaign_keys_are_named(field, key, label):
    violation = the(army(campaign_game(), captain(**{field: [key]})), "campaign-unknown")
    assert violation.message == f"Captain: the module's campaign has no {label} '{key}'."


def test_hero_skill_set_traits_are_known_traits():
    state = {"xp": 5, "level": 1, "skill_sets": ["captain"], "traits": ["leader"]}
    assert codes(army(campaign_game(), captain(**state))) == []


def test_one_hero_may_be_recruited_per_mission():
    report = army(campaign_game(), captain(recruited_after=1), captain(recruited_after=1))
    violation = the(report, "campaign-hero-recruits")
    assert violation.message == (
        "2 heroes were recruited after mission 1; at most 1 may join per mission."
    )


def test_at_most_three_heroes_are_recruited_in_a_campaign():
    heroes = [captain(recruited_after=n) for n in (1, 2, 3)]
    founding = captain()  # founding heroes do not count
    assert codes(army(campaign_game(), founding, *heroes)) == []
    report = army(campaign_game(), *heroes, captain(recruited_after=4))
    assert the(report, "campaign-hero-recruits").message == (
        "4 heroes were recruited during the campaign; at most 3 may be."
    )


def test_recruit_limits_come_from_the_module():
    catalog = campaign_game(recruiting={"heroes_per_mission": 2, "heroes_total": 1})
    report = army(catalog, captain(recruited_after=1), captain(recruited_after=1))
    assert codes(report) == ["campaign-hero-recruits"]
    assert "at most 1 may be" in report.violations[0].message


def test_a_module_without_a_campaign_ignores_campaign_state():
    catalog = game("grimdark", slug="plain", datasheets={"squad": sheet(100, category=None)},
                   doctrines={"fury": {"name": "Fury"}})  # fmt: skip
    report = army(catalog, squad(xp=1, level=3, traits=["x", "x"]))
    assert report.unit_points == {"u1": 100}
    assert not [c for c in codes(report) if c.startswith("campaign")]

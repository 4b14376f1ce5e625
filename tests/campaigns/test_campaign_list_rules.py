"""The campaign's list-building rules beyond prices: one veteran recruit per mission and never a
hero, skill sets and injuries only on heroes, the second skill set after the first, one trait per
level, and a hero joining a living regular unit (numbers from the module's campaign section)."""

from __future__ import annotations

from tests.armylists.rules.factories import codes, the

from .test_campaign_checks import army, campaign_game, captain, squad


def test_one_veteran_may_be_recruited_per_mission():
    report = army(
        campaign_game(),
        squad(veteran=True, xp=5, recruited_after=1),
        squad(veteran=True, xp=5, recruited_after=1),
    )
    violation = the(report, "campaign-veterans")
    assert violation.message == (
        "2 veterans were recruited after mission 1; at most 1 recruit per mission may start "
        "with experience."
    )
    assert violation.units == ("u1", "u2")
    spread = army(
        campaign_game(),
        squad(veteran=True, xp=5, recruited_after=1),
        squad(veteran=True, xp=5, recruited_after=2),
    )
    assert codes(spread) == []


def test_the_veteran_limit_comes_from_the_module():
    catalog = campaign_game(recruiting={"veterans_per_mission": 2})
    two = [squad(veteran=True, xp=5, recruited_after=1) for _ in range(2)]
    assert codes(army(catalog, *two)) == []


def test_a_hero_is_never_a_veteran_recruit():
    report = army(campaign_game(), captain(veteran=True, xp=5, recruited_after=1))
    assert the(report, "campaign-veterans").message == (
        "Captain is a hero recruited as a veteran; only regular units may be."
    )


def test_a_dead_veteran_is_left_out_of_the_veteran_count():
    # like every check, the veteran limit reads only the units still in the army
    report = army(
        campaign_game(),
        squad(veteran=True, xp=5, recruited_after=1, status="dead"),
        squad(veteran=True, xp=5, recruited_after=1),
    )
    assert codes(report) == []  # dead units are left out of every check, this one included


def test_regular_units_have_no_skill_sets_injuries_or_talents():
    report = army(campaign_game(), squad(skill_sets=["captain"], injuries=["chest_wound"]))
    assert the(report, "campaign-hero-only").message == (
        "Squad is not a hero, so it has no skill sets, skill traits, injuries or talents "
        "(captain, chest_wound)."
    )


def test_heroes_gain_skill_traits_not_regular_traits():
    report = army(campaign_game(), captain(xp=5, level=1, traits=["agile"]))
    assert "campaign-hero-only" in codes(report)
    fine = army(campaign_game(), captain(xp=5, level=1, skill_sets=["captain"], traits=["leader"]))
    assert codes(fine) == []


def test_a_skill_trait_comes_from_a_chosen_set():
    report = army(
        campaign_game(), captain(xp=5, level=1, skill_sets=["captain"], traits=["runner"])
    )
    assert the(report, "campaign-skill-sets").message == (
        "Captain has skill traits of a skill set it did not choose (runner)."
    )


def test_a_second_skill_set_needs_the_first_complete():
    early = captain(xp=10, level=2, skill_sets=["captain", "fighter"], traits=["leader", "fanatic"])
    violation = the(army(campaign_game(), early), "campaign-skill-sets")
    assert violation.message == (
        "Captain has a second skill set before completing Captain (missing Instigator, Tactician)."
    )
    done = ["leader", "instigator", "tactician", "fanatic"]
    complete = captain(xp=20, level=4, skill_sets=["captain", "fighter"], traits=done)
    assert codes(army(campaign_game(), complete)) == []


def test_each_level_brings_one_trait():
    report = army(campaign_game(), squad(xp=5, level=1, traits=["agile", "elite"]))
    assert the(report, "campaign-level").message == (
        "Squad has 2 traits at level 1; each level brings one trait."
    )


def test_a_hero_joins_a_living_regular_unit_of_the_army():
    ok = army(campaign_game(), captain(joined="u2"), squad())
    assert codes(ok) == []
    dead = army(campaign_game(), captain(joined="u2"), squad(status="dead"))
    assert the(dead, "campaign-joined").message == "Captain has joined a unit that is dead."
    hero = army(campaign_game(), captain(joined="u2"), captain())
    assert "campaign-joined" in codes(hero)
    regular = army(campaign_game(), squad(joined="u2"), squad())
    assert the(regular, "campaign-joined").message == "Squad is not a hero, so it joins no unit."

"""The post-mission steps as pure functions, with dice entered by hand: every table's rule."""

from __future__ import annotations

import pytest

from factions.catalog import Catalog
from factions.gamedata.schemas import ModuleSpec
from forgebuilder.campaigns import levelling, steps
from forgebuilder.campaigns.dice import DiceError, EnteredDie, SeededDie
from forgebuilder.campaigns.steps import BattleReport, StepError
from forgebuilder.campaigns.steps import UnitOutcome as Out
from forgebuilder.engine.listdoc import ListDocument

from .tables import campaign_data, campaign_spec

SPEC = campaign_spec()


def catalog() -> Catalog:
    models = {
        "squad": {"name": "Squad", "points": 100, "models": [{"name": "Trooper"}]},
        "boss": {"name": "Boss", "points": 60, "models": [{"name": "Boss", "rules": ["hero"]}]},
    }
    spec = ModuleSpec.model_validate(
        {
            "slug": "camp", "name": "Camp", "version": "1", "ruleset": "grimdark",
            "rules": {"hero": {"name": "Hero"}},
            "factions": {"home": {"name": "Home", "datasheets": models}},
            "campaign": campaign_data(),
        }
    )  # fmt: skip
    return Catalog(0, 1, spec)


CATALOG = catalog()


def army(*units: tuple[str, dict]) -> ListDocument:
    return ListDocument.model_validate(
        {
            "module": "camp",
            "faction": "home",
            "points_limit": 1000,
            "units": [
                {"id": f"u{i}", "datasheet": sheet, "campaign": state}
                for i, (sheet, state) in enumerate(units, 1)
            ],
        }
    )


def camp(document: ListDocument, unit_id: str) -> dict:
    return document.unit(unit_id).campaign.model_dump()


def level(document, unit_id="u1", rolls=(), pick=None, spec=SPEC):
    return levelling.level_up(
        document, unit_id, spec=spec, catalog=CATALOG, die=EnteredDie(list(rolls)), pick=pick
    )


# --- casualties -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("roll", "status", "xp"), [(1, "dead", 0), (2, "active", 0), (5, "active", 0), (6, "active", 1)]
)
def test_a_unit_casualty_is_dead_recovered_or_gains_a_point(roll, status, xp):
    report = BattleReport(won=False, units={"u1": Out(casualty=True)})
    after = steps.casualties(
        army(("squad", {})), report, spec=SPEC, catalog=CATALOG, die=EnteredDie([roll])
    ).army
    assert (camp(after, "u1")["status"], camp(after, "u1")["xp"]) == (status, xp)


def test_a_hero_rolling_1_rolls_an_injury_and_a_second_1_kills_it():
    report = BattleReport(won=False, units={"u1": Out(casualty=True)})
    hurt = steps.casualties(
        army(("boss", {})), report, spec=SPEC, catalog=CATALOG, die=EnteredDie([1, 6])
    )
    assert camp(hurt.army, "u1")["injuries"] == ("smashed_leg",)
    # the hero survived: it reads as injured, with what the injury costs, never as dead
    assert hurt.events == ["Boss: survived, injured: Smashed Leg (Moves 1\" less on Advance, "
                           "2\" less on Rush and Charge, −5 pts)"]  # fmt: skip
    dead = steps.casualties(
        army(("boss", {})), report, spec=SPEC, catalog=CATALOG, die=EnteredDie([1, 1])
    )
    assert camp(dead.army, "u1")["status"] == "dead"
    assert dead.events == ["Boss: dead (casualty roll Dead, injury roll Dead)"]


def test_the_history_says_which_of_two_identical_squads_fell():
    report = BattleReport(won=False, units={"u2": Out(casualty=True), "u3": Out(casualty=True)})
    hurt = steps.casualties(
        army(("squad", {}), ("squad", {}), ("boss", {})), report, spec=SPEC, catalog=CATALOG,
        die=EnteredDie([3, 6, 2]),
    )  # fmt: skip
    assert hurt.events == [
        "Squad 2: recovered",
        "Boss: survived, talent: Motivated (Its first morale test of each match is passed, +5 pts)",
    ]


def test_the_xp_lines_say_which_of_two_identical_squads_gained():
    report = BattleReport(won=True, units={"u2": Out(killed_units=1)})
    gained = steps.experience(
        army(("squad", {}), ("squad", {}), ("boss", {})), report, spec=SPEC, catalog=CATALOG
    )
    assert gained.events == ["Squad 1: +1 XP", "Squad 2: +2 XP", "Boss: +1 XP"]


def test_a_hero_rolling_6_gains_a_talent_re_rolling_one_it_has():
    report = BattleReport(won=False, units={"u1": Out(casualty=True)})
    after = steps.casualties(
        army(("boss", {"talents": ["crazed"]})), report, spec=SPEC, catalog=CATALOG,
        die=EnteredDie([6, 3, 1]),
    ).army  # fmt: skip
    # 3 is Crazed, already gained: re-rolled to 1, Natural Talent (+1 XP)
    assert camp(after, "u1")["talents"] == ("crazed", "natural_talent")
    assert camp(after, "u1")["xp"] == 1


def test_a_report_for_a_unit_not_in_the_army_is_refused():
    report = BattleReport(won=True, units={"u7": Out(killed_units=1)})
    with pytest.raises(StepError, match=r"The report names unit 'u7', which is not in this army\."):
        steps.casualties(army(("squad", {})), report, spec=SPEC, catalog=CATALOG, die=SeededDie(1))


# --- experience -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("outcome", "xp"),
    [
        (Out(), 1),
        (Out(casualty=True), 0),
        (Out(killed_units=1), 2),
        (Out(killed_heroes=1), 3),
        (Out(killed_heroes_with_unit=1), 4),
        (Out(casualty=True, killed_units=2, killed_heroes=1), 4),
    ],
)
def test_experience_for_surviving_and_kills(outcome, xp):
    report = BattleReport(won=True, units={"u1": outcome})
    assert camp(steps.experience(army(("squad", {})), report, spec=SPEC).army, "u1")["xp"] == xp


def test_experience_numbers_come_from_the_module():
    spec = campaign_spec(experience={"survived": 2, "killed_unit": 5})
    report = BattleReport(won=True, units={"u1": Out(killed_units=1)})
    assert camp(steps.experience(army(("squad", {})), report, spec=spec).army, "u1")["xp"] == 7


def test_a_casualty_gains_only_what_its_casualty_roll_gives_not_the_survival_xp():
    # a 6 on the casualty table is Natural Talent (+1 XP); surviving the mission would give 1
    # more, but a destroyed or routed unit did not survive it
    report = BattleReport(won=True, units={"u1": Out(casualty=True)})
    hurt = steps.casualties(
        army(("squad", {})), report, spec=SPEC, catalog=CATALOG, die=EnteredDie([6])
    ).army
    assert camp(steps.experience(hurt, report, spec=SPEC).army, "u1")["xp"] == 1


def test_a_unit_that_died_as_a_casualty_gains_no_xp_for_its_kills():
    report = BattleReport(won=True, units={"u1": Out(casualty=True, killed_units=2)})
    dead = steps.casualties(
        army(("squad", {"xp": 3})), report, spec=SPEC, catalog=CATALOG, die=EnteredDie([1])
    ).army
    after = steps.experience(dead, report, spec=SPEC)
    assert (camp(after.army, "u1")["status"], camp(after.army, "u1")["xp"]) == ("dead", 3)
    assert after.events == []


# --- level-ups --------------------------------------------------------------------------------


def test_a_level_up_without_5_xp_is_refused():
    with pytest.raises(StepError, match=r"Squad needs 5 XP for level 1 \(5 per level\); it has 4"):
        level(army(("squad", {"xp": 4})), rolls=[1])


def test_a_second_level_needs_10_xp():
    with pytest.raises(StepError, match="needs 10 XP for level 2"):
        level(army(("squad", {"xp": 9, "level": 1, "traits": ["agile"]})), rolls=[2])


@pytest.mark.parametrize(
    ("xp", "level_now", "ready"),
    [
        (4, 0, False),  # one short of level 1
        (5, 0, True),  # exactly the 5 XP level 1 needs
        (9, 1, False),  # one short of level 2
        (10, 1, True),  # exactly the 10 XP level 2 needs
    ],
)
def test_a_unit_may_level_up_with_exactly_the_xp_the_level_needs(xp, level_now, ready):
    traits = ["agile"] * level_now
    document = army(("squad", {"xp": xp, "level": level_now, "traits": traits}))
    assert levelling.can_level_up(document.unit("u1"), SPEC) is ready
    if ready:
        after = level(document, rolls=[4]).army
        assert camp(after, "u1")["level"] == level_now + 1
    else:
        with pytest.raises(StepError, match=f"needs {(level_now + 1) * 5} XP"):
            level(document, rolls=[4])


def test_the_choice_look_up_refuses_a_unit_not_ready_before_it_rolls():
    """A second tab asks for the dice's choice after the first levelled the unit up: it is told
    the XP the next level needs, not that its single die must be re-rolled."""
    levelled = army(("squad", {"xp": 5, "level": 1, "traits": ["resilient"]}))
    with pytest.raises(StepError, match="needs 10 XP for level 2"):
        levelling.level_up_choices(levelled, "u1", spec=SPEC, catalog=CATALOG, die=EnteredDie([4]))


def test_a_unit_levels_up_with_a_trait_re_rolling_one_it_has():
    after = level(army(("squad", {"xp": 10, "level": 1, "traits": ["agile"]})), rolls=[1, 4]).army
    assert camp(after, "u1")["traits"] == ("agile", "resilient")
    assert camp(after, "u1")["level"] == 2


def test_specialist_is_not_re_rolled():
    start = army(("squad", {"xp": 10, "level": 1, "traits": ["specialist"]}))
    after = camp(level(start, rolls=[3], pick="melee").army, "u1")
    assert after["traits"] == ("specialist", "specialist")
    assert after["choices"] == {"specialist": ("melee",)}  # the first was kept without a choice


def test_fast_learner_picks_any_other_trait():
    start = army(("squad", {"xp": 10, "level": 1, "traits": ["agile"]}))
    with pytest.raises(StepError, match="Fast Learner: pick another trait for Squad: Headstrong"):
        level(start, rolls=[6])
    with pytest.raises(StepError, match="pick another trait"):
        level(start, rolls=[6], pick="agile")  # gained already
    assert camp(level(start, rolls=[6], pick="elite").army, "u1")["traits"] == ("agile", "elite")


def test_a_hero_picks_a_skill_set_from_the_rolled_pair_then_rolls_its_trait():
    start = army(("boss", {"xp": 5}))
    with pytest.raises(StepError, match=r"Boss rolled Fighter or Shooter: pick one of them\."):
        level(start, rolls=[3, 1])
    with pytest.raises(StepError, match="pick one of them"):
        level(start, rolls=[3, 1], pick="captain")
    after = level(start, rolls=[4, 5], pick="shooter").army
    assert camp(after, "u1")["skill_sets"] == ("shooter",)
    assert camp(after, "u1")["traits"] == ("suppressor",)


def test_a_hero_moves_to_a_second_set_when_the_first_is_complete():
    traits = ["leader", "instigator"]
    start = army(("boss", {"xp": 15, "level": 2, "skill_sets": ["captain"], "traits": traits}))
    # still in Captain: 1-2 Leader is gained, re-rolled; 5 Tactician
    third = level(start, rolls=[1, 5]).army
    assert camp(third, "u1")["traits"] == ("leader", "instigator", "tactician")
    data = third.model_dump()
    data["units"][0]["campaign"]["xp"] = 20
    fourth = level(ListDocument.model_validate(data), rolls=[6, 2], pick="healer").army
    assert camp(fourth, "u1")["skill_sets"] == ("captain", "healer")
    assert camp(fourth, "u1")["traits"][-1] == "chemist"


def test_a_trait_cannot_be_gained_twice_by_a_roll():
    # every trait but Specialist gained: only Specialist (3) is kept, the rest are re-rolled
    traits = ["agile", "headstrong", "resilient", "elite", "fast_learner"]
    start = army(("squad", {"xp": 30, "level": 5, "traits": traits}))
    after = level(start, rolls=[1, 2, 4, 5, 6, 3], pick="shooting").army
    assert camp(after, "u1")["traits"][-1] == "specialist"
    assert camp(after, "u1")["choices"] == {"specialist": ("shooting",)}


def test_entered_dice_must_be_die_faces_and_enough():
    with pytest.raises(DiceError, match="7 is not a roll of a d6"):
        EnteredDie([7])
    with pytest.raises(DiceError, match="One more die roll is needed"):
        level(army(("squad", {"xp": 10, "level": 1, "traits": ["agile"]})), rolls=[1])


# --- rewards, sales, recruits -----------------------------------------------------------------


def test_rewards_for_winner_loser_and_objective():
    assert steps.reward(BattleReport(won=True), spec=SPEC) == steps.Reward(2, 150)
    assert steps.reward(BattleReport(won=False), spec=SPEC) == steps.Reward(0, 300)
    assert steps.reward(BattleReport(won=False, objective=True), spec=SPEC) == steps.Reward(0, 375)
    other = campaign_spec(rewards={"winner_vp": 3, "loser_points": 200})
    assert steps.reward(BattleReport(won=True), spec=other).vp == 3
    assert steps.reward(BattleReport(won=False), spec=other).points == 200


def test_a_second_hero_recruit_in_one_mission_is_refused():
    start = army(("boss", {"recruited_after": 2}), ("boss", {}))
    with pytest.raises(StepError, match="already recruited after mission 2; at most 1 per mission"):
        steps.recruit_check(start, start.unit("u2"), missions_played=2, spec=SPEC, catalog=CATALOG)
    steps.recruit_check(start, start.unit("u2"), missions_played=3, spec=SPEC, catalog=CATALOG)


def test_a_fourth_hero_recruit_is_refused():
    start = army(*[("boss", {"recruited_after": n}) for n in (1, 2, 3)], ("boss", {}))
    with pytest.raises(StepError, match="3 heroes were recruited already; at most 3 in total"):
        steps.recruit_check(start, start.unit("u4"), missions_played=4, spec=SPEC, catalog=CATALOG)


def test_regular_units_are_recruited_freely_and_a_veteran_starts_with_5_xp():
    start = army(*[("boss", {"recruited_after": n}) for n in (1, 2, 3)], ("squad", {}))
    steps.recruit_check(start, start.unit("u4"), missions_played=3, spec=SPEC, catalog=CATALOG)
    veteran = steps.recruited(start.unit("u4"), missions_played=3, veteran=True, spec=SPEC)
    assert (veteran.campaign.xp, veteran.campaign.veteran) == (5, True)

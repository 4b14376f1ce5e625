"""The module's `campaign` section: the seed's tables and numbers ship with ashen-stars, a broken
table is reported with file, line and path, and the section is stored and exported back."""

from __future__ import annotations

import pytest
import yaml

from factions.gamedata.exporter import game_module_spec, module_document
from factions.gamedata.files import read_module_source
from factions.gamedata.loader import game_module_load
from factions.gamedata.problems import ModuleFileError
from factions.gamedata.validation import validate_source
from factions.models import GameModule
from tests.factions.module_text import MINI, line_of, write

from .tables import ASHEN, campaign_data, campaign_spec


def roll_table(table) -> list[tuple[int, str, int]]:
    """(roll, entry name, points) for every face of a d6 table."""
    return [(r, table.entry_for(r)[1].name, table.entry_for(r)[1].points) for r in range(1, 7)]


def test_ashen_stars_ships_the_campaign_numbers():
    spec = validate_source(read_module_source(ASHEN.parent)).campaign
    assert spec is not None
    assert (spec.mission.army_size_gap, spec.mission.underdog_points_per) == (250, 50)
    assert spec.mission.objective_points == 75
    assert (spec.rewards.winner_vp, spec.rewards.winner_points) == (2, 150)
    assert spec.rewards.loser_points == 300
    assert spec.experience.per_level == 5
    assert (spec.experience.survived, spec.experience.killed_unit) == (1, 1)
    assert (spec.experience.killed_hero, spec.experience.killed_hero_and_unit) == (2, 3)
    assert (spec.costs.per_level, spec.costs.veteran, spec.costs.veteran_xp) == (25, 50, 5)
    assert (spec.recruiting.heroes_per_mission, spec.recruiting.heroes_total) == (1, 3)


def test_the_objectives_table_has_the_six_special_objectives():
    names = [spec_entry for _, spec_entry, _ in roll_table(campaign_spec().objectives)]
    assert names == ["Mastery", "Honor", "Casting", "Recovery", "Rage", "Destruction"]


def test_unit_casualties_are_dead_on_1_recovered_on_2_to_5_talent_on_6():
    table = campaign_spec().casualties
    assert [name for _, name, _ in roll_table(table)] == [
        "Dead",
        *["Recovered"] * 4,
        "Natural Talent",
    ]
    assert table.entry_for(1)[1].dead
    assert table.entry_for(6)[1].xp == 1
    # heroes roll again: on the injuries for a 1, on the talents for a 6
    assert (table.entry_for(1)[1].hero_table, table.entry_for(6)[1].hero_table) == (
        "injuries",
        "talents",
    )


def test_hero_injuries_cost_5_points_each_and_a_1_kills():
    table = campaign_spec().injuries
    assert roll_table(table) == [
        (1, "Dead", 0),
        (2, "Chest Wound", -5),
        (3, "Blinded Eye", -5),
        (4, "Arm Injury", -5),
        (5, "Traumatized", -5),
        (6, "Smashed Leg", -5),
    ]
    assert table.entry_for(1)[1].dead


def test_hero_talents_add_5_points_each_and_are_re_rolled_when_gained():
    table = campaign_spec().talents
    assert roll_table(table) == [
        (1, "Natural Talent", 5),
        (2, "Motivated", 5),
        (3, "Crazed", 5),
        (4, "Bitter Rivalry", 5),
        (5, "Horrible Scars", 5),
        (6, "Toughened", 5),
    ]
    assert table.reroll_gained
    assert table.entry_for(1)[1].xp == 1


def test_level_up_traits_flag_specialist_as_repeatable_and_fast_learner_as_a_free_pick():
    table = campaign_spec().traits
    assert [name for _, name, _ in roll_table(table)] == [
        "Agile", "Headstrong", "Specialist", "Resilient", "Elite", "Fast Learner"
    ]  # fmt: skip
    assert table.reroll_gained
    assert [k for k, e in table.entries.items() if e.repeatable] == ["specialist"]
    assert [k for k, e in table.entries.items() if e.any_other] == ["fast_learner"]


@pytest.mark.parametrize(
    ("roll", "pair"),
    [(1, ("captain", "support")), (2, ("captain", "support")), (3, ("fighter", "shooter")),
     (4, ("fighter", "shooter")), (5, ("pathfinder", "healer")), (6, ("pathfinder", "healer"))],
)  # fmt: skip
def test_a_skill_set_roll_offers_a_pair(roll, pair):
    assert campaign_spec().skill_set_pairs.pair_for(roll) == pair


SKILL_SETS = {
    "captain": ["Leader", "Instigator", "Tactician"],
    "support": ["Vanguard", "Scavenger", "Mastermind"],
    "fighter": ["Duellist", "Fanatic", "Berserker"],
    "shooter": ["Hunter", "Destroyer", "Suppressor"],
    "pathfinder": ["Runner", "Prowler", "Climber"],
    "healer": ["Chemist", "Herbalist", "Warden"],
}


@pytest.mark.parametrize(("key", "names"), SKILL_SETS.items())
def test_each_skill_set_has_three_traits_on_1_2_3_4_and_5_6(key, names):
    table = campaign_spec().skill_sets[key].traits
    assert [table.entry_for(r)[1].name for r in (1, 2, 3, 4, 5, 6)] == [
        n for n in names for _ in (1, 2)
    ]
    assert table.reroll_gained


@pytest.mark.parametrize(
    ("cost", "price"), [(5, 0), (10, 5), (15, 5), (20, 10), (25, 10), (35, 15), (40, 20)]
)
def test_an_upgrade_sells_for_half_its_cost_rounded_down_to_5(cost, price):
    assert campaign_spec().sale_price(cost) == price


def test_other_sale_numbers_come_from_the_module():
    spec = campaign_spec(costs={"sell_fraction": 1.0, "sell_round_to": 10})
    assert spec.sale_price(25) == 20


MINI_CAMPAIGN = "\n" + yaml.safe_dump(
    {"campaign": campaign_data(costs={"per_level": 30})}, sort_keys=False
)


def test_a_table_missing_a_roll_is_reported_with_file_line_and_path(tmp_path):
    data = campaign_data()
    del data["traits"]["rolls"]["6"]
    text = (
        MINI.read_text(encoding="utf-8")
        + "\n"
        + yaml.safe_dump({"campaign": data}, sort_keys=False)
    )
    with pytest.raises(ModuleFileError) as info:
        validate_source(read_module_source(write(tmp_path, text)))
    [problem] = info.value.problems
    assert problem.file == "vale.yaml"
    assert problem.path == "campaign.traits"
    assert "no result for the roll(s) 6" in problem.message
    assert problem.line == line_of(text, "\n  traits:\n") + 1


def test_a_skill_set_pair_naming_an_unknown_set_is_an_error(tmp_path):
    data = campaign_data()
    data["skill_set_pairs"]["rolls"]["1-2"] = ["captain", "medic"]
    text = MINI.read_text(encoding="utf-8") + "\n" + yaml.safe_dump({"campaign": data})
    with pytest.raises(ModuleFileError) as info:
        validate_source(read_module_source(write(tmp_path, text)))
    [problem] = info.value.problems
    assert problem.path == "campaign"
    assert "unknown skill set 'medic'" in problem.message


@pytest.mark.django_db
def test_the_campaign_section_is_stored_and_exported_back(tmp_path):
    text = MINI.read_text(encoding="utf-8") + MINI_CAMPAIGN
    spec = validate_source(read_module_source(write(tmp_path, text)))
    game_module_load(spec=spec)
    stored = game_module_spec(GameModule.objects.get(slug=spec.slug))
    assert stored.campaign == spec.campaign
    exported = module_document(stored)["campaign"]
    assert exported["costs"] == {"per_level": 30}  # numbers equal to the defaults are left out
    assert exported["traits"]["rolls"]["3"] == "specialist"


@pytest.mark.django_db
def test_a_module_without_a_campaign_stores_none_and_exports_no_section():
    spec = validate_source(read_module_source(MINI))
    game_module_load(spec=spec)
    module = GameModule.objects.get(slug=spec.slug)
    assert module.campaign is None
    assert "campaign" not in module_document(game_module_spec(module))

"""Rulesets: their stat-lines (names, abbreviations, order, how a value prints), the registry that
holds them, and the check of every datasheet's stats against its module's ruleset on load."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from factions.gamedata.files import read_module_source
from factions.gamedata.problems import ModuleFileError
from factions.gamedata.validation import validate_source
from factions.rulesets import (
    Ruleset,
    RulesetParameters,
    RulesetRegistry,
    StatDef,
    get_ruleset,
    registry,
)
from factions.rulesets.battleforge import BATTLEFORGE
from factions.rulesets.grimdark import GRIMDARK
from tests.conftest import FIXTURES

from .module_text import CAPTAIN_STATS

# --- how a stat prints --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("stat_format", "value", "printed"),
    [
        ("inches", 6, '6"'),  # Movement
        ("plus", 4, "4+"),  # Quality, Defense: a target number
        ("signed", 1, "+1"),  # a modifier above zero carries its sign
        ("signed", 0, "0"),  # no modifier: no sign
        ("signed", -2, "-2"),  # a negative modifier
        ("plain", 3, "3"),  # Attacks
        ("plain", None, "-"),  # no value
        ("inches", None, "-"),  # no value whatever the format
        ("plus", None, "-"),
    ],
)
def test_a_stat_prints_as_its_ruleset_says(stat_format, value, printed):
    assert StatDef("x", "X", "X", stat_format).display(value) == printed


@pytest.mark.parametrize(
    ("stat", "value", "problem"),
    [
        (StatDef("save", "Save", "Sv", minimum=0, maximum=20), 7, None),  # in range
        (StatDef("save", "Save", "Sv", minimum=0, maximum=20), None, None),  # "-" allowed
        (
            StatDef("save", "Save", "Sv", minimum=0, maximum=20),
            21,
            "Save must be at most 20, not 21",
        ),
        (StatDef("save", "Save", "Sv", minimum=2), 1, "Save must be at least 2, not 1"),
        (StatDef("q", "Quality", "Q", allows_none=False), None, "Quality needs a value"),
        (StatDef("q", "Quality", "Q"), True, "Quality must be a whole number or '-', not True"),
    ],
)
def test_a_stat_value_is_checked_against_its_range(stat, value, problem):
    assert stat.problem(value) == problem


@pytest.mark.parametrize(
    ("key", "headers", "formats"),
    [
        (
            "battleforge",
            ["Mov", "Acc", "Str", "Sav", "Init", "Co"],
            ["inches", "plain", "plain", "plain", "plain", "plain"],
        ),
        ("grimdark", ["Qua", "Def"], ["plus", "plus"]),
        ("skirmish", ["Qua", "Def"], ["plus", "plus"]),
        (
            "battle_rules",
            ["RC", "CC", "PT", "MT", "HP", "CS", "MV"],
            ["plus", "plus", "plus", "under", "plain", "plus", "inches"],
        ),
        ("wargame", ["Mv"], ["inches"]),
    ],
)
def test_each_ruleset_names_its_model_stat_line_in_order(key, headers, formats):
    ruleset = get_ruleset(key)
    assert [s.abbr for s in ruleset.model_stats] == headers
    assert [s.format for s in ruleset.model_stats] == formats


def test_a_ruleset_finds_its_stats_by_key():
    assert BATTLEFORGE.model_stat("movement").name == "Movement"
    assert BATTLEFORGE.weapon_stat("ap").abbr == "AP"
    assert BATTLEFORGE.model_stat("quality") is None


@pytest.mark.parametrize("ruleset", list(registry), ids=lambda r: r.key)
def test_every_ruleset_has_default_parameters_that_validate(ruleset):
    defaults = ruleset.default_parameters()
    assert isinstance(defaults, RulesetParameters)
    assert ruleset.parameters.model_validate({}) == defaults
    assert defaults.points_limit > 0


# --- the registry -------------------------------------------------------------------------------


def small_ruleset(key: str = "chess") -> Ruleset:
    return Ruleset(key, "Chess", "", (StatDef("moves", "Moves", "M"),), (), RulesetParameters)


def test_the_five_rulesets_are_registered_at_start_up():
    assert [r.key for r in registry] == [
        "battleforge",
        "grimdark",
        "skirmish",
        "battle_rules",
        "wargame",
    ]
    assert ("grimdark", "Grimdark Future") in registry.choices()


def test_a_second_ruleset_under_a_taken_key_is_refused():
    rulesets = RulesetRegistry()
    rulesets.register(small_ruleset())
    with pytest.raises(ValueError) as info:
        rulesets.register(small_ruleset())
    assert str(info.value) == "A ruleset is already registered under 'chess'."
    assert [r.key for r in rulesets] == ["chess"]


def test_an_unknown_ruleset_key_names_the_known_ones():
    rulesets = RulesetRegistry()
    rulesets.register(small_ruleset("chess"))
    rulesets.register(small_ruleset("go"))
    with pytest.raises(LookupError) as info:
        rulesets.get("draughts")
    assert str(info.value) == "Unknown ruleset 'draughts' (known: chess, go)."
    assert "draughts" not in rulesets and "go" in rulesets


def test_an_empty_registry_says_so():
    with pytest.raises(LookupError, match=r"Unknown ruleset 'chess' \(known: none\)\."):
        RulesetRegistry().get("chess")


def test_the_app_registry_is_the_one_get_ruleset_reads():
    assert get_ruleset("grimdark") is GRIMDARK
    with pytest.raises(LookupError) as info:
        get_ruleset("chess")
    assert str(info.value) == (
        "Unknown ruleset 'chess' (known: battle_rules, battleforge, grimdark, skirmish, wargame)."
    )


@pytest.mark.django_db
def test_a_stored_module_with_an_unregistered_ruleset_fails_the_system_check(mini_module):
    from factions.checks import check_module_rulesets

    assert check_module_rulesets(databases=["default"]) == []
    mini_module.ruleset = "chess"
    mini_module.save()
    [error] = check_module_rulesets(databases=["default"])
    assert error.id == "factions.E001"
    assert error.msg == "Game module 'mini-vale' uses ruleset 'chess', which is not registered."
    assert error.hint


# --- stats checked on load ----------------------------------------------------------------------


def load_problems(tmp_path: Path, data: dict) -> list[tuple[str, str]]:
    path = tmp_path / "module.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    with pytest.raises(ModuleFileError) as info:
        validate_source(read_module_source(path))
    return [(p.path, p.message) for p in info.value.problems]


def fixture_data(name: str) -> dict:
    return yaml.safe_load((FIXTURES / name).read_text(encoding="utf-8"))


CAPTAIN = "factions.millford.datasheets.captain.models[0].stats"
WARDEN = "factions.wardens.datasheets.wardens.models[0].stats"


@pytest.mark.parametrize(
    ("fixture", "stats", "problems"),
    [
        pytest.param(
            # a stat the ruleset does not have
            "mini_module.yaml",
            {**CAPTAIN_STATS, "speed": 3},
            [
                (
                    f"{CAPTAIN}.speed",
                    "'speed' is not a model stat of Battle Forge (known: movement, "
                    "accuracy, strength, save, initiative, courage)",
                )
            ],
            id="unknown stat",
        ),
        pytest.param(
            # a stat left out
            "mini_module.yaml",
            {k: v for k, v in CAPTAIN_STATS.items() if k != "courage"},
            [(f"{CAPTAIN}.courage", "missing model stat 'courage' (Courage)")],
            id="missing stat",
        ),
        pytest.param(
            # a value above the ruleset's range
            "mini_module.yaml",
            {**CAPTAIN_STATS, "courage": 25},
            [(f"{CAPTAIN}.courage", "Courage must be at most 20, not 25")],
            id="out of range",
        ),
        pytest.param(
            # a Quality the d6 cannot roll
            "mini_grimdark.yaml",
            {"quality": 1, "defense": 5},
            [(f"{WARDEN}.quality", "Quality must be at least 2, not 1")],
            id="below range",
        ),
        pytest.param(
            # "-" where the ruleset needs a value
            "mini_grimdark.yaml",
            {"quality": "-", "defense": 5},
            [(f"{WARDEN}.quality", "Quality needs a value")],
            id="dash not allowed",
        ),
        pytest.param(
            # null where the ruleset needs a value
            "mini_grimdark.yaml",
            {"quality": 4, "defense": None},
            [(f"{WARDEN}.defense", "Defense needs a value")],
            id="null not allowed",
        ),
        pytest.param(
            # another ruleset's stat-line entirely
            "mini_grimdark.yaml",
            {"movement": 6, "save": 4},
            [
                (
                    f"{WARDEN}.movement",
                    "'movement' is not a model stat of Grimdark Future (known: quality, defense)",
                ),
                (
                    f"{WARDEN}.save",
                    "'save' is not a model stat of Grimdark Future (known: quality, defense)",
                ),
                (f"{WARDEN}.quality", "missing model stat 'quality' (Quality)"),
                (f"{WARDEN}.defense", "missing model stat 'defense' (Defense)"),
            ],
            id="wrong ruleset",
        ),
    ],
)
def test_model_stats_are_checked_against_the_modules_ruleset(tmp_path, fixture, stats, problems):
    data = fixture_data(fixture)
    faction, sheet = (
        ("millford", "captain") if fixture == "mini_module.yaml" else ("wardens", "wardens")
    )
    data["factions"][faction]["datasheets"][sheet]["models"][0]["stats"] = stats
    assert load_problems(tmp_path, data) == problems


def test_a_stat_may_be_dash_or_null_where_the_ruleset_allows_it(tmp_path):
    # a Battle Forge model without a Save takes no hits
    data = fixture_data("mini_module.yaml")
    stats = data["factions"]["millford"]["datasheets"]["captain"]["models"][0]["stats"]
    stats.update(save="-", courage=None)
    path = tmp_path / "module.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    spec = validate_source(read_module_source(path))
    captain = spec.factions["millford"].datasheets["captain"].models[0]
    assert captain.stats["save"] is None and captain.stats["courage"] is None


@pytest.mark.parametrize(
    ("stats", "problem"),
    [
        # a weapon stat the ruleset does not have
        (
            {"attacks": 1, "range": 12},
            ("stats.range", "'range' is not a weapon stat of Grimdark Future (known: attacks, ap)"),
        ),
        # a required weapon stat left out
        ({"ap": 1}, ("stats.attacks", "missing weapon stat 'attacks' (Attacks)")),
        # AP out of range
        ({"attacks": 1, "ap": 9}, ("stats.ap", "Armor Piercing must be at most 6, not 9")),
    ],
)
def test_weapon_stats_are_checked_too(tmp_path, stats, problem):
    data = fixture_data("mini_grimdark.yaml")
    data["weapons"]["rifle"]["stats"] = stats
    path, message = problem
    assert load_problems(tmp_path, data) == [(f"weapons.rifle.{path}", message)]


def test_each_firing_mode_of_a_weapon_is_checked(tmp_path):
    data = fixture_data("mini_grimdark.yaml")
    data["weapons"]["plasma"]["profiles"][1]["stats"]["ap"] = 7
    assert load_problems(tmp_path, data) == [
        ("weapons.plasma.profiles[1].stats.ap", "Armor Piercing must be at most 6, not 7")
    ]


def test_a_model_template_is_checked_like_a_model(tmp_path):
    data = fixture_data("mini_grimdark.yaml")
    data["model_templates"] = {"sergeant": {"name": "Sergeant", "stats": {"quality": 3}}}
    assert load_problems(tmp_path, data) == [
        ("model_templates.sergeant.stats.defense", "missing model stat 'defense' (Defense)")
    ]


def wargame_module(unit_type: str | None) -> dict:
    scout = {"name": "Scout", "points": 10, "models": [{"name": "Scout", "stats": {"move": 6}}]}
    if unit_type:
        scout["unit_type"] = unit_type
    return {
        "slug": "skirmishers",
        "name": "Skirmishers",
        "version": "1",
        "ruleset": "wargame",
        "factions": {"scouts": {"name": "Scouts", "datasheets": {"scout": scout}}},
    }


@pytest.mark.parametrize(
    ("unit_type", "problem"),
    [
        (None, "unit_type must be one of single, team, band, not None"),  # left out
        ("squad", "unit_type must be one of single, team, band, not 'squad'"),  # another word
    ],
)
def test_wargame_units_are_single_models_teams_or_bands(tmp_path, unit_type, problem):
    assert load_problems(tmp_path, wargame_module(unit_type)) == [
        ("factions.scouts.datasheets.scout.unit_type", problem)
    ]


def test_other_rulesets_have_no_unit_types(tmp_path):
    data = fixture_data("mini_grimdark.yaml")
    data["factions"]["wardens"]["datasheets"]["wardens"]["unit_type"] = "team"
    assert load_problems(tmp_path, data) == [
        (
            "factions.wardens.datasheets.wardens.unit_type",
            "Grimdark Future has no unit types; remove unit_type",
        )
    ]


def test_battle_forge_datasheets_need_a_category(tmp_path):
    data = fixture_data("mini_module.yaml")
    del data["factions"]["hermit"]["datasheets"]["hermit"]["category"]
    assert load_problems(tmp_path, data) == [
        (
            "factions.hermit.datasheets.hermit.category",
            "Battle Forge datasheets need a category (known: hero, core, support)",
        )
    ]


def test_an_unknown_ruleset_skips_the_stat_checks_it_cannot_make(tmp_path):
    data = fixture_data("mini_grimdark.yaml")
    data["ruleset"] = "grimdarkk"
    data["factions"]["wardens"]["datasheets"]["wardens"]["models"][0]["stats"] = {"speed": 1}
    assert load_problems(tmp_path, data) == [
        (
            "ruleset",
            "unknown ruleset 'grimdarkk' (known: battleforge, grimdark, skirmish, battle_rules, "
            "wargame)",
        )
    ]

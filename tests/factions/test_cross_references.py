"""Every problem of a module is reported in one run: schema errors and unknown ids together, each
named once, with the line where the unknown id is used."""

from __future__ import annotations

import pytest

from factions.gamedata.files import read_module_source
from factions.gamedata.validation import validate_source

from .module_text import as_folder, edited, line_of, problems_of, write

# --- every problem at once ----------------------------------------------------------------------


def test_schema_errors_and_unknown_ids_are_reported_together(tmp_path):
    text = edited(
        ("        points: 30\n", "        points: many\n"),  # a schema error in the captain
        ("            weapons: [crossbow]\n", "            weapons: [longbow]\n"),  # bowmen
        ("    alliance: lone\n", "    alliance: loners\n"),  # the hermit
    )
    assert [str(p) for p in problems_of(write(tmp_path, text))] == [
        f"vale.yaml:{line_of(text, 'points: many')}: "
        "factions.millford.datasheets.captain.points: must be a whole number, not 'many'",
        f"vale.yaml:{line_of(text, 'weapons: [longbow]')}: "
        "factions.hollowmere.datasheets.bowmen.models[0].weapons[0]: unknown weapon 'longbow'",
        f"vale.yaml:{line_of(text, 'alliance: loners')}: "
        "factions.hermit.alliance: unknown alliance 'loners' (known: river_league, lone, coin)",
    ]


def test_a_malformed_weapon_is_not_also_reported_unknown_where_it_is_used(tmp_path):
    # the crossbow is carried by the bowmen and offered to the spearmen
    text = edited(("range: [12, 24]", "range: far"))
    assert [(p.path, p.message) for p in problems_of(write(tmp_path, text))] == [
        ("weapons.crossbow.range", "'far' is not a range: write melee, 12 or [12, 24]")
    ]


@pytest.mark.parametrize(
    ("edit", "path"),
    [
        # a malformed rule: datasheets and the legend still use it
        (("    name: Steady\n", "    name: Steady\n    hidden: maybe\n"), "rules.steady.hidden"),
        # a malformed category: datasheets and slots still name it
        (("  core: Core\n", "  core: {name: Core, short: C}\n"), "categories.core.short"),
        # a malformed focus: datasheets and strategies still name it
        (
            ("watch: {name: Town Watch,", "watch: {name: Town Watch, restricted: often,"),
            "factions.millford.focuses.watch.restricted",
        ),
        # a malformed power specialty: a power still names it
        (("  tide: {name: Tide}", "  tide: {name: [Tide]}"), "power_specialties.tide.name"),
        # a malformed alliance: factions still name it
        (("  river_league: River League", "  river_league: {}"), "alliances.river_league.name"),
    ],
)
def test_an_entry_with_a_schema_error_is_left_out_without_unknown_id_noise(tmp_path, edit, path):
    problems = problems_of(write(tmp_path, edited(edit)))
    assert [p.path for p in problems] == [path]


def test_a_malformed_datasheet_named_by_a_legend_is_reported_once(tmp_path):
    text = edited(
        ("        points: 30\n", "        points: -1\n"),
        (
            "    strategies:\n",
            "    legends:\n"
            "      captains_blade: {name: Blade, points: 5, applies_to: {datasheets: [captain]}}\n"
            "    strategies:\n",
        ),
    )
    assert [p.message for p in problems_of(write(tmp_path, text))] == ["must be at least 0, not -1"]


def test_an_unknown_key_leaves_the_rest_of_its_entry_checked(tmp_path):
    text = edited(
        ("        points: 30\n", "        points: 30\n        cost: 30\n"),
        ("            rules: [tough(2)]\n", "            rules: [tough(2), fearless]\n"),
    )
    assert [(p.path, p.message) for p in problems_of(write(tmp_path, text))] == [
        (
            "factions.millford.datasheets.captain.cost",
            "unknown key 'cost'; allowed here: "
            "category, description, focuses, keywords, models, name, options, points, rules, "
            "unit_type",
        ),
        ("factions.millford.datasheets.captain.models[0].rules[1]", "unknown rule 'fearless'"),
    ]


def test_a_module_mapping_of_the_wrong_shape_does_not_make_every_use_unknown(tmp_path):
    text = edited(
        (
            "categories:\n  hero: Hero\n  core: Core\n  support: Support\n",
            "categories: [hero, core, support]\n",
        )
    )
    assert [(p.path, p.message) for p in problems_of(write(tmp_path, text))] == [
        ("categories", "must be a mapping of keys, not list")
    ]


def test_a_missing_module_key_still_lets_the_rest_be_checked(tmp_path):
    text = edited(("slug: mini-vale\n", ""), ("rules: [steady]", "rules: [stedy]"))
    assert [(p.path, p.message) for p in problems_of(write(tmp_path, text))] == [
        ("slug", "'slug' is required"),
        (
            "factions.millford.datasheets.captain.rules[0]",
            "unknown rule 'stedy' (did you mean 'steady'?)",
        ),
    ]


def test_a_malformed_ruleset_is_reported_once_and_its_stat_checks_skipped(tmp_path):
    text = edited(("ruleset: battleforge\n", "ruleset: [battleforge]\n"))
    assert [(p.path, p.message) for p in problems_of(write(tmp_path, text))] == [
        ("ruleset", "must be text, not ['battleforge']")
    ]


def test_a_faction_missing_its_name_does_not_hide_other_factions_problems(tmp_path):
    text = edited(("    name: Hollowmere\n", ""), ("    alliance: coin\n", "    alliance: coins\n"))
    assert [(p.path, p.message) for p in problems_of(write(tmp_path, text))] == [
        ("factions.hollowmere.name", "'name' is required"),
        (
            "factions.free_blades.alliance",
            "unknown alliance 'coins' (known: river_league, lone, coin)",
        ),
    ]


def test_problems_in_several_faction_files_are_reported_together(tmp_path):
    folder = as_folder(tmp_path / "vale")
    hermit = folder / "factions" / "hermit.yaml"
    hermit.write_text(hermit.read_text().replace("points: 40", "points: lots"), encoding="utf-8")
    bowmen = folder / "factions" / "hollowmere.yaml"
    bowmen.write_text(bowmen.read_text().replace("- crossbow", "- arbalest"), encoding="utf-8")
    assert [(p.file, p.path, p.message) for p in problems_of(folder)] == [
        (
            "factions/hermit.yaml",
            "factions.hermit.datasheets.hermit.points",
            "must be a whole number, not 'lots'",
        ),
        (
            "factions/hollowmere.yaml",
            "factions.hollowmere.datasheets.bowmen.models[0].weapons[0]",
            "unknown weapon 'arbalest'",
        ),
    ]


# --- cross-references ---------------------------------------------------------------------------
# (edit, path, message, the text on the line the problem names)

UNKNOWN_IDS = [
    pytest.param(
        # the example of docs/module-format.md
        (
            "            weapons: [spear]\n            rules: [tough(2)]",
            "            weapons: [spear, halberd]\n            rules: [tough(2)]",
        ),
        "factions.millford.datasheets.captain.models[0].weapons[1]",
        "unknown weapon 'halberd'",
        "weapons: [spear, halberd]",
        id="weapon",
    ),
    pytest.param(
        # a misspelt weapon: the close one is suggested
        ("            weapons: [crossbow]\n", "            weapons: [crosbow]\n"),
        "factions.hollowmere.datasheets.bowmen.models[0].weapons[0]",
        "unknown weapon 'crosbow' (did you mean 'crossbow'?)",
        "weapons: [crosbow]",
        id="weapon, did you mean",
    ),
    pytest.param(
        # a weapon an option offers
        ("{items: [crossbow], points: 3}", "{items: [arbalest], points: 3}"),
        "factions.millford.datasheets.spearmen.models[0].options[0].choices[0].items[0]",
        "unknown weapon 'arbalest'",
        "items: [arbalest]",
        id="weapon in an option",
    ),
    pytest.param(
        # a misspelt rule on a datasheet
        ("rules: [steady]", "rules: [stedy]"),
        "factions.millford.datasheets.captain.rules[0]",
        "unknown rule 'stedy' (did you mean 'steady'?)",
        "rules: [stedy]",
        id="rule",
    ),
    pytest.param(
        # a legend's rule
        ("    rule: steady\n", "    rule: bold\n"),
        "legends.old_banner.rule",
        "unknown rule 'bold'",
        "rule: bold",
        id="rule of a legend",
    ),
    pytest.param(
        # a value given to a rule that takes none
        ("rules: [steady]", "rules: [steady(2)]"),
        "factions.millford.datasheets.captain.rules[0]",
        "rule 'steady' takes no value, but 'steady(2)' gives one "
        "(set takes_value: true on the rule if it should)",
        "rules: [steady(2)]",
        id="value on a rule without takes_value",
    ),
    pytest.param(
        # a datasheet's category
        (
            "        category: hero\n        points: 35",
            "        category: heroes\n        points: 35",
        ),
        "factions.millford.datasheets.river_witch.category",
        "unknown category 'heroes' (known: hero, core, support)",
        "category: heroes",
        id="category of a datasheet",
    ),
    pytest.param(
        # a force organization slot
        ("      support: {max: 2}", "      elite: {max: 2}"),
        "force_organizations.patrol.slots.elite",
        "unknown category 'elite' (known: hero, core, support)",
        "elite: {max: 2}",
        id="category of a slot",
    ),
    pytest.param(
        # a legend's applies_to
        ("applies_to: {categories: [hero]}", "applies_to: {categories: [leader]}"),
        "legends.old_banner.applies_to.categories[0]",
        "unknown category 'leader' (known: hero, core, support)",
        "categories: [leader]",
        id="category of a legend",
    ),
    pytest.param(
        # a faction's alliance
        ("    alliance: lone\n", "    alliance: loners\n"),
        "factions.hermit.alliance",
        "unknown alliance 'loners' (known: river_league, lone, coin)",
        "alliance: loners",
        id="alliance",
    ),
    pytest.param(
        # a datasheet's focus filter
        ("focuses: [none, watch, levy]", "focuses: [none, guard]"),
        "factions.millford.datasheets.spearmen.focuses[1]",
        "unknown focus 'guard' (use a focus id of the faction, or 'none')",
        "focuses: [none, guard]",
        id="focus",
    ),
    pytest.param(
        # another faction's focus is not visible
        (
            "            weapons: [crossbow]\n",
            "            weapons: [crossbow]\n        focuses: [watch, none]\n",
        ),
        "factions.hollowmere.datasheets.bowmen.focuses[0]",
        "unknown focus 'watch' (use a focus id of the faction, or 'none')",
        "focuses: [watch, none]",
        id="focus of another faction",
    ),
    pytest.param(
        # a model an add_model option brings
        (
            "          - verb: add_rule\n            label: Veterans\n            model_limit: all\n            choices:\n              - {items: [steady], points: 1}",
            "          - verb: add_model\n            choices:\n              - {items: [sergeant], points: 10}",
        ),
        "factions.millford.datasheets.spearmen.options[0].choices[0].items[0]",
        "unknown model 'sergeant' (add it under model_templates)",
        "items: [sergeant]",
        id="model template",
    ),
    pytest.param(
        # a strategy's doctrine
        ("        phase: activation\n", "        phase: activation\n        doctrine: iron_will\n"),
        "factions.millford.strategies.hold_the_bridge.doctrine",
        "unknown doctrine 'iron_will' (known: none defined)",
        "doctrine: iron_will",
        id="doctrine",
    ),
    pytest.param(
        # a power's specialty
        ("specialty: tide,", "specialty: storm,"),
        "powers.wave.specialty",
        "unknown power specialty 'storm' (known: tide, ember)",
        "specialty: storm",
        id="power specialty",
    ),
    pytest.param(
        # a legend limited to a datasheet the faction does not have
        (
            "    strategies:\n",
            "    legends:\n      blade: {name: Blade, points: 5, applies_to: {datasheets: [bowmen]}}\n    strategies:\n",
        ),
        "factions.millford.legends.blade.applies_to.datasheets[0]",
        "unknown datasheet 'bowmen' (known: captain, spearmen, river_witch, levy_mob)",
        "datasheets: [bowmen]",
        id="datasheet of a legend",
    ),
    pytest.param(
        # replacing a weapon the model does not carry
        ("                replace: [spear]\n", "                replace: [sling]\n"),
        "factions.millford.datasheets.spearmen.models[0].options[0].replace[0]",
        "replaces weapon 'sling', which model 'spearman' does not carry",
        "replace: [sling]",
        id="replacing a weapon not carried",
    ),
    pytest.param(
        # removing a rule the unit does not have
        ("          - verb: add_rule\n", "          - verb: remove_rule\n"),
        "factions.millford.datasheets.spearmen.options[0].choices[0].items[0]",
        "removes rule 'steady', which the unit does not have",
        "{items: [steady], points: 1}",
        id="removing a rule not held",
    ),
    pytest.param(
        # a ruleset nobody registered
        ("ruleset: battleforge\n", "ruleset: chess\n"),
        "ruleset",
        "unknown ruleset 'chess' (known: battleforge, grimdark, skirmish, battle_rules, wargame)",
        "ruleset: chess",
        id="ruleset",
    ),
    pytest.param(
        # a misspelt parameter
        ("  points_limit: 150\n", "  points_limt: 150\n"),
        "parameters.points_limt",
        "'points_limt' is not a parameter of Battle Forge (did you mean 'points_limit'?)",
        "points_limt: 150",
        id="parameter, did you mean",
    ),
    pytest.param(
        # a parameter of another ruleset
        ("  caster_rule: caster\n", "  caster_rule: caster\n  doctrine_required: true\n"),
        "parameters.doctrine_required",
        "'doctrine_required' is not a parameter of Battle Forge (known: points_limit, "
        "strategy_points_base, strategy_points_per, advantage_points_per, legends_per_points, "
        "legends_minimum, caster_rule, game_type)",
        "doctrine_required: true",
        id="parameter of another ruleset",
    ),
    pytest.param(
        # a parameter out of range
        ("  points_limit: 150\n", "  points_limit: 0\n"),
        "parameters.points_limit",
        "must be at least 1, not 0",
        "points_limit: 0",
        id="parameter out of range",
    ),
    pytest.param(
        # a parameter that is one of a few words
        ("  caster_rule: caster\n", "  caster_rule: caster\n  game_type: war\n"),
        "parameters.game_type",
        "must be 'battle' or 'skirmish', not 'war'",
        "game_type: war",
        id="parameter word",
    ),
]


@pytest.mark.parametrize(("edit", "path", "message", "line_text"), UNKNOWN_IDS)
def test_an_unknown_id_is_named_with_where_it_was_used(tmp_path, edit, path, message, line_text):
    text = edited(edit)
    problems = problems_of(write(tmp_path, text))
    assert [(p.file, p.path, p.message) for p in problems] == [("vale.yaml", path, message)]
    assert problems[0].line == line_of(text, line_text)


def test_a_faction_sees_the_module_entries_and_its_own_win(tmp_path):
    # the faction's own 'steady' takes a value; the module's does not
    text = edited(
        (
            "    strategies:\n",
            "    rules:\n      steady: {name: Steadfast, takes_value: true}\n    strategies:\n",
        ),
        ("rules: [steady]", "rules: [steady(2)]"),
    )
    spec = validate_source(read_module_source(write(tmp_path, text)))
    assert spec.factions["millford"].rules["steady"].name == "Steadfast"

"""The module format: every mistake a designer can make in an entry is reported with file, path,
line and a message that says what to write instead.

Most cases edit one spot of the example module (`mini_module.yaml`, the one in
docs/module-format.md), so the line each problem names is the line of that edit. Reading files
and folders is tested in test_module_files.py, problems across entries in test_cross_references.py.
"""

from __future__ import annotations

import pytest

from factions.gamedata.files import read_module_source
from factions.gamedata.problems import Problem
from factions.gamedata.validation import validate_source

from .module_text import MINI, edited, line_of, problems_of, write


def test_the_example_module_is_valid():
    spec = validate_source(read_module_source(MINI))
    assert spec.slug == "mini-vale"
    assert list(spec.factions) == ["millford", "hollowmere", "free_blades", "hermit"]


# --- schema errors ------------------------------------------------------------------------------
# (edit, path, message, the text on the line the problem names)

SCHEMA_ERRORS = [
    pytest.param(
        # a required key left out: the line is the key of the entry that misses it
        ("        points: 30\n", ""),
        "factions.millford.datasheets.captain.points",
        "'points' is required",
        "      captain:",
        id="missing key",
    ),
    pytest.param(
        # a required module key left out
        ("slug: mini-vale\n", ""),
        "slug",
        "'slug' is required",
        "format: 1",
        id="missing module key",
    ),
    pytest.param(
        # a misspelt key: the closest allowed one is suggested
        ("        points: 30\n", "        points: 30\n        keyword: [Hero]\n"),
        "factions.millford.datasheets.captain.keyword",
        "unknown key 'keyword' (did you mean 'keywords'?)",
        "keyword: [Hero]",
        id="unknown key, did you mean",
    ),
    pytest.param(
        # nothing close: every allowed key is listed
        (
            "  sling: {name: Sling, range: 12, stats: {attacks: 2}}",
            "  sling: {name: Sling, range: 12, zap: 1}",
        ),
        "weapons.sling.zap",
        "unknown key 'zap'; allowed here: description, name, profiles, range, rules, stats",
        "zap: 1",
        id="unknown key, allowed keys",
    ),
    pytest.param(
        # a misspelt top-level key
        ("legends:\n", "legend:\n"),
        "legend",
        "unknown key 'legend' (did you mean 'legends'?)",
        "legend:",
        id="unknown module key",
    ),
    pytest.param(
        # text where a number is expected
        ("        points: 30\n", "        points: many\n"),
        "factions.millford.datasheets.captain.points",
        "must be a whole number, not 'many'",
        "points: many",
        id="text for a number",
    ),
    pytest.param(
        # a fraction where a whole number is expected
        ("        points: 30\n", "        points: 2.5\n"),
        "factions.millford.datasheets.captain.points",
        "must be a whole number, not 2.5",
        "points: 2.5",
        id="fraction for a number",
    ),
    pytest.param(
        # a negative price
        ("        points: 30\n", "        points: -5\n"),
        "factions.millford.datasheets.captain.points",
        "must be at least 0, not -5",
        "points: -5",
        id="negative number",
    ),
    pytest.param(
        # one keyword written without brackets
        (
            "        keywords: [Human, Infantry]\n        rules: [steady]",
            "        keywords: Human\n        rules: [steady]",
        ),
        "factions.millford.datasheets.captain.keywords",
        "must be a list, not str",
        "keywords: Human",
        id="text for a list",
    ),
    pytest.param(
        # models written as a mapping
        ("          - name: Captain\n", "          captain:\n            name: Captain\n"),
        "factions.millford.datasheets.captain.models",
        "must be a list, not dict",
        "        models:\n          captain:",
        id="mapping for a list",
    ),
    pytest.param(
        # a number for a name
        ("    name: Hollowmere\n", "    name: 7\n"),
        "factions.hollowmere.name",
        "must be text, not 7",
        "name: 7",
        id="number for text",
    ),
    pytest.param(
        # a yes/no flag with another word
        (
            "    takes_value: true\n    description: Each hit",
            "    takes_value: sometimes\n    description: Each hit",
        ),
        "rules.blast.takes_value",
        "must be true or false, not 'sometimes'",
        "takes_value: sometimes",
        id="text for a flag",
    ),
    pytest.param(
        # an empty name
        ("  support: Support\n", "  support: ''\n"),
        "categories.support",
        "must not be empty",
        "support: ''",
        id="empty name",
    ),
    pytest.param(
        # a choice among fixed words, misspelt
        ("kind: unaligned}", "kind: unalligned}"),
        "alliances.lone.kind",
        "must be 'standard', 'unaligned' or 'mercenaries', not 'unalligned' (did you mean 'unaligned'?)",
        "kind: unalligned",
        id="unknown word, did you mean",
    ),
    pytest.param(
        # a format this version does not read
        ("format: 1\n", "format: 2\n"),
        "format",
        "must be 1, not 2",
        "format: 2",
        id="unknown format",
    ),
    pytest.param(
        # an id with a space, as a mapping key
        ("  sling: {name: Sling", "  long bow: {name: Long bow, range: 24}\n  sling: {name: Sling"),
        "weapons.long bow",
        "'long bow' is not a valid id: use letters, digits, '_', '-' or '.', no spaces",
        "long bow:",
        id="bad id (key)",
    ),
    pytest.param(
        # an id with a space, as a value
        ("          - id: spearman\n", "          - id: spear man\n"),
        "factions.millford.datasheets.spearmen.models[0].id",
        "'spear man' is not a valid id: use letters, digits, '_', '-' or '.', no spaces",
        "id: spear man",
        id="bad id (value)",
    ),
    pytest.param(
        # two words where a reference is expected
        ("            weapons: [sling]\n", "            weapons: [long sling]\n"),
        "factions.millford.datasheets.river_witch.models[0].weapons[0]",
        "'long sling' is not a reference: write an id such as 'tough(3)'",
        "weapons: [long sling]",
        id="bad reference shorthand",
    ),
    pytest.param(
        # unbalanced parentheses in a reference
        ("            rules: [caster(1)]\n", "            rules: ['caster(1']\n"),
        "factions.millford.datasheets.river_witch.models[0].rules[0]",
        "'caster(1' is not a reference: write an id such as 'tough(3)'",
        "rules: ['caster(1']",
        id="bad reference parentheses",
    ),
    pytest.param(
        # a word that is not a range
        ("range: 12, stats: {attacks: 2}", "range: far, stats: {attacks: 2}"),
        "weapons.sling.range",
        "'far' is not a range: write melee, 12 or [12, 24]",
        "range: far",
        id="range: a word",
    ),
    pytest.param(
        # three bands
        ("range: [12, 24]", "range: [6, 12, 24]"),
        "weapons.crossbow.range",
        "a range list has one or two bands: [short] or [short, long]",
        "range: [6, 12, 24]",
        id="range: three bands",
    ),
    pytest.param(
        # the long band shorter than the short one
        ("range: [12, 24]", "range: [24, 12]"),
        "weapons.crossbow.range",
        "the long band (12) is shorter than the short one",
        "range: [24, 12]",
        id="range: bands reversed",
    ),
    pytest.param(
        # a yes/no for a range
        ("range: 12, stats: {attacks: 2}", "range: true, stats: {attacks: 2}"),
        "weapons.sling.range",
        "a range is 'melee', a number of inches, or [short, long]",
        "range: true",
        id="range: a flag",
    ),
    pytest.param(
        # no range and no profiles
        ("{name: Sling, range: 12, stats: {attacks: 2}}", "{name: Sling, stats: {attacks: 2}}"),
        "weapons.sling",
        "a weapon needs a range (melee, 12 or [12, 24]) or profiles",
        "  sling:",
        id="range: missing",
    ),
    pytest.param(
        # a word that is not a model limit
        ("model_limit: 1/5", "model_limit: some"),
        "factions.millford.datasheets.spearmen.models[0].options[0].model_limit",
        "'some' is not a model limit: write a number, 'all' or '1/5'",
        "model_limit: some",
        id="model_limit: a word",
    ),
    pytest.param(
        # one per zero models
        ("model_limit: 1/5", "model_limit: 1/0"),
        "factions.millford.datasheets.spearmen.models[0].options[0].model_limit",
        "'1/0' is not a model limit: write a number, 'all' or '1/5'",
        "model_limit: 1/0",
        id="model_limit: per zero",
    ),
    pytest.param(
        # fewer than no models
        ("model_limit: 1/5", "model_limit: -1"),
        "factions.millford.datasheets.spearmen.models[0].options[0].model_limit",
        "model_limit cannot be negative",
        "model_limit: -1",
        id="model_limit: negative",
    ),
    pytest.param(
        # an option that adds something cannot replace
        (
            "            label: Veterans\n",
            "            label: Veterans\n            replace: [spear]\n",
        ),
        "factions.millford.datasheets.spearmen.options[0]",
        "an add_rule option replaces nothing; remove 'replace'",
        "          - verb: add_rule",
        id="replace on a non-replacing verb",
    ),
    pytest.param(
        # a replacing option must say what it replaces
        ("                replace: [spear]\n", ""),
        "factions.millford.datasheets.spearmen.models[0].options[0]",
        "a replace_weapon option must say what it replaces ('replace: [...]')",
        "- verb: replace_weapon",
        id="replace missing",
    ),
    pytest.param(
        # add_model belongs to the unit, not to a model
        (
            "              - verb: replace_weapon\n                replace: [spear]\n",
            "              - verb: add_model\n",
        ),
        "factions.millford.datasheets.spearmen.models[0].options[0].verb",
        "add_model is a unit option; move it under the unit's options",
        "- verb: add_model",
        id="add_model on a model",
    ),
    pytest.param(
        # replace_model belongs to a model, not to the unit
        (
            "          - verb: add_rule\n",
            "          - verb: replace_model\n            replace: [spearman]\n",
        ),
        "factions.millford.datasheets.spearmen.options[0].verb",
        "replace_model is a model option; move it under that model",
        "- verb: replace_model",
        id="replace_model on the unit",
    ),
    pytest.param(
        # a verb the format does not know
        ("          - verb: add_rule\n", "          - verb: swap\n"),
        "factions.millford.datasheets.spearmen.options[0].verb",
        "must be 'replace_weapon', 'add_weapon', 'replace_rule', 'add_rule', 'remove_rule', "
        "'add_model' or 'replace_model', not 'swap'",
        "- verb: swap",
        id="unknown verb",
    ),
    pytest.param(
        # an option whose choices were left empty
        ("              - {items: [steady], points: 1}\n", ""),
        "factions.millford.datasheets.spearmen.options[0].choices",
        "is empty; write a list",
        "            choices:\n      river_witch:",
        id="empty key",
    ),
    pytest.param(
        # an option without choices
        ("            choices:\n              - {items: [steady], points: 1}\n", ""),
        "factions.millford.datasheets.spearmen.options[0].choices",
        "'choices' is required",
        "          - verb: add_rule",
        id="option without choices",
    ),
    pytest.param(
        # a model count range upside down
        ("            max: 10\n", "            max: 2\n"),
        "factions.millford.datasheets.spearmen.models[0]",
        "max (2) is below min (5)",
        "- id: spearman",
        id="model max below min",
    ),
    pytest.param(
        # extra models need a price
        ("            extra_model_points: 5\n", ""),
        "factions.millford.datasheets.spearmen.models[0]",
        "set extra_model_points: the price of each model taken beyond min",
        "- id: spearman",
        id="missing extra_model_points",
    ),
    pytest.param(
        # a force organization slot upside down
        ("      hero: {min: 1, max: 2}", "      hero: {min: 3, max: 2}"),
        "force_organizations.patrol.slots.hero",
        "max (2) is below min (3)",
        "hero: {min: 3, max: 2}",
        id="slot max below min",
    ),
    pytest.param(
        # two model types with one id
        (
            "          - name: Levy\n",
            "          - name: Levy\n            id: levy\n          - name: Levy\n",
        ),
        "factions.millford.datasheets.levy_mob",
        "two models share the id 'levy'; give each its own id",
        "      levy_mob:",
        id="duplicate model id",
    ),
]


@pytest.mark.parametrize(("edit", "path", "message", "line_text"), SCHEMA_ERRORS)
def test_a_schema_error_names_file_path_line_and_what_to_do(
    tmp_path, edit, path, message, line_text
):
    text = edited(edit)
    problems = problems_of(write(tmp_path, text))
    assert [(p.file, p.path, p.message) for p in problems] == [("vale.yaml", path, message)]
    assert problems[0].line == line_of(text, line_text)


def test_a_problem_reads_file_line_path_and_message():
    problem = Problem("vale.yaml", "weapons.sling.range", "'far' is not a range", 60)
    assert str(problem) == "vale.yaml:60: weapons.sling.range: 'far' is not a range"
    assert str(Problem("vale.yaml", "", "invalid YAML")) == "vale.yaml: invalid YAML"


def test_a_version_written_as_a_number_is_read_as_text(tmp_path):
    spec = validate_source(read_module_source(write(tmp_path, edited(('"1.0"', "1.0")))))
    assert spec.version == "1.0"


def test_a_stat_written_as_a_dash_means_no_value(tmp_path):
    text = edited(("initiative: 6, courage: 7}", "initiative: 6, courage: '-'}"))
    spec = validate_source(read_module_source(write(tmp_path, text)))
    assert spec.factions["millford"].datasheets["captain"].models[0].stats["courage"] is None

"""The module format: every mistake a designer can make is reported with file, path, line and a
message that says what to write instead; every problem of a file is reported in one run.

Most cases edit one spot of the example module (`mini_module.yaml`, the one in
docs/module-format.md), so the line each problem names is the line of that edit.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from factions.gamedata.files import read_module_source
from factions.gamedata.problems import ModuleFileError, Problem
from factions.gamedata.validation import validate_source
from tests.conftest import FIXTURES

MINI = FIXTURES / "mini_module.yaml"


def edited(*edits: tuple[str, str]) -> str:
    """The example module with each `old` text (found exactly once) replaced by `new`."""
    text = MINI.read_text(encoding="utf-8")
    for old, new in edits:
        assert text.count(old) == 1, f"{old!r} should appear once in the example module"
        text = text.replace(old, new)
    return text


def line_of(text: str, marker: str) -> int:
    assert text.count(marker) == 1, f"{marker!r} should appear once"
    return text[: text.index(marker)].count("\n") + 1


def problems_of(path: Path) -> list[Problem]:
    with pytest.raises(ModuleFileError) as info:
        validate_source(read_module_source(path))
    return info.value.problems


def write(tmp_path: Path, text: str, name: str = "vale.yaml") -> Path:
    path = tmp_path / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


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


# --- reading files ------------------------------------------------------------------------------


def test_a_yaml_syntax_error_names_its_line(tmp_path):
    path = write(tmp_path, "slug: vale\nname: Vale\n  version: 1\n")
    assert [str(p) for p in problems_of(path)] == [
        "vale.yaml:3: invalid YAML: mapping values are not allowed here"
    ]


def test_a_key_written_twice_names_both_lines(tmp_path):
    text = edited(("  sling: {name: Sling", "  spear: {name: Sling"))
    [problem] = problems_of(write(tmp_path, text))
    assert problem.message == (
        "invalid YAML: the key 'spear' is written twice in this mapping "
        f"(first on line {line_of(text, '  spear: {name: Spear')})"
    )
    assert problem.line == line_of(text, "  spear: {name: Sling")


def test_a_json_syntax_error_names_its_line(tmp_path):
    path = write(tmp_path, '{"slug": "vale",\n "name": }\n', "vale.json")
    assert [str(p) for p in problems_of(path)] == ["vale.json:2: invalid JSON: Expecting value"]


def test_a_json_module_is_read_like_a_yaml_one(tmp_path):
    data = yaml.safe_load(MINI.read_text(encoding="utf-8"))
    data["factions"]["hermit"]["datasheets"]["hermit"]["points"] = "forty"
    path = write(tmp_path, json.dumps(data, indent=1), "vale.json")
    [problem] = problems_of(path)
    assert (problem.file, problem.path, problem.message) == (
        "vale.json",
        "factions.hermit.datasheets.hermit.points",
        "must be a whole number, not 'forty'",
    )
    assert problem.line is None  # JSON keeps no node tree


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "- slug: vale\n- name: Vale\n",
            "the file must hold a mapping of keys, not list",
        ),  # a list
        ("", "the file must hold a mapping of keys, not empty"),  # nothing at all
        ("just some words\n", "the file must hold a mapping of keys, not str"),  # a bare text
    ],
)
def test_a_file_that_is_not_a_mapping_is_refused(tmp_path, text, message):
    assert [p.message for p in problems_of(write(tmp_path, text))] == [message]


def test_a_python_tag_is_refused_not_run(tmp_path):
    [problem] = problems_of(write(tmp_path, "slug: !!python/object/apply:os.system [ls]\n"))
    assert problem.message.startswith("invalid YAML: could not determine a constructor")
    assert problem.line == 1


def test_a_missing_path_and_a_folder_without_module_file_are_named(tmp_path):
    assert [p.message for p in problems_of(tmp_path / "nope.yaml")] == ["no such file or folder"]
    assert [p.message for p in problems_of(tmp_path)] == [
        "a module folder needs one of: module.yaml, module.yml, module.json"
    ]


# --- folder layout ------------------------------------------------------------------------------


def as_folder(root: Path, data: dict | None = None, names: dict[str, str] | None = None) -> Path:
    """The example module as module.yaml + factions/<id>.yaml (or the file names in `names`)."""
    data = data or yaml.safe_load(MINI.read_text(encoding="utf-8"))
    factions = data.pop("factions")
    write(root, yaml.safe_dump(data, sort_keys=False), "module.yaml")
    for key, faction in factions.items():
        name = (names or {}).get(key, f"{key}.yaml")
        write(root, yaml.safe_dump(faction, sort_keys=False), f"factions/{name}")
    return root


def test_a_folder_reads_as_the_same_module_as_one_file(tmp_path):
    folder = as_folder(tmp_path / "vale")
    assert validate_source(read_module_source(folder)) == validate_source(read_module_source(MINI))


def test_a_faction_id_comes_from_the_file_name_or_its_id_key(tmp_path):
    data = yaml.safe_load(MINI.read_text(encoding="utf-8"))
    data["factions"]["hermit"]["id"] = "hermit"
    folder = as_folder(tmp_path / "vale", data, names={"hermit": "the_hermit.yaml"})
    spec = validate_source(read_module_source(folder))
    assert sorted(spec.factions) == ["free_blades", "hermit", "hollowmere", "millford"]


def test_a_problem_in_a_faction_file_names_that_file_and_its_own_line(tmp_path):
    folder = as_folder(tmp_path / "vale")
    faction = folder / "factions" / "hollowmere.yaml"
    text = faction.read_text(encoding="utf-8").replace("points: 20", "points: twenty")
    faction.write_text(text, encoding="utf-8")
    assert [str(p) for p in problems_of(folder)] == [
        f"factions/hollowmere.yaml:{line_of(text, 'points: twenty')}: "
        "factions.hollowmere.datasheets.bowmen.points: must be a whole number, not 'twenty'"
    ]


def test_every_faction_file_with_a_syntax_error_is_reported(tmp_path):
    folder = as_folder(tmp_path / "vale")
    write(folder, "name: [Hermit\n", "factions/hermit.yaml")
    write(folder, "- a list\n", "factions/free_blades.yaml")
    assert [(p.file, p.message) for p in problems_of(folder)] == [
        ("factions/free_blades.yaml", "the file must hold a mapping of keys, not list"),
        ("factions/hermit.yaml", "invalid YAML: expected ',' or ']', but got '<stream end>'"),
    ]


@pytest.mark.parametrize(
    ("duplicate", "file", "path", "message"),
    [
        # a second file claims an existing faction's id with `id:`
        (
            "id: millford\nname: Other Millford\n",
            "factions/zz_other.yaml",
            "id",
            "faction 'millford' is defined twice: here and in factions/millford.yaml; "
            "give one of them another id",
        ),
        # module.yaml already defines the faction the file is named after
        (
            None,
            "factions/hermit.yaml",
            "",
            "faction 'hermit' is defined twice: here and in module.yaml; "
            "give one of them another id",
        ),
    ],
)
def test_a_faction_defined_twice_is_an_error(tmp_path, duplicate, file, path, message):
    folder = as_folder(tmp_path / "vale")
    if duplicate:
        write(folder, duplicate, "factions/zz_other.yaml")
    else:
        module = yaml.safe_load((folder / "module.yaml").read_text(encoding="utf-8"))
        module["factions"] = {"hermit": {"name": "Hermit"}}
        write(folder, yaml.safe_dump(module, sort_keys=False), "module.yaml")
    [problem] = problems_of(folder)
    assert (problem.file, problem.path, problem.message) == (file, path, message)
    assert problem.line == (1 if duplicate else None)


def test_a_module_file_whose_factions_are_not_a_mapping_is_reported_not_a_crash(tmp_path):
    folder = as_folder(tmp_path / "vale")
    module = (folder / "module.yaml").read_text(encoding="utf-8")
    write(folder, module + "factions: [millford, hermit]\n", "module.yaml")
    assert [(p.file, p.path, p.message) for p in problems_of(folder)] == [
        ("module.yaml", "factions", "must be a mapping of keys, not list")
    ]


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

"""Reading a module's files: a syntax error names its file and line, a key written twice both of
its lines; JSON reads like YAML; a folder of files reads as the same module as one file, and each
problem names the file it is in."""

from __future__ import annotations

import json

import pytest
import yaml

from factions.gamedata import files
from factions.gamedata.files import read_module_source
from factions.gamedata.validation import validate_source

from .module_text import MINI, as_folder, edited, line_of, problems_of, write

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


def test_a_json_module_holding_what_no_database_stores_names_the_path(tmp_path):
    """A NUL, half a UTF-16 pair or NaN in a module's JSON goes through the app's one JSON
    check: refused naming where it is, before it reaches the database."""
    data = yaml.safe_load(MINI.read_text(encoding="utf-8"))
    data["factions"]["hermit"]["name"] = "Her\x00mit"
    path = write(tmp_path, json.dumps(data), "vale.json")
    [problem] = problems_of(path)
    assert (problem.path, problem.message) == (
        "factions.hermit.name",
        "the text contains a control character (U+0000); remove it",
    )
    text = json.dumps(data).replace("Her\\u0000mit", "Her\\ud800mit")
    assert "surrogate" in problems_of(write(tmp_path, text, "vale.json"))[0].message
    data["factions"]["hermit"]["name"] = "Hermit"
    data["factions"]["hermit"]["datasheets"]["hermit"]["points"] = float("nan")
    [problem] = problems_of(write(tmp_path, json.dumps(data), "vale.json"))
    assert problem.path == "factions.hermit.datasheets.hermit.points"


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


def test_files_are_parsed_by_libyaml_and_a_refused_one_is_explained_by_the_python_parser(tmp_path):
    """libyaml parses about seven times faster; where it refuses a file, the pure-Python parser
    reads it again, so the message is its fuller one (libyaml says only "did not find expected
    ',' or ']'")."""
    assert yaml.__with_libyaml__  # PyYAML's wheels for Linux are built with it
    assert issubclass(files._FastStrictLoader, yaml.CSafeLoader)
    path = write(tmp_path, "slug: vale\nflags: [a, b\n")
    assert [str(p) for p in problems_of(path)] == [
        "vale.yaml:3: invalid YAML: expected ',' or ']', but got '<stream end>'"
    ]

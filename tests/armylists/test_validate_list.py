"""`manage.py validate_list FILE...`: reports on list files, non-zero when any is illegal."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from .conftest import dark_army

pytestmark = pytest.mark.django_db


def validate(*args) -> str:
    """Run the command; return what it printed (raises CommandError when it fails)."""
    out = StringIO()
    call_command("validate_list", *map(str, args), stdout=out)
    return out.getvalue()


def validate_failing(*args) -> tuple[str, CommandError]:
    out = StringIO()
    with pytest.raises(CommandError) as failure:
        call_command("validate_list", *map(str, args), stdout=out)
    return out.getvalue(), failure.value


def test_a_legal_list_passes_with_its_totals(mini_module, mini_list, write_list):
    path = write_list(mini_list)

    out = validate(path)

    assert f"{path}: River Patrol: legal" in out
    assert "  Points: 141 / 150" in out
    assert "  Strategy points left: 4" in out


def test_a_warning_is_printed_but_the_list_passes(mini_module, mini_list, write_list):
    mini_list["units"][2]["specialty"] = None

    out = validate(write_list(mini_list))

    assert ": legal" in out
    assert "[warning] River Witch is a caster without a power specialty" in out
    assert "Pick one specialty for it." in out


def test_an_illegal_list_fails_with_its_violations(mini_module, illegal_list, write_list):
    out, failure = validate_failing(write_list(illegal_list))

    assert failure.returncode == 1
    assert str(failure) == "1 problem found."
    assert "Too Big: NOT LEGAL" in out
    assert "[error] The list costs 141 points, 41 over the limit of 100." in out


def test_a_missing_file_is_explained(mini_module, tmp_path):
    out, failure = validate_failing(tmp_path / "nowhere.json")

    assert failure.returncode == 1
    assert "nowhere.json: cannot be read" in out
    assert "No such file or directory" in out


@pytest.mark.parametrize(
    ("content", "explanation"),
    [
        ('{"module": "mini-vale",', "not valid JSON (line 1, column 24)"),
        (b"\xff\xfe\xfa", "not valid JSON: the text is not UTF-8"),
        ("[]", "a list document is a JSON object"),
        ('{"module": "mini-vale"}', "faction: required"),
        (
            '{"module": "nowhere", "faction": "x", "points_limit": 5}',
            "module: no game module 'nowhere' is loaded",
        ),
    ],
)
def test_a_file_that_is_not_a_list_document_is_explained(
    mini_module, write_list, content, explanation
):
    out, failure = validate_failing(write_list(content))

    assert failure.returncode == 1
    assert "list.json: cannot be read" in out
    assert explanation in out


def test_every_file_is_checked_and_every_problem_counted(
    mini_module, mini_list, illegal_list, write_list, tmp_path
):
    files = [
        write_list(mini_list, "a.json"),
        write_list(illegal_list, "b.json"),
        tmp_path / "c.json",
    ]

    out, failure = validate_failing(*files)

    assert str(failure) == "2 problems found."
    assert "a.json: River Patrol: legal" in out
    assert "b.json: Too Big: NOT LEGAL" in out
    assert "c.json: cannot be read" in out


def test_json_output_is_machine_readable(
    mini_module, mini_list, illegal_list, write_list, tmp_path
):
    files = [
        write_list(mini_list, "a.json"),
        write_list(illegal_list, "b.json"),
        write_list("{", "c.json"),
    ]

    out, _failure = validate_failing("--json", *files)

    data = json.loads(out)
    legal, illegal, unreadable = data["lists"]
    assert legal["file"].endswith("a.json")
    assert legal["legal"] is True
    assert {t["key"]: t["value"] for t in legal["totals"]}["points"] == 141
    assert illegal["legal"] is False
    assert illegal["violations"][0]["code"] == "points-over-limit"
    assert unreadable["errors"][0]["path"] == ""
    assert unreadable["errors"][0]["message"].startswith("not valid JSON")
    assert "match" not in data


def test_json_output_of_legal_lists_exits_zero(mini_module, mini_list, write_list):
    data = json.loads(validate("--json", write_list(mini_list)))

    assert data["lists"][0]["name"] == "River Patrol"


def test_match_checks_the_lists_against_each_other(dark_module, write_list):
    files = [
        write_list(dark_army("Small", 1), "a.json"),
        write_list(dark_army("Larger", 2), "b.json"),
    ]

    out = validate("--match", *files)

    assert "Match:" in out
    assert "  Small: 60 pts, 1 underdog" in out  # 60 below: one full 50
    assert "  Larger: 120 pts, 0 underdog" in out


def test_a_match_with_an_army_too_large_fails(dark_module, write_list):
    files = [
        write_list(dark_army("Small", 1), "a.json"),
        write_list(dark_army("Huge", 10), "b.json"),
    ]

    out, failure = validate_failing("--match", *files)

    assert failure.returncode == 1
    assert "Huge has 600 points, 540 more than the smallest army (60)" in out
    assert "  Small: 60 pts, 10 underdog" in out


def test_match_results_are_in_the_json_output(dark_module, write_list):
    files = [
        write_list(dark_army("Small", 1), "a.json"),
        write_list(dark_army("Larger", 2), "b.json"),
    ]

    data = json.loads(validate("--json", "--match", *files))

    assert data["match"]["legal"] is True
    assert [side["name"] for side in data["match"]["sides"]] == ["Small", "Larger"]


def battle_forge_army(mini_list, name: str, captains: int) -> dict:
    captains_ = [{"id": f"c{i}", "datasheet": "captain", "force": "f1"} for i in range(captains)]
    return {**mini_list, "name": name, "points_limit": 1000, "legends": [], "units": captains_}


def test_a_match_of_a_ruleset_without_match_checks_is_refused(mini_module, mini_list, write_list):
    # issue 15, defect 3: Battle Forge has no army-size gap; two of its lists were compared
    files = [
        write_list(battle_forge_army(mini_list, "Small", 1), "a.json"),
        write_list(battle_forge_army(mini_list, "Huge", 10), "b.json"),
    ]

    out, failure = validate_failing("--match", *files)

    assert "Match: Battle Forge defines no match check between armies" in out
    assert "more than the smallest army" not in out
    assert failure.returncode == 1


def test_a_match_of_lists_of_two_modules_is_refused(
    mini_module, dark_module, mini_list, write_list
):
    files = [
        write_list(dark_army("Dark", 1), "a.json"),
        write_list(battle_forge_army(mini_list, "Vale", 1), "b.json"),
    ]

    data = json.loads(validate_failing("--json", "--match", *files)[0])

    assert data["match"] == {
        "errors": [
            {
                "path": "",
                "message": "A match check compares lists of one game module; these lists use "
                "mini-dark, mini-vale.",
            }
        ]
    }


def test_a_match_of_fewer_than_two_readable_lists_says_so(mini_module, mini_list, write_list):
    out, failure = validate_failing(
        "--match", write_list(mini_list, "a.json"), write_list("{", "b.json")
    )

    assert "Match: needs at least two readable lists" in out
    assert str(failure) == "2 problems found."


def test_the_command_needs_a_file():
    with pytest.raises(CommandError, match="files"):
        call_command("validate_list")


def test_the_documented_run_prints_what_the_document_shows(
    mini_module, list_format_examples, tmp_path, monkeypatch
):
    (tmp_path / "river-patrol.json").write_text(list_format_examples["list"], encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    command, *shown = list_format_examples["validate_list"].splitlines()

    out = validate(*command.split()[4:])

    assert command.startswith("$ python manage.py validate_list ")
    assert out.splitlines() == shown


def test_the_documented_illegal_run_prints_the_documented_violation(
    mini_module, list_format_examples, write_list
):
    document = {**json.loads(list_format_examples["list"]), "points_limit": 120}

    out, failure = validate_failing(write_list(document, "too-big.json"))

    assert "too-big.json: River Patrol: NOT LEGAL" in out
    assert "  Points: 128 / 120" in out
    assert "  [error] The list costs 128 points, 8 over the limit of 120.\n" in out
    assert "      Remove 8 points of units, models or options, or raise the limit.\n" in out
    assert str(failure) == "1 problem found."

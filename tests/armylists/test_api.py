"""POST /api/validate and /api/match: a report for a list document, or 400 saying what is wrong."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.test import Client

from .conftest import dark_army

pytestmark = pytest.mark.django_db

VALIDATE = "/api/validate"
MATCH = "/api/match"


def post(client, url: str, data, content_type: str = "application/json"):
    body = data if isinstance(data, str | bytes) else json.dumps(data)
    return client.post(url, body, content_type=content_type)


# --- validate -------------------------------------------------------------------------------


def test_a_legal_list_gets_its_report(client, mini_module, mini_list):
    response = post(client, VALIDATE, mini_list)

    assert response.status_code == 200
    data = response.json()
    assert data["name"] == "River Patrol"
    assert data["legal"] is True
    assert data["violations"] == []
    totals = {t["key"]: t for t in data["totals"]}
    assert totals["points"] == {
        "key": "points",
        "label": "Points",
        "value": 141,
        "limit": 150,
        "detail": "",
    }
    assert totals["advantage"]["value"] == 1
    assert totals["sp_left"]["value"] == 4
    assert data["unit_points"] == {"u1": 30, "u2": 66, "u3": 35}


def test_an_illegal_list_gets_200_with_its_violations(client, mini_module, illegal_list):
    response = post(client, VALIDATE, illegal_list)

    assert response.status_code == 200
    data = response.json()
    assert data["legal"] is False
    assert data["violations"] == [
        {
            "code": "points-over-limit",
            "severity": "error",
            "message": "The list costs 141 points, 41 over the limit of 100.",
            "hint": "Remove 41 points of units, models or options, or raise the limit.",
            "units": [],
            "forces": [],
        }
    ]


def test_violations_name_the_units_they_concern(client, mini_module, mini_list):
    mini_list["units"][2]["specialty"] = None

    data = post(client, VALIDATE, mini_list).json()

    assert data["legal"] is True  # a warning does not make a list illegal
    assert [(v["code"], v["severity"], v["units"]) for v in data["violations"]] == [
        ("caster-no-specialty", "warning", ["u3"])
    ]


def test_a_list_naming_what_the_module_lacks_gets_a_report_not_a_400(
    client, mini_module, mini_list
):
    mini_list["units"][0]["datasheet"] = "dragon"

    response = post(client, VALIDATE, mini_list)

    assert response.status_code == 200
    assert "unknown-datasheet" in [v["code"] for v in response.json()["violations"]]


def test_the_endpoint_needs_no_csrf_token(mini_module, mini_list):
    client = Client(enforce_csrf_checks=True)

    assert post(client, VALIDATE, mini_list).status_code == 200


def test_a_second_validation_of_a_module_costs_one_query(
    client, mini_module, mini_list, django_assert_num_queries
):
    post(client, VALIDATE, mini_list)  # builds the module's catalogue

    with django_assert_num_queries(1):
        assert post(client, VALIDATE, mini_list).status_code == 200


def documented_codes() -> set[str]:
    """The refusal codes docs/list-format.md's table lists."""
    text = (Path(__file__).parents[2] / "docs" / "list-format.md").read_text()
    table = text.split("The same shape answers every other refusal")[1].split("\n\n")[1]
    return set(re.findall(r"^\| `([a-z-]+)` \|", table, flags=re.MULTILINE))


DOCUMENTED_CODES = documented_codes()


def errors_of(response, status: int = 400) -> list[tuple[str, str]]:
    """The (path, message) of each error; every one also carries a documented code and a hint."""
    assert response.status_code == status
    errors = response.json()["errors"]
    for error in errors:
        assert set(error) == {"path", "message", "code", "hint"}, error
        assert error["code"] in DOCUMENTED_CODES, error
        assert error["hint"].strip(), error
    return [(e["path"], e["message"]) for e in errors]


def codes_of(response) -> list[str]:
    return [e["code"] for e in response.json()["errors"]]


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        # not JSON: where the reader stopped
        ('{"module": ', ("", "not valid JSON (line 1, column 12): Expecting value")),
        (b"\xff\xfe\xfa", ("", "not valid JSON: the text is not UTF-8")),
        ("[" * 100_000, ("", "not valid JSON: arrays or objects nested too deeply")),
        (
            '{"points_limit": ' + "9" * 5000 + "}",
            ("", "not valid JSON: a number has too many digits"),
        ),
        # JSON, but not an object
        ("[1, 2]", ("", "a list document is a JSON object")),
        ('"a list"', ("", "a list document is a JSON object")),
        ("null", ("", "a list document is a JSON object")),
    ],
)
def test_a_body_that_is_not_a_json_object_is_a_400(client, mini_module, body, expected):
    assert errors_of(post(client, VALIDATE, body)) == [expected]


def test_missing_keys_are_named(client, mini_module):
    assert errors_of(post(client, VALIDATE, {"name": "Empty"})) == [
        ("module", "required"),
        ("faction", "required"),
        ("points_limit", "required"),
    ]


@pytest.mark.parametrize(
    ("change", "path", "message"),
    [
        (lambda d: d.update(points_limit="lots"), "points_limit", "valid integer"),
        (lambda d: d.update(points_limit=0), "points_limit", "greater than or equal to 1"),
        (lambda d: d.update(format="army-list"), "format", "'forgebuilder-list'"),
        (lambda d: d.update(version=3), "version", "2"),
        (lambda d: d.update(colour="red"), "colour", "unknown key"),
        (lambda d: d.update(units="u1"), "units", "valid tuple"),
        (
            lambda d: d["units"][1]["models"].update(spearman=-1),
            "units[1].models.spearman",
            "greater than or equal to 0",
        ),
        (
            lambda d: d["units"][1]["options"][0].update(count=0),
            "units[1].options[0].count",
            "greater than or equal to 1",
        ),
        (lambda d: d["units"][0].pop("datasheet"), "units[0].datasheet", "required"),
        (lambda d: d["units"][0].update(id="u 1"), "units[0].id", "pattern"),
        (
            lambda d: d["units"][0].update(force="f9"),
            "",
            "units[0] is in force 'f9', which the list lacks",
        ),
        (
            lambda d: d["legends"][0].update(unit="u9"),
            "",
            "legends[0] is given to unit 'u9', which the list lacks",
        ),
        (lambda d: d["units"][1].update(id="u1"), "", "two units share an id"),
    ],
)
def test_wrong_values_are_named_with_their_path(
    client, mini_module, mini_list, change, path, message
):
    change(mini_list)

    errors = errors_of(post(client, VALIDATE, mini_list))

    assert len(errors) == 1
    assert errors[0][0] == path
    assert message in errors[0][1]


def test_every_wrong_value_is_named_at_once(client, mini_module, mini_list):
    mini_list.update(points_limit="lots", casual="maybe")
    mini_list["units"][0]["models"] = {"captain": "two"}

    paths = [path for path, _ in errors_of(post(client, VALIDATE, mini_list))]

    assert paths == ["points_limit", "casual", "units[0].models.captain"]


def test_an_unknown_module_is_a_400(client, mini_module, mini_list):
    mini_list["module"] = "grand-vale"

    response = post(client, VALIDATE, mini_list)

    assert errors_of(response) == [("module", "no game module 'grand-vale' is loaded")]
    assert codes_of(response) == ["unknown-module"]
    assert mini_list["module"] != mini_module.slug
    assert (
        f"Use one of the loaded modules: {mini_module.slug}" in response.json()["errors"][0]["hint"]
    )


def test_the_documented_codes_are_each_answered(client, mini_module, mini_list, dark_module):
    """Each code of the documented table is one some request gets (none is documented only)."""
    seen = set()
    bodies = [
        (VALIDATE, {**mini_list, "points_limit": "lots", "colour": 1}, "application/json"),
        (VALIDATE, {"name": "x"}, "application/json"),
        (VALIDATE, "{", "application/json"),
        (VALIDATE, '{"name": "a\\u0000b"}', "application/json"),
        (VALIDATE, "{}", "text/plain"),
        (VALIDATE, "[]", "application/json"),
        (VALIDATE, json.dumps({**mini_list, "p": "x" * 1_000_001}), "application/json"),
        (VALIDATE, {**mini_list, "module": "nowhere"}, "application/json"),
        (MATCH, {"lists": []}, "application/json"),
        (MATCH, {"lists": [mini_list, dark_army("Dark", 1)]}, "application/json"),
    ]
    for url, body, content_type in bodies:
        response = post(client, url, body, content_type)
        errors_of(response)
        seen.update(codes_of(response))

    assert seen | {"rate-limited"} == DOCUMENTED_CODES


@pytest.mark.parametrize(
    "content_type",
    [
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
    ],
)
def test_only_json_bodies_are_read(client, mini_module, mini_list, content_type):
    response = client.post(VALIDATE, json.dumps(mini_list), content_type=content_type)

    assert errors_of(response) == [
        ("", "send the list document as JSON (Content-Type: application/json)")
    ]


def test_a_json_body_may_name_its_charset(client, mini_module, mini_list):
    response = post(client, VALIDATE, mini_list, content_type="application/json; charset=utf-8")

    assert response.status_code == 200


def test_a_body_over_1_mb_is_a_400(client, mini_module, mini_list):
    body = json.dumps({**mini_list, "padding": "x" * 1_000_001})

    assert errors_of(post(client, VALIDATE, body)) == [("", "the document is larger than 1 MB")]


@pytest.mark.parametrize("method", ["get", "put", "delete"])
def test_the_endpoints_only_take_post(client, method):
    for url in (VALIDATE, MATCH):
        assert getattr(client, method)(url).status_code == 405


# --- the examples of docs/list-format.md ---------------------------------------------------


def test_the_documented_request_gets_the_documented_response(
    client, mini_module, list_format_examples
):
    response = post(client, VALIDATE, list_format_examples["list"])

    assert response.status_code == 200
    assert response.json() == json.loads(list_format_examples["response"])


def test_the_documented_bad_request_gets_the_documented_errors(
    client, mini_module, list_format_examples
):
    document = json.loads(list_format_examples["list"])
    document["points_limit"] = "lots"
    document["units"][0]["colour"] = "red"
    document["units"][1]["models"]["spearman"] = -1

    response = post(client, VALIDATE, document)

    assert response.status_code == 400
    assert response.json() == json.loads(list_format_examples["error"])


# --- match ----------------------------------------------------------------------------------


def test_a_match_reports_each_side_and_each_list(client, dark_module):
    response = post(client, MATCH, {"lists": [dark_army("Small", 1), dark_army("Larger", 3)]})

    assert response.status_code == 200
    data = response.json()
    assert data["match"] == {
        "legal": True,
        "sides": [
            {"name": "Small", "points": 60, "underdog_points": 2},  # 120 below: two full 50s
            {"name": "Larger", "points": 180, "underdog_points": 0},
        ],
        "violations": [],
    }
    assert [report["legal"] for report in data["lists"]] == [True, True]


def test_a_match_with_an_army_too_large_is_not_legal(client, dark_module):
    response = post(client, MATCH, {"lists": [dark_army("Small", 1), dark_army("Huge", 10)]})

    match = response.json()["match"]
    assert match["legal"] is False
    assert [v["code"] for v in match["violations"]] == ["army-size-gap"]
    assert match["violations"][0]["message"].startswith("Huge has 600 points, 540 more than")


def test_a_match_of_battle_forge_lists_is_a_400(client, mini_module, mini_list):
    # issue 15, defect 3: the army-size gap was applied to a ruleset that has none
    small = {**mini_list, "name": "Small", "points_limit": 1000}
    huge = {**small, "name": "Huge"}

    assert errors_of(post(client, MATCH, {"lists": [small, huge]})) == [
        (
            "lists",
            "Battle Forge defines no match check between armies; only its lists' own checks apply.",
        )
    ]


def test_a_match_of_lists_of_two_modules_is_a_400(client, mini_module, dark_module, mini_list):
    assert errors_of(post(client, MATCH, {"lists": [dark_army("Dark", 1), mini_list]})) == [
        (
            "lists",
            "A match check compares lists of one game module; these lists use mini-dark, "
            "mini-vale.",
        )
    ]


def army(mini_list, name: str, captains: int) -> dict:
    """A Millford list of Spearmen (25 points) and `captains` Captains (30 points each)."""
    captains_ = [{"id": f"u{i}", "datasheet": "captain", "force": "f1"} for i in range(captains)]
    return {
        **mini_list,
        "name": name,
        "points_limit": 1000,
        "units": [{"id": "s", "datasheet": "spearmen", "force": "f1"}, *captains_],
        "legends": [],
    }


@pytest.mark.parametrize(
    "body",
    [
        {"lists": []},
        {"lists": [{"name": "alone"}]},
        {"armies": []},
        [1, 2],
    ],
)
def test_a_match_needs_two_lists(client, mini_module, body):
    assert errors_of(post(client, MATCH, body)) == [("lists", "give at least two list documents")]


def test_a_match_names_every_wrong_list_by_its_place(client, mini_module, mini_list):
    good = army(mini_list, "Good", 1)
    body = {"lists": [good, {**good, "points_limit": "lots"}, "{}", {**good, "module": "nowhere"}]}

    assert errors_of(post(client, MATCH, body)) == [
        (
            "lists[1].points_limit",
            "Input should be a valid integer, unable to parse string as an integer",
        ),
        ("lists[2]", "a list document is a JSON object"),
        ("lists[3].module", "no game module 'nowhere' is loaded"),
    ]


def test_a_match_body_that_is_not_json_is_a_400(client, mini_module):
    assert errors_of(post(client, MATCH, "[" * 100_000)) == [
        ("", "not valid JSON: arrays or objects nested too deeply")
    ]

"""What a list names but its module lacks becomes a violation with a stable code, never a crash."""

from __future__ import annotations

import pytest

from .factories import (
    check,
    choice,
    codes,
    force,
    forge,
    legend,
    model,
    option,
    sheet,
    take,
    the,
    unit,
)

SQUAD = sheet(
    20,
    name="Squad",
    models=[
        model(
            "Trooper",
            id="trooper",
            min=5,
            options=[option("add_weapon", choice("grenade", id="grenade"), id="kit", label="Kit")],
        )
    ],
)


def catalog():
    return forge(datasheets={"squad": SQUAD}, legends={"crown": {"name": "Crown", "points": 5}})


@pytest.mark.parametrize(
    ("fields", "units", "code", "message"),
    [
        (
            {},
            [unit("dragon")],
            "unknown-datasheet",
            "The faction 'home' has no datasheet 'dragon'.",
        ),
        (
            {},
            [unit("squad", models={"wizard": 1})],
            "unknown-model",
            "Squad has no model 'wizard'.",
        ),
        (
            {},
            [unit("squad", options=[take("armour", "plate")])],
            "unknown-option",
            "Squad has no option 'armour'.",
        ),
        (
            {},
            [unit("squad", options=[take("kit", "bomb")])],
            "unknown-choice",
            "The option 'Kit' of Squad has no choice 'bomb'.",
        ),
        (
            {"legends": [legend("sceptre")]},
            [unit("squad")],
            "unknown-legend",
            "The module has no legend 'sceptre'.",
        ),
        (
            {"faction": "pirates", "forces": [force(faction="pirates")]},
            [],
            "unknown-faction",
            "The module has no faction 'pirates'.",
        ),
        (
            {"forces": [force(), force(faction="pirates")]},
            [unit("squad")],
            "unknown-faction",
            "The module has no faction 'pirates'.",
        ),
        (
            {"focus": "night_watch"},
            [unit("squad")],
            "unknown-focus",
            "Home Guard has no focus 'night_watch'.",
        ),
        (
            {"forces": [force("horde")]},
            [unit("squad")],
            "unknown-force-organization",
            "The module has no force organization 'horde'.",
        ),
    ],
)
def test_an_unknown_reference_is_an_error_with_a_stable_code(fields, units, code, message):
    report = check(catalog(), *units, **fields)

    violation = next(v for v in report.violations if v.code == code)
    assert violation.severity == "error"
    assert violation.message == message
    assert violation.hint.startswith("The module may have changed")
    assert not report.legal


def test_an_unknown_reference_names_the_unit_it_is_in():
    report = check(catalog(), unit("squad"), unit("dragon"))

    assert the(report, "unknown-datasheet").units == ("u2",)


def test_every_problem_of_a_list_is_reported_at_once():
    report = check(
        catalog(),
        unit("dragon"),
        unit("squad", options=[take("armour", "plate"), take("kit", "bomb")]),
        legends=[legend("sceptre", "u1")],
        focus="night_watch",
    )

    assert set(codes(report)) >= {
        "unknown-datasheet",
        "unknown-option",
        "unknown-choice",
        "unknown-legend",
        "unknown-focus",
    }


def test_a_unit_of_an_unknown_datasheet_costs_nothing_and_is_checked_no_further():
    report = check(catalog(), unit("dragon", models={"wyrm": 3}, specialty="fire"))

    assert report.unit_points == {"u1": 0}
    assert codes(report) == ["unknown-datasheet"]


def test_a_unit_keeps_the_known_options_beside_an_unknown_one():
    report = check(
        catalog(),
        unit("squad", options=[take("kit", "grenade", 2), take("kit", "bomb")]),
    )

    assert codes(report) == ["unknown-choice"]


def test_errors_come_before_warnings():
    catalog_ = forge(legends={"crown": {"name": "Crown", "points": 5}})

    report = check(catalog_, unit("troops"), unit("dragon"), legends=[legend("crown")])

    assert [v.severity for v in report.violations] == ["error", "warning"]

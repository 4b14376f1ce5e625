"""Focuses: the units a focus forbids or alone allows, its options, legends and strategies."""

from __future__ import annotations

import pytest

from .factories import (
    check,
    choice,
    codes,
    force,
    forge,
    legend,
    option,
    sheet,
    take,
    the,
    unit,
)

FOCUSES = {
    "watch": {"name": "Town Watch"},
    "levy": {"name": "Levy", "restricted": True},
}


def focused(**fields):
    home = {"focuses": FOCUSES, **fields.pop("home", {})}
    datasheets = {
        "regulars": sheet(10, name="Regulars"),  # no filter: every list
        "militia": sheet(10, name="Militia", focuses=["none"]),  # not under a restricted focus
        "watchmen": sheet(10, name="Watchmen", focuses=["watch"]),  # only the Town Watch
        "levies": sheet(10, name="Levies", focuses=["levy"]),  # only the Levy
        "reserves": sheet(10, name="Reserves", focuses=["none", "levy"]),  # every list
    }
    return forge(datasheets=datasheets, home=home, **fields)


@pytest.mark.parametrize(
    ("focus", "datasheet", "problem"),
    [
        (None, "regulars", None),
        (None, "militia", None),
        (None, "reserves", None),
        (None, "watchmen", "focus-only-unit"),  # a focus unit without its focus
        (None, "levies", "focus-only-unit"),
        ("watch", "regulars", None),
        ("watch", "militia", None),  # an unrestricted focus keeps the "none" units
        ("watch", "watchmen", None),
        ("watch", "levies", "focus-only-unit"),  # another focus's unit
        ("levy", "regulars", None),
        ("levy", "militia", "focus-forbids-unit"),  # a restricted focus forbids "none" units
        ("levy", "levies", None),
        ("levy", "reserves", None),
        ("levy", "watchmen", "focus-forbids-unit"),
    ],
)
def test_which_units_a_focus_allows(focus, datasheet, problem):
    report = check(focused(), unit(datasheet), focus=focus)

    assert codes(report) == ([problem] if problem else [])


def test_a_focus_unit_without_its_focus_names_the_focus():
    violation = the(check(focused(), unit("watchmen")), "focus-only-unit")

    assert violation.severity == "error"
    assert violation.message == "Only the Town Watch focus may take Watchmen."
    assert violation.hint == "Choose the Town Watch focus for 'Open', or remove the unit."
    assert violation.units == ("u1",)


def test_a_restricted_focus_names_the_unit_it_forbids():
    violation = the(check(focused(), unit("militia"), focus="levy"), "focus-forbids-unit")

    assert violation.message == "The Levy focus does not allow Militia."
    assert violation.units == ("u1",)


def test_the_focus_does_not_apply_to_allied_units():
    catalog = focused(
        factions={
            "friend": {
                "name": "Friends",
                "alliance": "league",
                "datasheets": {"militia": sheet(10, focuses=["none"])},
            }
        }
    )

    report = check(
        catalog,
        unit("regulars", force="f1"),
        unit("militia", force="f2"),
        focus="levy",
        forces=[force(), force(faction="friend")],
    )

    assert report.violations == ()


def test_an_unknown_focus_is_reported_and_the_list_is_checked_without_one():
    report = check(focused(), unit("watchmen"), focus="night_watch")

    assert codes(report) == ["unknown-focus", "focus-only-unit"]
    assert the(report, "unknown-focus").message == "Home Guard has no focus 'night_watch'."


# --- options and legends under a focus ------------------------------------------------------

DRILLED = sheet(
    10,
    name="Regulars",
    options=[
        option(
            "add_rule", choice("steady", id="steady"), id="drill", label="Drill", focuses=["watch"]
        ),
    ],
)


@pytest.mark.parametrize(
    ("focus", "legal"),
    [
        ("watch", True),  # the option's focus
        (None, False),
        ("levy", False),
    ],
)
def test_a_focus_option_needs_its_focus(focus, legal):
    catalog = forge(datasheets={"regulars": DRILLED}, home={"focuses": FOCUSES})

    report = check(catalog, unit("regulars", options=[take("drill", "steady")]), focus=focus)

    assert ("option-focus" in codes(report)) is not legal


def test_a_focus_option_says_which_focus_lacks_it():
    catalog = forge(datasheets={"regulars": DRILLED}, home={"focuses": FOCUSES})

    with_levy = check(catalog, unit("regulars", options=[take("drill", "steady")]), focus="levy")
    without = check(catalog, unit("regulars", options=[take("drill", "steady")]))

    assert the(with_levy, "option-focus").message == (
        "Regulars: the option 'Drill' is not available with the Levy focus."
    )
    assert the(without, "option-focus").message == (
        "Regulars: the option 'Drill' is not available without a focus."
    )


def test_an_allied_force_without_a_focus_is_told_so_for_a_focus_option():
    friend = {
        "name": "Friends",
        "alliance": "league",
        "focuses": FOCUSES,
        "datasheets": {"regulars": DRILLED},
    }
    catalog = forge(home={"focuses": FOCUSES}, factions={"friend": friend})

    report = check(
        catalog,
        unit("troops", force="f1"),
        unit("regulars", force="f2", options=[take("drill", "steady")]),
        focus="watch",
        forces=[force(), force(faction="friend")],
    )

    violation = the(report, "option-focus")
    assert violation.message == ("Regulars: the option 'Drill' is not available without a focus.")
    assert violation.hint == "Remove the option, or choose a focus that offers it."


@pytest.mark.parametrize(
    ("focus", "legal"),
    [
        ("levy", True),
        ("watch", False),
        (None, False),
    ],
)
def test_a_focus_legend_needs_its_focus(focus, legal):
    catalog = focused(legends={"pike": {"name": "The Long Pike", "points": 5, "focuses": ["levy"]}})

    report = check(catalog, unit("regulars"), legends=[legend("pike", "u1")], focus=focus)

    assert ("legend-focus" in codes(report)) is not legal


# --- strategies -----------------------------------------------------------------------------

STRATEGIES = {
    "rally": {"name": "Rally", "cost": 1},  # every list
    "patrol": {"name": "Night Patrol", "cost": 2, "focuses": ["watch"]},  # a focus strategy
    "muster": {"name": "Muster", "cost_note": "X", "focuses": ["none"]},  # not under Levy
}


@pytest.mark.parametrize(
    ("focus", "strategies"),
    [
        (None, [("Rally", "1 SP"), ("Muster", "X SP")]),
        (
            "watch",
            [("Rally", "1 SP"), ("Night Patrol", "2 SP · focus strategy"), ("Muster", "X SP")],
        ),
        ("levy", [("Rally", "1 SP")]),
    ],
)
def test_a_focus_unlocks_its_strategies(focus, strategies):
    catalog = focused(home={"strategies": STRATEGIES})

    report = check(catalog, unit("regulars"), focus=focus)

    assert dict(report.notes)["Strategies"] == tuple(strategies)

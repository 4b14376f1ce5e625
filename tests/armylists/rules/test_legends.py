"""Legends: how many a list may take, each once, and only on a unit it may apply to."""

from __future__ import annotations

import pytest

from .factories import (
    check,
    choice,
    codes,
    forge,
    legend,
    model,
    option,
    sheet,
    take,
    the,
    total,
    unit,
)

LEGENDS = {
    "crown": {"name": "The Iron Crown", "points": 0},
    "horn": {"name": "The Horn", "points": 0},
    "cloak": {"name": "Grey Cloak", "points": 0},
    "ring": {"name": "Ring of Ash", "points": 0},
}


def legends_list(points_limit: int, count: int, per_points: int | None, minimum: int = 1):
    parameters = {"legends_per_points": per_points, "legends_minimum": minimum}
    catalog = forge(legends=LEGENDS, parameters=parameters)
    chosen = [legend(key, "u1") for key in list(LEGENDS)[:count]]
    return check(catalog, unit("troops"), legends=chosen, points_limit=points_limit)


@pytest.mark.parametrize(
    ("per_points", "points_limit", "allowed"),
    [
        (None, 150, 1),  # one legend per list...
        (None, 1000, 1),  # ...whatever the size
        (500, 499, 1),  # one per full 500 points, never fewer than one
        (500, 500, 1),
        (500, 999, 1),
        (500, 1000, 2),
        (500, 1500, 3),
    ],
)
def test_how_many_legends_a_list_may_take(per_points, points_limit, allowed):
    within = legends_list(points_limit, allowed, per_points)
    beyond = legends_list(points_limit, allowed + 1, per_points)

    assert total(within, "legends") == allowed
    assert within.total("legends").limit == allowed
    assert "too-many-legends" not in codes(within)
    assert "too-many-legends" in codes(beyond)


def test_a_module_may_allow_no_legend_in_small_lists():
    report = legends_list(499, 1, 500, minimum=0)

    assert the(report, "too-many-legends").message == (
        "The list has 1 legend; the module allows 0 (one legend per full 500 points)."
    )


def test_too_many_legends_cites_the_rule():
    one_per_list = the(legends_list(1000, 2, None), "too-many-legends")
    per_points = the(legends_list(1000, 3, 500), "too-many-legends")

    assert one_per_list.severity == "error"
    assert (
        one_per_list.message == "The list has 2 legends; the module allows 1 (one legend per list)."
    )
    assert per_points.message == (
        "The list has 3 legends; the module allows 2 (one legend per full 500 points)."
    )
    assert per_points.hint == "Remove 1."


def test_each_legend_may_be_taken_once():
    catalog = forge(legends=LEGENDS, parameters={"legends_per_points": 50})

    report = check(
        catalog,
        unit("troops"),
        unit("troops"),
        legends=[legend("crown", "u1"), legend("crown", "u2")],
    )

    violation = the(report, "legend-twice")
    assert violation.severity == "error"
    assert violation.message == "The Iron Crown is taken 2 times; each legend may be taken once."


def test_an_unknown_legend_taken_twice_is_reported_not_a_crash():
    report = check(forge(), unit("troops"), legends=[legend("ghost"), legend("ghost")])

    assert codes(report) == ["unknown-legend", "unknown-legend", "too-many-legends", "legend-twice"]
    assert "ghost is taken 2 times" in the(report, "legend-twice").message


def test_a_legend_not_yet_given_to_a_unit_is_a_warning():
    catalog = forge(legends={"crown": {"name": "The Iron Crown", "points": 5}})

    report = check(catalog, unit("troops"), legends=[legend("crown")])

    violation = the(report, "legend-unassigned")
    assert violation.severity == "warning"
    assert report.legal


def test_a_legend_that_is_a_unit_needs_no_unit():
    catalog = forge(legends={"giant": {"name": "The Giant", "points": 40, "kind": "unit"}})

    report = check(catalog, unit("troops"), legends=[legend("giant")])

    assert report.violations == ()
    assert total(report, "points") == 60


# --- which unit a legend may be given to ----------------------------------------------------

DATASHEETS = {
    "captain": sheet(
        30,
        category="hero",
        name="Captain",
        keywords=["Human", "Officer"],
        models=[model("Captain", rules=["tough(2)"])],
    ),
    "witch": sheet(
        30,
        category="hero",
        name="Witch",
        keywords=["Human"],
        models=[model("Witch", rules=["caster(1)"])],
    ),
    "wolves": sheet(
        20,
        name="Wolves",
        keywords=["Beast"],
        models=[model("Wolf", min=3)],
        options=[
            option("add_rule", choice("fearless", id="fearless"), id="frenzy", model_limit="all")
        ],
    ),
}


@pytest.mark.parametrize(
    ("applies_to", "datasheet", "options", "fits"),
    [
        ({}, "wolves", [], True),  # no filter: any unit
        ({"categories": ["hero"]}, "captain", [], True),
        ({"categories": ["hero"]}, "wolves", [], False),
        ({"keywords": ["Officer"]}, "captain", [], True),
        ({"keywords": ["Officer"]}, "witch", [], False),
        ({"keywords": ["Beast", "Officer"]}, "wolves", [], True),  # any of the keywords
        ({"rules": ["caster"]}, "witch", [], True),
        ({"rules": ["caster"]}, "captain", [], False),
        ({"rules": ["fearless"]}, "wolves", [], False),
        ({"rules": ["fearless"]}, "wolves", [take("frenzy", "fearless")], True),  # from an option
        ({"datasheets": ["witch"]}, "witch", [], True),
        ({"datasheets": ["witch"]}, "captain", [], False),
        ({"models": ["wolf"]}, "wolves", [], True),  # model names, in any case
        ({"models": ["Wolf"]}, "captain", [], False),
        ({"categories": ["core"], "keywords": ["Officer"]}, "captain", [], True),  # either filter
    ],
)
def test_a_legend_applies_only_to_the_units_it_names(applies_to, datasheet, options, fits):
    catalog = forge(
        datasheets=DATASHEETS,
        legends={"crown": {"name": "The Iron Crown", "points": 5, "applies_to": applies_to}},
    )

    report = check(catalog, unit(datasheet, options=options), legends=[legend("crown", "u1")])

    assert ("legend-wrong-unit" in codes(report)) is not fits


@pytest.mark.parametrize(
    ("applies_to", "reason"),
    [
        ({"categories": ["hero"]}, "it is for Hero units"),
        ({"categories": ["hero", "support"]}, "it is for Hero or Support units"),
        ({"rules": ["caster"]}, "it is for models with Caster"),
        ({"keywords": ["Officer"]}, "it is for Officer units"),
        ({"models": ["Witch"]}, "it is for Witch models"),
        ({"datasheets": ["captain", "witch"]}, "it is for Captain or Witch units"),
        (
            {"categories": ["hero"], "keywords": ["Officer"]},
            "it is for Hero units or Officer units",
        ),
    ],
)
def test_a_legend_on_a_wrong_unit_says_what_it_is_for(applies_to, reason):
    catalog = forge(
        datasheets=DATASHEETS,
        legends={"crown": {"name": "The Iron Crown", "points": 5, "applies_to": applies_to}},
    )

    report = check(catalog, unit("wolves"), legends=[legend("crown", "u1")])

    violation = the(report, "legend-wrong-unit")
    assert violation.severity == "error"
    assert violation.message == f"The Iron Crown cannot be given to Wolves: {reason}."
    assert violation.units == ("u1",)

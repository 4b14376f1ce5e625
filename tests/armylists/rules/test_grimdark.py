"""Grimdark: the points limit, command points and doctrines; match checks between lists."""

from __future__ import annotations

import pytest

from forgebuilder.engine.rules import match_check

from .factories import check, codes, game, roster, sheet, the, total, unit

DOCTRINES = {
    "universal": {"name": "Universal Doctrine", "universal": True},
    "fury": {"name": "Fury"},
    "patience": {"name": "Patience"},
}


def grimdark(*prices: int, **module_fields):
    """A Grimdark catalogue with one datasheet per price: `block500` costs 500 points."""
    module_fields.setdefault("doctrines", DOCTRINES)
    return game(
        "grimdark",
        slug="test-grimdark",
        datasheets={f"block{p}": sheet(p, category=None) for p in prices} or None,
        **module_fields,
    )


def army(catalog, points: int, **fields):
    """A list of units worth `points` (in blocks of the catalogue's prices)."""
    fields.setdefault("doctrine", "fury")
    fields.setdefault("points_limit", 10_000)
    return check(
        catalog, unit(f"block{points}", force=None), forces=[], module=catalog.slug, **fields
    )


def test_a_grimdark_list_checks_its_points_limit():
    catalog = grimdark(2000, 2001)

    assert army(catalog, 2000, points_limit=2000).violations == ()
    violation = the(army(catalog, 2001, points_limit=2000), "points-over-limit")
    assert violation.message == "The list costs 2001 points, 1 over the limit of 2000."


def test_grimdark_lists_need_no_force_organization():
    report = army(grimdark(500), 500)

    assert report.violations == ()
    assert report.total("sp_income") is None


@pytest.mark.parametrize(
    ("points", "command_points", "detail"),
    [
        # issue 15, defect 6: 4 per 1000 is a rate over the list's points, rounded down
        (945, 3, "945 pts × 4 ÷ 1000 = 3.78, rounded down"),
        (999, 3, "999 pts × 4 ÷ 1000 = 3.996, rounded down"),
        (1000, 4, "1000 pts × 4 ÷ 1000 = 4"),
        (1890, 7, "1890 pts × 4 ÷ 1000 = 7.56, rounded down"),
        (1999, 7, "1999 pts × 4 ÷ 1000 = 7.996, rounded down"),
        (2000, 8, "2000 pts × 4 ÷ 1000 = 8"),
    ],
)
def test_four_command_points_per_1000_points_of_the_army_pro_rata(points, command_points, detail):
    report = army(grimdark(points), points)

    assert total(report, "command_points") == command_points
    assert report.total("command_points").detail == detail


def test_command_points_follow_the_module():
    catalog = grimdark(1500, parameters={"command_points": 3, "command_points_per": 500})

    assert total(army(catalog, 1500), "command_points") == 9


# --- doctrines ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("doctrine", "problem", "severity"),
    [
        ("fury", None, None),  # one doctrine besides the universal one
        (None, "doctrine-missing", "warning"),  # none chosen yet
        ("universal", "doctrine-universal", "error"),  # every list has it already
        ("wrath", "unknown-doctrine", "error"),
    ],
)
def test_a_list_picks_one_doctrine_besides_the_universal_one(doctrine, problem, severity):
    report = army(grimdark(500), 500, doctrine=doctrine)

    assert codes(report) == ([problem] if problem else [])
    if problem:
        assert the(report, problem).severity == severity


def test_the_doctrines_total_names_the_universal_and_the_chosen_one():
    report = army(grimdark(500), 500, doctrine="fury")

    assert total(report, "doctrines") == 2
    assert report.total("doctrines").detail == "Universal Doctrine + Fury"


def test_a_missing_doctrine_names_the_choices():
    violation = the(army(grimdark(500), 500, doctrine=None), "doctrine-missing")

    assert violation.hint == "Choose a doctrine: Fury, Patience."
    assert total(army(grimdark(500), 500, doctrine=None), "doctrines") == 1


def test_a_module_may_make_the_doctrine_optional():
    catalog = grimdark(500, parameters={"doctrine_required": False})

    assert army(catalog, 500, doctrine=None).violations == ()


def test_a_module_without_doctrines_asks_for_none():
    assert army(grimdark(500, doctrines={}), 500, doctrine=None).violations == ()


def test_the_universal_doctrine_may_not_be_the_chosen_one():
    violation = the(army(grimdark(500), 500, doctrine="universal"), "doctrine-universal")

    assert violation.message == (
        "Universal Doctrine is the universal doctrine every list has; pick another."
    )


# --- match checks ---------------------------------------------------------------------------


def match(*points: int, **module_fields):
    catalog = grimdark(*set(points), **module_fields)
    rosters = [
        roster(
            catalog, unit(f"block{p}", force=None), forces=[], name=f"Army {i}", points_limit=10_000
        )
        for i, p in enumerate(points, 1)
    ]
    return match_check(rosters)


@pytest.mark.parametrize(
    ("points", "legal"),
    [
        ((1000, 1250), True),  # 250 above the smallest: the limit
        ((1000, 1251), False),  # 251 above
        ((1000, 1000), True),
        ((1000, 1100, 1250), True),  # every army against the smallest
        ((1000, 1100, 1251), False),
    ],
)
def test_no_army_more_than_250_points_above_the_smallest(points, legal):
    report = match(*points)

    assert report.legal is legal
    assert [v.code for v in report.violations] == ([] if legal else ["army-size-gap"])


def test_an_army_too_large_for_the_match_is_named_with_the_gap():
    violation = match(1000, 1251).violations[0]

    assert violation.severity == "error"
    assert violation.message == (
        "Army 2 has 1251 points, 251 more than the smallest army (1000); the limit is 250 above "
        "the smallest."
    )
    assert violation.hint == "Bring Army 2 down to 1250 points or less."


@pytest.mark.parametrize(
    ("points", "underdog"),
    [
        ((1000, 1000), (0, 0)),
        ((1000, 1049), (0, 0)),  # 49 below the largest
        ((1000, 1050), (1, 0)),  # a full 50
        ((1000, 1099), (1, 0)),
        ((1000, 1100), (2, 0)),
        ((1000, 1100, 1200), (4, 2, 0)),  # each against the largest
    ],
)
def test_one_underdog_point_per_full_50_points_below_the_largest_army(points, underdog):
    report = match(*points)

    assert tuple(side.underdog_points for side in report.sides) == underdog
    assert tuple(side.points for side in report.sides) == points


def test_match_numbers_follow_the_module():
    report = match(1000, 1100, parameters={"army_size_gap": 50, "underdog_points_per": 25})

    assert not report.legal
    assert [side.underdog_points for side in report.sides] == [4, 0]


def test_a_match_needs_two_lists():
    with pytest.raises(ValueError, match="at least two lists"):
        match_check([roster(grimdark(500), module="test-grimdark")])


def test_a_match_report_reads_as_json():
    data = match(1000, 1300).to_json()

    assert data["legal"] is False
    assert data["sides"][0] == {"name": "Army 1", "points": 1000, "underdog_points": 6}
    assert data["violations"][0]["code"] == "army-size-gap"

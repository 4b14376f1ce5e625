"""Issue 25, item 6: army composition limits a Grimdark module sets as data (heroes per N
points of the limit, copies of one datasheet 1 + 1 per N points, the share of the limit one unit
may cost, units per N points), each its own check; casual lists are held to none of them; an
empty list is "No units yet", never "Legal list"."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from forgebuilder.engine.rules.checks.limits import copies_allowed, per_block, share_cap

from .factories import check, codes, game, model, sheet, the, total, unit

LIMITS = {
    "heroes_per_points": 375,
    "copies_per_points": 750,
    "unit_max_share": 35,
    "units_per_points": 150,
}


def limited(**parameters):
    """A Grimdark module of its own: a 10-point `hero` (Hero rule), a 10-point `grunt` and a
    `block<N>` datasheet costing N points for each price a test needs."""
    blocks = {f"block{p}": sheet(p, category=None, name=f"Block {p}") for p in (350, 351, 700, 701)}
    return game(
        "grimdark",
        slug="test-limits",
        datasheets={
            "hero": sheet(
                10, category=None, name="Captain", models=[model("Captain", rules=["hero"])]
            ),
            "grunt": sheet(10, category=None, name="Grunt"),
            **blocks,
        },
        doctrines={"u": {"name": "U", "universal": True}, "d": {"name": "D"}},
        parameters={**LIMITS, **parameters} if parameters is not None else LIMITS,
    )


def army(catalog, *datasheets: str, points_limit: int, casual: bool = False):
    return check(
        catalog,
        *(unit(key, force=None) for key in datasheets),
        forces=[],
        module=catalog.slug,
        points_limit=points_limit,
        doctrine="d",
        casual=casual,
    )


@pytest.mark.parametrize(
    ("points_limit", "heroes", "allowed"),
    [
        (374, 1, 0),  # 374 // 375 = 0: no hero below 375 points
        (375, 1, 1),  # 375 // 375 = 1
        (749, 2, 1),  # 749 // 375 = 1
        (750, 2, 2),  # 750 // 375 = 2
    ],
)
def test_one_hero_per_full_375_points_of_the_limit(points_limit, heroes, allowed):
    report = army(limited(), *["hero"] * heroes, points_limit=points_limit)

    assert per_block(points_limit, 375) == allowed
    assert total(report, "heroes") == heroes
    assert report.total("heroes").limit == allowed
    assert ("too-many-heroes" in codes(report)) is (heroes > allowed)


def test_too_many_heroes_says_how_many_and_what_to_do():
    report = army(limited(), "hero", "hero", points_limit=749)

    violation = the(report, "too-many-heroes")
    assert violation.message == (
        "The list has 2 heroes; a 749-point list may field 1 (one per full 375 points)."
    )
    assert violation.hint == "Remove 1 hero, or raise the points limit to 750."
    assert violation.units == ("u1", "u2")


@pytest.mark.parametrize(
    ("points_limit", "allowed"),
    [
        (749, 1),  # 1 + 749 // 750 = 1 + 0
        (750, 2),  # 1 + 750 // 750 = 1 + 1
        (1499, 2),  # 1 + 1499 // 750 = 1 + 1
        (1500, 3),  # 1 + 1500 // 750 = 1 + 2
    ],
)
def test_copies_of_one_datasheet_are_1_plus_1_per_full_750_points(points_limit, allowed):
    catalog = limited(units_per_points=None)
    at_most = army(catalog, *["grunt"] * allowed, points_limit=points_limit)
    one_more = army(catalog, *["grunt"] * (allowed + 1), points_limit=points_limit)

    assert copies_allowed(points_limit, 750) == allowed
    assert "too-many-copies" not in codes(at_most)
    violation = the(one_more, "too-many-copies")
    assert violation.message == (
        f"The list fields Grunt {allowed + 1} times; a {points_limit:,}-point list may field "
        f"{allowed} copies of one datasheet (1 + 1 per full 750 points)."
    )
    assert violation.hint == "Remove 1 copy of Grunt."


def test_copies_are_counted_per_datasheet():
    report = army(limited(), "grunt", "hero", points_limit=749)  # one of each: fine at 749

    assert "too-many-copies" not in codes(report)


@pytest.mark.parametrize(
    ("points_limit", "datasheet", "over"),
    [
        (1000, "block350", False),  # exactly 35%: 350 × 100 = 35 × 1000
        (1000, "block351", True),  # 351 × 100 > 35 × 1000
        (2000, "block700", False),  # exactly 35% of 2000
        (2000, "block701", True),
    ],
)
def test_no_unit_may_cost_more_than_35_percent_of_the_limit(points_limit, datasheet, over):
    report = army(limited(), datasheet, points_limit=points_limit)

    assert ("unit-over-share" in codes(report)) is over


def test_a_unit_over_the_share_is_named_with_the_cap():
    report = army(limited(), "block351", points_limit=1000)

    violation = the(report, "unit-over-share")
    assert share_cap(1000, 35) == 350
    assert violation.message == (
        "Block 351 costs 351 points, more than 35% of the 1,000-point limit (350)."
    )
    assert violation.hint == "Bring Block 351 down to 350 points or less."
    assert violation.units == ("u1",)


def share_army(points_limit: int, percent: int, price: int):
    """A list of one unit costing `price` under a `percent` share cap and no other limit."""
    catalog = game(
        "grimdark",
        slug="test-share",
        datasheets={"priced": sheet(price, category=None, name=f"Priced {price}")},
        doctrines={"d": {"name": "D"}},
        parameters={"unit_max_share": percent},
    )
    return army(catalog, "priced", points_limit=points_limit)


@settings(max_examples=40)
@given(
    points_limit=st.integers(1, 20_000),
    percent=st.integers(1, 100),
    step=st.integers(-2, 2),
)
@example(points_limit=999, percent=35, step=0)  # 35% of 999 is 349.65: 349 is within
@example(points_limit=999, percent=35, step=1)  # ...and 350 over it
@example(points_limit=1001, percent=35, step=0)  # 350.35: 350 within
@example(points_limit=1001, percent=35, step=1)  # 351 over
@example(points_limit=1375, percent=35, step=0)  # 481.25: 481 within
@example(points_limit=1375, percent=35, step=1)  # 482 over
@example(points_limit=999, percent=33, step=1)  # 329.67: 330 over
def test_the_share_cap_is_the_share_rounded_down_at_any_limit(points_limit, percent, step):
    """A unit may cost at most `percent`% of the limit, exactly, in whole points: over it when
    price / limit > percent / 100; the cap named is the dearest whole price within the share
    (at 999 points and 35%: 349, never 350). Drawn around the cap, odd limits included."""
    share = Fraction(points_limit * percent, 100)
    price = max(1, int(share) + step)

    report = share_army(points_limit, percent, price)

    over = Fraction(price) > share
    assert ("unit-over-share" in codes(report)) is over
    if over:
        hint = the(report, "unit-over-share").hint
        cap = int(re.fullmatch(r"Bring Priced \d+ down to (\d+) points or less\.", hint)[1])
        assert cap <= share < cap + 1  # the dearest whole price within the share


@pytest.mark.parametrize(
    ("points_limit", "units", "over"),
    [
        (449, 3, True),  # 449 // 150 = 2
        (450, 3, False),  # 450 // 150 = 3
        (1425, 9, False),  # 1425 // 150 = 9
        (1425, 10, True),
    ],
)
def test_one_unit_per_full_150_points_of_the_limit(points_limit, units, over):
    catalog = limited(copies_per_points=None)

    report = army(catalog, *["grunt"] * units, points_limit=points_limit)

    assert ("too-many-units" in codes(report)) is over


def test_the_issues_one_sided_list_breaks_the_unit_and_copy_limits():
    # The issue's list: 15 units, four copies of one datasheet and three heroes at 1,425 points.
    # 1425 // 150 = 9 units allowed; 1 + 1425 // 750 = 2 copies; 1425 // 375 = 3 heroes (fine).
    heroes = {
        f"hero{i}": sheet(10, category=None, name=f"Hero {i}", models=[model(rules=["hero"])])
        for i in (1, 2, 3)
    }
    others = {f"g{i}": sheet(10, category=None, name=f"G{i}") for i in range(8)}
    catalog = game(
        "grimdark",
        slug="test-limits",
        datasheets={**heroes, **others},
        doctrines={"u": {"name": "U", "universal": True}, "d": {"name": "D"}},
        parameters=LIMITS,
    )
    datasheets = [*heroes, "g0", "g0", "g0", "g0", *(f"g{i}" for i in range(1, 8)), "g1"]

    report = army(catalog, *datasheets, points_limit=1425)

    assert len(datasheets) == 15
    assert codes(report) == ["too-many-copies", "too-many-units"]
    assert the(report, "too-many-copies").units == ("u4", "u5", "u6", "u7")
    assert the(report, "too-many-units").message == (
        "The list has 15 units; a 1,425-point list may field 9 (one per full 150 points)."
    )
    assert total(report, "heroes") == 3


def test_a_casual_list_is_held_to_no_composition_limit():
    catalog = limited()
    # at 700 points: 700 // 375 = 1 hero, 1 + 700 // 750 = 1 copy, 245 points a unit, 4 units
    datasheets = ["hero", "hero", "grunt", "block351"]

    strict = army(catalog, *datasheets, points_limit=700)
    casual = army(catalog, *datasheets, points_limit=700, casual=True)

    assert sorted(set(codes(strict))) == ["too-many-copies", "too-many-heroes", "unit-over-share"]
    assert codes(casual) == []
    assert total(casual, "heroes") == 2  # the figure is still shown


def test_a_module_without_limits_has_none():
    catalog = game(
        "grimdark",
        slug="test-no-limits",
        datasheets={"grunt": sheet(10, category=None, name="Grunt")},
        doctrines={"u": {"name": "U", "universal": True}, "d": {"name": "D"}},
    )

    report = army(catalog, *["grunt"] * 12, points_limit=150)

    assert codes(report) == []
    assert report.total("heroes") is None


def test_an_empty_list_is_no_units_yet_never_legal_list():
    empty = army(limited(), points_limit=1000)
    fielded = army(limited(), "grunt", points_limit=1000)

    assert empty.verdict == "No units yet"
    assert empty.to_json()["verdict"] == "No units yet"
    assert fielded.verdict == "Legal list"
    assert army(limited(), "block351", points_limit=1000).verdict == "Not legal: 1 problem"

"""The points limit, advantage points, how a unit is priced, and casual mode."""

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
    org,
    sheet,
    take,
    the,
    total,
    unit,
)


def blocks(*points: int):
    """A catalogue with one datasheet per price: `block10` costs 10 points."""
    return forge(datasheets={f"block{p}": sheet(p) for p in points})


@pytest.mark.parametrize(
    ("cost", "legal"),
    [
        (149, True),  # one under
        (150, True),  # exactly at the limit
        (151, False),  # one over
    ],
)
def test_a_list_may_cost_up_to_its_points_limit(cost, legal):
    report = check(blocks(cost), unit(f"block{cost}"), points_limit=150)

    assert total(report, "points") == cost
    assert report.total("points").limit == 150
    assert ("points-over-limit" in codes(report)) is not legal
    assert report.legal is legal


def test_going_over_the_limit_says_by_how_much():
    report = check(blocks(100, 60), unit("block100"), unit("block60"), points_limit=150)

    violation = the(report, "points-over-limit")
    assert violation.severity == "error"
    assert violation.message == "The list costs 160 points, 10 over the limit of 150."
    assert "Remove 10 points" in violation.hint


@pytest.mark.parametrize(
    ("cost", "advantage"),
    [
        (150, 0),  # at the limit
        (146, 0),  # 4 under
        (145, 1),  # 5 under: one full 5
        (144, 1),  # 6 under
        (140, 2),  # 10 under
        (160, 0),  # over the limit earns nothing (and never a negative number)
    ],
)
def test_one_advantage_point_per_full_5_points_under_the_limit(cost, advantage):
    report = check(blocks(cost), unit(f"block{cost}"), points_limit=150)

    assert total(report, "advantage") == advantage


def test_advantage_points_follow_the_module():
    catalog = forge(datasheets={"block": sheet(140)}, parameters={"advantage_points_per": 3})

    assert total(check(catalog, unit("block"), points_limit=150), "advantage") == 3  # 10 // 3


def test_advantage_points_are_a_total_not_a_violation():
    report = check(blocks(100), unit("block100"), points_limit=150)

    assert report.total("advantage").detail == "50 points under the limit"
    assert report.violations == ()


def test_advantage_points_say_what_they_are_for_where_they_are_shown():
    """A phone shows "Advantage 13" and, on a tap, its `about`: what the points win, not only
    how they are counted (issue 42)."""
    report = check(blocks(87), unit("block87"), points_limit=150)

    about = report.total("advantage").about
    assert "63 points under" in about
    assert "wins ties on initiative and mission set-up rolls" in about


# --- how a unit is priced -------------------------------------------------------------------

SQUAD = sheet(
    20,
    models=[
        model("Sergeant", id="sergeant", weapons=["pistol"]),
        model(
            "Trooper",
            id="trooper",
            min=4,
            max=9,
            extra=3,
            weapons=["rifle"],
            options=[
                option(
                    "replace_weapon",
                    choice("carbine", points=1, id="carbine"),
                    choice("grenade", points=2, id="grenade"),
                    id="arms",
                    replace=["rifle"],
                ),
                option(
                    "add_rule",
                    choice("steady", points=2, id="steady"),
                    id="drill",
                    model_limit="all",
                ),
            ],
        ),
    ],
    options=[
        option(
            "add_rule", choice("fearless", points=1, id="fearless"), id="oath", model_limit="all"
        ),
        option(
            "replace_weapon",
            choice("sword", points=1, id="swords"),
            id="swords",
            replace=["rifle"],
            model_limit="all",
        ),
        option(
            "add_model",
            choice("hound", points=7, id="hound"),
            id="hounds",
            model_limit=2,
        ),
    ],
)
HOUND = {"hound": {"name": "Hound", "weapons": ["blade"]}}


def squad(*options, trooper: int = 4):
    catalog = forge(datasheets={"squad": SQUAD}, model_templates=HOUND)
    return check(catalog, unit("squad", models={"trooper": trooper}, options=list(options)))


@pytest.mark.parametrize(
    ("troopers", "options", "points"),
    [
        # the datasheet's price holds its models at their minimum
        (4, [], 20),
        # each model beyond the minimum costs its extra_model_points: 20 + 5 x 3
        (9, [], 35),
        # a choice costs its points once per model taking it: 20 + 3 x 1
        (4, [take("arms", "carbine", 3)], 23),
        # two choices of one option, each with its own count: 20 + 1 x 1 + 2 x 2
        (4, [take("arms", "carbine", 1), take("arms", "grenade", 2)], 25),
        # a model's "all" option is paid for every model of that type (the 4 troopers, not the
        # sergeant): 20 + 4 x 2
        (4, [take("drill", "steady")], 28),
        # ... and grows with them: 35 + 9 x 2
        (9, [take("drill", "steady")], 53),
        # a unit's "all" option that adds a rule is paid for every model of the unit: 20 + 5 x 1
        (4, [take("oath", "fearless")], 25),
        # a unit's "all" option that replaces a weapon is paid for the models carrying it
        # (the troopers' rifles, not the sergeant's pistol): 20 + 4 x 1
        (4, [take("swords", "swords")], 24),
        # models added by an option cost their price per model: 20 + 2 x 7
        (4, [take("hounds", "hound", 2)], 34),
        # ... and count for a unit's "all" option: 20 + 2 x 7 + (5 + 2) x 1
        (4, [take("hounds", "hound", 2), take("oath", "fearless")], 41),
    ],
)
def test_a_units_price_adds_extra_models_and_options(troopers, options, points):
    report = squad(*options, trooper=troopers)

    assert report.unit_points == {"u1": points}
    assert total(report, "points") == points


@pytest.mark.parametrize(
    ("troopers", "points"),
    [
        (4, 20),  # at the minimum: the datasheet's price only
        (5, 23),  # the first model beyond the minimum already costs its 3 points
        (6, 26),  # and so does the second
    ],
)
def test_the_first_extra_model_costs_its_extra_model_points(troopers, points):
    assert squad(trooper=troopers).unit_points == {"u1": points}


def test_legends_count_towards_the_points_total():
    catalog = forge(
        datasheets={"boss": sheet(30, category="hero")},
        legends={"crown": {"name": "Crown", "points": 15}},
    )

    report = check(catalog, unit("boss"), legends=[legend("crown", "u1")])

    assert total(report, "points") == 45
    assert report.unit_points == {"u1": 30}


# --- casual mode ----------------------------------------------------------------------------


def test_casual_mode_checks_only_the_points():
    catalog = forge(
        datasheets={
            "boss": sheet(60, category="hero"),
            "mob": sheet(10, models=[model("Mobster", id="mobster", min=5, max=10)]),
        },
        force_organizations={"tight": org("Tight", cost=9, hero=(0, 1), core=(2, 2))},
        legends={"crown": {"name": "Crown", "points": 5}},
    )
    broken = dict(
        # a costly force organization with too many heroes and too few core units, a unit
        # outside any force, too many models, a legend twice, and 10 points over the limit
        units=[
            unit("boss"),
            unit("boss"),
            unit("mob", force=None, models={"mobster": 11}),
        ],
        forces=[{"organization": "tight", "faction": "home"}],
        legends=[legend("crown"), legend("crown")],
        points_limit=130,
    )

    strict = check(catalog, *broken["units"], **{k: v for k, v in broken.items() if k != "units"})
    casual = check(
        catalog, *broken["units"], casual=True, **{k: v for k, v in broken.items() if k != "units"}
    )

    assert len(set(codes(strict))) > 5
    assert codes(casual) == ["points-over-limit"]
    assert "The list costs 140 points, 10 over the limit of 130." in casual.violations[0].message


def test_casual_mode_still_reports_what_the_module_lacks():
    report = check(forge(), unit("troops"), unit("dragon"), casual=True)

    assert codes(report) == ["unknown-datasheet"]


def test_casual_mode_keeps_the_points_totals():
    report = check(forge(), unit("troops"), casual=True)

    assert total(report, "points") == 20
    assert total(report, "advantage") == 26


def test_casual_mode_still_shows_strategy_points_and_legends():
    # issue 15: casual mode stops enforcing these rules, not showing them
    catalog = forge(
        force_organizations={"costly": org("Costly", cost=9, core=(0, None))},
        legends={"crown": {"name": "Crown", "points": 5}},
    )

    report = check(
        catalog,
        unit("troops"),
        forces=[{"organization": "costly", "faction": "home"}],
        legends=[legend("crown"), legend("crown")],
        casual=True,
    )

    assert total(report, "sp_income") == 4  # 1 + 150 // 50
    assert total(report, "sp_left") == -5
    assert report.total("legends").value == 2 and report.total("legends").limit == 1
    assert codes(report) == []


# --- module version -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("built_with", "warned"),
    [
        (None, False),  # an unversioned document is not warned about
        ("1.0", False),  # the module's current version
        ("0.9", True),  # an older version
    ],
)
def test_a_list_built_with_another_module_version_is_warned_about(built_with, warned):
    report = check(forge(), unit("troops"), module_version=built_with)

    assert ("module-version" in codes(report)) is warned
    if warned:
        violation = the(report, "module-version")
        assert violation.severity == "warning"
        assert "built with Test battleforge 0.9" in violation.message
        assert "now version 1.0" in violation.message
        assert report.legal

"""Strategy points, force organizations and where units are placed (Battle Forge)."""

from __future__ import annotations

import pytest

from .factories import check, codes, force, forge, org, sheet, the, total, unit

# --- strategy points ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("points_limit", "income"),
    [
        (49, 1),  # under 50: only the base point
        (50, 2),  # one full 50
        (51, 2),
        (99, 2),
        (100, 3),  # two full 50s
        (101, 3),
        (150, 4),  # the standard game: 4
    ],
)
def test_strategy_points_are_1_plus_1_per_full_50_points_of_the_limit(points_limit, income):
    report = check(forge(), points_limit=points_limit)

    assert total(report, "sp_income") == income


def test_strategy_point_income_follows_the_module():
    catalog = forge(parameters={"strategy_points_base": 2, "strategy_points_per": 40})

    assert total(check(catalog, points_limit=150), "sp_income") == 5  # 2 + 150 // 40


def costly(cost: int):
    return forge(force_organizations={"strike": org("Strike", cost=cost, core=(0, None))})


@pytest.mark.parametrize(
    ("points_limit", "cost", "left"),
    [
        (49, 1, 0),  # income 1, spent 1: nothing left, legal
        (49, 2, -1),  # income 1, spent 2: overspent
        (50, 2, 0),  # income 2
        (51, 3, -1),
        (99, 2, 0),
        (100, 3, 0),  # income 3
        (101, 4, -1),
    ],
)
def test_force_organizations_may_spend_the_whole_income_and_no_more(points_limit, cost, left):
    report = check(costly(cost), forces=[force("strike")], points_limit=points_limit)

    assert total(report, "sp_spent") == cost
    assert total(report, "sp_left") == left
    assert ("strategy-points-overspent" in codes(report)) is (left < 0)


def test_every_chosen_force_organization_costs_its_strategy_points():
    catalog = forge(
        force_organizations={
            "strike": org("Strike", cost=2, core=(0, None)),
            "guard": org("Guard", cost=1, core=(0, None)),
        }
    )

    report = check(
        catalog,
        unit("troops", force="f1"),
        unit("troops", force="f3"),
        forces=[force("strike"), force("guard"), force("strike")],
        points_limit=150,
    )

    violation = the(report, "strategy-points-overspent")
    assert violation.severity == "error"
    assert violation.message == (
        "The force organizations cost 5 strategy points, but a 150-point list earns 4 per round "
        "(1 + 1 per full 50 points)."
    )
    assert violation.hint == (
        "Drop force organizations worth 1 strategy point, or raise the points limit."
    )
    # it is about what the forces cost: it leads to the forces, not to units in them
    assert violation.forces == ("f1", "f2", "f3")
    assert violation.units == ()


def test_an_allied_force_organization_costs_strategy_points_too():
    report = check(
        costly(2),
        forces=[force("strike"), force("strike", faction="friend")],
        points_limit=100,
    )

    assert total(report, "sp_left") == -1
    assert "strategy-points-overspent" in codes(report)


# --- at least one force organization --------------------------------------------------------


def test_a_list_needs_a_force_organization():
    report = check(forge(), unit("troops", force=None), forces=[])

    violation = the(report, "no-force-organization")
    assert violation.severity == "error"
    assert violation.units == ("u1",)
    assert "no force organization" in violation.message


def test_a_force_must_name_its_force_organization():
    report = check(forge(), unit("troops"), forces=[force(None)])

    violation = the(report, "force-without-organization")
    assert violation.severity == "error"
    assert violation.units == ("u1",)
    assert "Home Guard" in violation.message


def test_one_force_organization_is_enough():
    assert check(forge(), unit("troops")).violations == ()


# --- category slots -------------------------------------------------------------------------

PATROL = org("Patrol", hero=(1, 2), core=(1, 4))


def patrol_list(heroes: int, core: int):
    catalog = forge(
        datasheets={"boss": sheet(10, category="hero"), "troops": sheet(10)},
        force_organizations={"patrol": PATROL},
    )
    units = [unit("boss")] * heroes + [unit("troops")] * core
    return check(catalog, *units, forces=[force("patrol")], points_limit=1000)


@pytest.mark.parametrize(
    ("heroes", "core", "problem"),
    [
        (1, 1, None),  # both at their minimum
        (2, 4, None),  # both at their maximum
        (0, 1, "force-org-min"),  # one hero short
        (1, 0, "force-org-min"),  # one core unit short
        (3, 1, "force-org-max"),  # one hero too many
        (1, 5, "force-org-max"),  # one core unit too many
    ],
)
def test_a_force_organization_holds_between_min_and_max_of_each_category(heroes, core, problem):
    report = patrol_list(heroes, core)

    assert codes(report) == ([problem] if problem else [])


def test_too_many_units_of_a_category_names_the_rule_and_the_units():
    report = patrol_list(3, 1)

    violation = the(report, "force-org-max")
    assert violation.severity == "error"
    assert violation.message == (
        "Force organization 'Patrol' allows at most 2 Hero units; you have 3."
    )
    assert violation.hint.startswith("Remove 1 Hero unit or move")
    assert violation.units == ("u1", "u2", "u3")


def test_too_few_units_of_a_category_says_how_many_to_add():
    report = patrol_list(1, 0)

    violation = the(report, "force-org-min")
    assert (
        violation.message == "Force organization 'Patrol' needs at least 1 Core unit; you have 0."
    )
    assert violation.hint == "Add 1 more Core unit to 'Patrol'."
    assert violation.units == ()


def test_a_category_the_force_organization_does_not_offer_is_an_error():
    catalog = forge(
        datasheets={"boss": sheet(10, category="hero"), "gun": sheet(10, category="support")},
        force_organizations={"patrol": org("Patrol", hero=(0, 2))},
    )

    report = check(catalog, unit("boss"), unit("gun"), unit("gun"), forces=[force("patrol")])

    violation = the(report, "force-org-category")
    assert violation.message == "Force organization 'Patrol' takes no Support units; you have 2."
    assert violation.units == ("u2", "u3")


def test_each_force_organization_is_counted_on_its_own():
    catalog = forge(
        datasheets={"boss": sheet(10, category="hero")},
        force_organizations={"patrol": org("Patrol", hero=(0, 1))},
    )

    report = check(
        catalog,
        unit("boss", force="f1"),
        unit("boss", force="f2"),
        forces=[force("patrol"), force("patrol")],
    )

    assert report.violations == ()


# --- placing units --------------------------------------------------------------------------


def test_a_unit_outside_every_force_organization_is_an_error():
    report = check(forge(), unit("troops"), unit("troops", force=None))

    violation = the(report, "unit-without-force")
    assert violation.severity == "error"
    assert violation.units == ("u2",)
    assert violation.message == "Unit is not in a force organization."


def test_a_unit_in_another_factions_force_organization_is_an_error():
    report = check(
        forge(),
        unit("troops", force="f2", faction="home"),
        forces=[force(), force(faction="friend")],
    )

    violation = the(report, "unit-wrong-faction")
    assert violation.units == ("u1",)
    assert "placed in a Friends force organization" in violation.message


def test_a_unit_takes_its_faction_from_its_force_organization():
    report = check(
        forge(),
        unit("troops", force="f1"),
        unit("troops", force="f2"),
        forces=[force(), force(faction="friend")],
    )

    assert report.violations == ()

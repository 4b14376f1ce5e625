"""Allied forces: who may ally with whom (Battle Forge)."""

from __future__ import annotations

import pytest

from .factories import check, codes, force, forge, the, unit


def with_ally(primary: str, ally: str):
    """A list of `primary` with one force organization of `ally`, each holding a unit."""
    return check(
        forge(),
        unit("troops", force="f1"),
        unit("troops", force="f2"),
        faction=primary,
        forces=[force(faction=primary), force(faction=ally)],
        points_limit=300,
    )


@pytest.mark.parametrize(
    ("primary", "ally", "problem"),
    [
        ("home", "friend", None),  # both in the League
        ("home", "rival", "ally-other-alliance"),  # League and Horde
        ("home", "stray", "ally-other-alliance"),  # the ally has no alliance
        ("stray", "home", "ally-other-alliance"),  # the list's faction has no alliance
        ("loner", "home", "ally-unaligned"),  # an Unaligned faction takes no allies
        ("home", "loner", "ally-unaligned"),  # and is nobody's ally
        ("sellswords", "loner", "ally-unaligned"),  # not even the Mercenaries'
        ("home", "sellswords", None),  # Mercenaries ally with anyone
        ("sellswords", "home", None),  # and anyone may ally with them
        ("sellswords", "rival", None),
        ("sellswords", "stray", None),
    ],
)
def test_who_may_ally_with_whom(primary, ally, problem):
    report = with_ally(primary, ally)

    assert codes(report) == ([problem] if problem else [])


def test_an_ally_from_another_alliance_names_both_alliances():
    violation = the(with_ally("home", "rival"), "ally-other-alliance")

    assert violation.severity == "error"
    assert violation.message == (
        "Rivals (The Horde) is not in the same alliance as Home Guard (The League)."
    )
    assert violation.hint == "Remove the Rivals force organization."
    assert violation.units == ("u2",)


def test_an_unaligned_list_is_told_it_takes_no_allies():
    violation = the(with_ally("loner", "home"), "ally-unaligned")

    assert violation.message == (
        "Loners is Unaligned and takes no allies; Home Guard cannot join it."
    )


def test_an_unaligned_ally_is_told_it_allies_with_no_one():
    violation = the(with_ally("home", "loner"), "ally-unaligned")

    assert violation.message == "Loners is Unaligned and allies with no one."
    assert violation.units == ("u2",)


def test_allied_units_go_in_their_own_force_organization():
    report = check(
        forge(),
        unit("troops", force="f1", faction="friend"),
        forces=[force(), force(faction="friend")],
    )

    violation = the(report, "unit-wrong-faction")
    assert violation.units == ("u1",)
    assert "placed in a Home Guard force organization" in violation.message


def test_a_second_force_organization_of_the_own_faction_is_not_an_ally():
    report = check(
        forge(home={"alliance": "lone"}),
        unit("troops", force="f1"),
        unit("troops", force="f2"),
        forces=[force(), force()],
    )

    assert report.violations == ()

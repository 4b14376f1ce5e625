"""Forces that share a name are told apart in every message, and messages lead to the force."""

from __future__ import annotations

import pytest

from .factories import check, force, forge, org, roster, sheet, the, unit
from .test_focus import focused


def labels(*forces: dict) -> list[str]:
    return [f.label for f in roster(forge(), forces=list(forces)).forces]


@pytest.mark.parametrize(
    ("forces", "expected"),
    [
        # a name of its own: the organization's name alone
        ([force()], ["Open"]),
        # two of one faction: numbered in list order
        ([force(), force()], ["Open (1)", "Open (2)"]),
        # two factions: each says its faction
        ([force(), force(faction="friend")], ["Open (Home Guard)", "Open (Friends)"]),
        # both at once: the faction, and a number among its own faction's
        (
            [force(), force(faction="friend"), force()],
            ["Open (Home Guard, 1)", "Open (Friends)", "Open (Home Guard, 2)"],
        ),
        # a force without an organization is a "Force", told apart the same way
        ([force(None), force(None)], ["Force (1)", "Force (2)"]),
    ],
)
def test_forces_sharing_a_name_are_told_apart(forces, expected):
    assert labels(*forces) == expected


def test_menus_say_every_forces_faction():
    forces = roster(forge(), forces=[force(), force(), force(faction="friend")]).forces

    assert [f.label_with_faction for f in forces] == [
        "Open (Home Guard, 1)",
        "Open (Home Guard, 2)",
        "Open (Friends)",
    ]


def two_patrols():
    return forge(
        datasheets={"boss": sheet(10, category="hero"), "troops": sheet(20, category="core")},
        force_organizations={"patrol": org("Patrol", hero=(1, 2), core=(0, None))},
    )


def test_a_slot_message_names_which_of_two_forces_and_leads_to_it():
    report = check(
        two_patrols(),
        unit("boss", force="f1"),
        unit("troops", force="f2"),
        forces=[force("patrol"), force("patrol")],
    )

    violation = the(report, "force-org-min")
    assert violation.message == (
        "Force organization 'Patrol (2)' needs at least 1 Hero unit; you have 0."
    )
    assert violation.hint == "Add 1 more Hero unit to 'Patrol (2)'."
    assert violation.forces == ("f2",)


def test_an_allied_force_problem_leads_to_the_allied_force():
    report = check(
        forge(),
        unit("troops", force="f1"),
        unit("troops", force="f2"),
        forces=[force(), force(faction="rival")],
        points_limit=300,
    )

    assert the(report, "ally-other-alliance").forces == ("f2",)


def test_a_focus_only_unit_says_which_force_chooses_the_focus():
    report = check(
        focused(),
        unit("watchmen", force="f2"),
        forces=[force(focus="watch"), force()],
        version=2,
    )

    violation = the(report, "focus-only-unit")
    assert violation.hint == "Choose the Town Watch focus for 'Open (2)', or remove the unit."
    assert violation.forces == ("f2",)

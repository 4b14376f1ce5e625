"""A focus per force organization (issue 15, defect 10): "Any force can choose a focus"."""

from __future__ import annotations

import pytest

from forgebuilder.lists import edits

from .factories import check, choice, codes, force, forge, legend, option, sheet, take, the, unit
from .test_focus import FOCUSES, focused

FRIEND_FOCUSES = {
    "scouts": {"name": "Far Scouts"},
    "wall": {"name": "Shield Wall", "restricted": True},
}


def with_friends():
    friend = {
        "name": "Friends",
        "alliance": "league",
        "focuses": FRIEND_FOCUSES,
        "datasheets": {
            "rangers": sheet(10, name="Rangers", focuses=["scouts"]),
            "spears": sheet(10, name="Spears", focuses=["none"]),
        },
    }
    return focused(factions={"friend": friend})


def test_each_force_checks_its_units_against_its_own_focus():
    report = check(
        focused(),
        unit("watchmen", force="f1"),
        unit("levies", force="f2"),
        forces=[force(focus="watch"), force(focus="levy")],
    )

    assert codes(report) == []


def test_a_unit_answers_to_its_force_focus_not_another_forces():
    report = check(
        focused(),
        unit("watchmen", force="f1"),
        unit("watchmen", force="f2"),
        forces=[force(focus="watch"), force(focus="levy")],
        version=2,
    )

    violation = the(report, "focus-forbids-unit")
    assert violation.units == ("u2",)
    assert violation.message == "The Levy focus does not allow Watchmen."


def test_a_version_2_list_focus_is_only_the_default_of_new_forces():
    # the force names no focus of its own: its units have none, whatever the list's default
    report = check(focused(), unit("watchmen", force="f1"), focus="watch", version=2)

    assert codes(report) == ["focus-only-unit"]


@pytest.mark.parametrize(
    ("allied", "focus", "code", "message"),
    [
        pytest.param("rangers", "scouts", None, None, id="its own faction's focus"),
        pytest.param(
            "rangers", None, "focus-only-unit", "Only the Far Scouts focus may take Rangers.",
            id="without the focus its units need",
        ),
        pytest.param(
            "spears", "wall", "focus-forbids-unit", "The Shield Wall focus does not allow Spears.",
            id="a restricted focus forbids its units",
        ),
        pytest.param(
            None, "watch", "unknown-focus", "Friends has no focus 'watch'.",
            id="not the list faction's focus",
        ),
    ],
)  # fmt: skip
def test_an_allied_force_answers_to_its_own_factions_focuses(allied, focus, code, message):
    units = [unit("regulars", force="f1"), *([unit(allied, force="f2")] if allied else [])]
    forces = [force(), force(faction="friend", focus=focus)]

    report = check(with_friends(), *units, forces=forces, version=2)

    if code is None:
        assert codes(report) == []
    else:
        assert the(report, code).message == message


def test_an_option_follows_its_units_force_focus():
    drilled = sheet(
        10,
        name="Regulars",
        options=[option("add_rule", choice("steady", id="steady"), id="drill", focuses=["watch"])],
    )
    catalog = forge(datasheets={"regulars": drilled}, home={"focuses": FOCUSES})

    report = check(
        catalog,
        unit("regulars", force="f1", options=[take("drill", "steady")]),
        unit("regulars", force="f2", options=[take("drill", "steady")]),
        forces=[force(focus="watch"), force()],
        version=2,
    )

    assert the(report, "option-focus").units == ("u2",)


def test_a_legend_follows_the_focus_of_the_force_of_its_unit():
    catalog = focused(legends={"pike": {"name": "The Long Pike", "points": 5, "focuses": ["levy"]}})

    def pike_on(holder: str):
        return check(
            catalog,
            unit("regulars", force="f1"),
            unit("regulars", force="f2"),
            forces=[force(focus="watch"), force(focus="levy")],
            legends=[legend("pike", holder)],
            version=2,
        )

    on_levy, on_watch = pike_on("u2"), pike_on("u1")

    assert "legend-focus" not in codes(on_levy)
    assert the(on_watch, "legend-focus").message == (
        "The Long Pike is not available with the Town Watch focus."
    )


def test_strategies_of_every_forces_focus_are_open():
    catalog = focused(
        home={"strategies": {"patrol": {"name": "Night Patrol", "cost": 2, "focuses": ["watch"]}}}
    )

    report = check(
        catalog,
        unit("regulars", force="f1"),
        forces=[force(), force(focus="watch")],
        version=2,
    )

    assert [name for name, _ in dict(report.notes)["Strategies"]] == ["Night Patrol"]


# --- edits ------------------------------------------------------------------------------------


def test_a_new_force_of_the_lists_faction_takes_the_lists_focus():
    catalog = with_friends()
    document = edits.new_document(
        catalog, faction="home", name="Watch", points_limit=150, casual=False, focus="watch"
    )

    document, own = edits.add_force(document, catalog, organization="open", faction="home")
    document, allied = edits.add_force(document, catalog, organization="open", faction="friend")

    assert document.force("f1").focus == "watch"  # the first force, made with the list
    assert document.force(own).focus == "watch"
    assert document.force(allied).focus is None


def test_changing_the_lists_focus_moves_the_forces_that_had_the_old_default():
    catalog = focused()
    document = edits.new_document(
        catalog, faction="home", name="Watch", points_limit=150, casual=False, focus="watch"
    )
    document, second = edits.add_force(document, catalog, organization="open", faction="home")
    document = edits.set_force_focus(document, catalog, force_id=second, focus="levy")

    document = edits.update_settings(
        document, catalog, name="Watch", points_limit=150, focus=None, casual=False
    )

    assert document.focus is None
    assert [f.focus for f in document.forces] == [None, "levy"]  # its own choice stays

"""A focus per force organization (issue 15, defect 10): "Any force can choose a focus"."""

from __future__ import annotations

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


def test_an_allied_force_may_take_its_own_factions_focus():
    report = check(
        with_friends(),
        unit("regulars", force="f1"),
        unit("rangers", force="f2"),
        forces=[force(), force(faction="friend", focus="scouts")],
        version=2,
    )

    assert codes(report) == []


def test_an_allied_force_without_its_focus_may_not_take_its_focus_units():
    report = check(
        with_friends(),
        unit("regulars", force="f1"),
        unit("rangers", force="f2"),
        forces=[force(), force(faction="friend")],
        version=2,
    )

    assert the(report, "focus-only-unit").message == "Only the Far Scouts focus may take Rangers."


def test_an_allied_restricted_focus_forbids_its_units():
    report = check(
        with_friends(),
        unit("regulars", force="f1"),
        unit("spears", force="f2"),
        forces=[force(), force(faction="friend", focus="wall")],
        version=2,
    )

    assert (
        the(report, "focus-forbids-unit").message == "The Shield Wall focus does not allow Spears."
    )


def test_an_allied_force_may_not_take_the_list_factions_focus():
    report = check(
        with_friends(),
        unit("regulars", force="f1"),
        forces=[force(), force(faction="friend", focus="watch")],
        version=2,
    )

    assert the(report, "unknown-focus").message == "Friends has no focus 'watch'."


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

    on_levy = check(
        catalog,
        unit("regulars", force="f1"),
        unit("regulars", force="f2"),
        forces=[force(focus="watch"), force(focus="levy")],
        legends=[legend("pike", "u2")],
        version=2,
    )
    on_watch = check(
        catalog,
        unit("regulars", force="f1"),
        unit("regulars", force="f2"),
        forces=[force(focus="watch"), force(focus="levy")],
        legends=[legend("pike", "u1")],
        version=2,
    )

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

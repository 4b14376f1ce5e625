"""Issue 25, items 3 and 5: each force brings the strategies of its own faction and focus, marked
with the force they come from; a list with allied forces is reminded once that abilities target
only units of the user's faction (Battle Forge core rules, "Ability Targets")."""

from __future__ import annotations

from forgebuilder.engine.rules.checks.strategies import ALLIED_ABILITIES, offered_strategies

from .factories import OPEN, check, force, forge, org, roster, unit

ALLIED = org("Allied Contingent", cost=1, core=(0, None))

HOME_STRATEGIES = {"rally": {"name": "Rally", "cost": 1, "phase": "activation"}}
FRIEND = {
    "name": "Friends",
    "alliance": "league",
    "datasheets": {"troops": {"name": "Friends", "points": 20, "models": [{"name": "F"}]}},
    "focuses": {"tide": {"name": "Tide"}},
    "strategies": {
        # the friends' own strategy, and one their Tide focus unlocks
        "ambush": {"name": "Ambush", "cost": 2, "phase": "pre_game"},
        "undertow": {"name": "Undertow", "cost": 1, "focuses": ["tide"]},
    },
}


def catalog(**fields):
    return forge(
        home={"strategies": HOME_STRATEGIES},
        factions={"friend": FRIEND},
        force_organizations={"open": OPEN, "allied": ALLIED},
        **fields,
    )


def allied_list(*, focus: str | None = None):
    """The home faction's Open force and an Allied Contingent of Friends, a unit in each."""
    forces = [force(), force("allied", faction="friend", focus=focus)]
    units = [unit("troops"), unit("troops", force="f2", faction="friend")]
    return catalog(), forces, units


def test_a_list_without_allies_offers_its_own_factions_strategies_unmarked():
    report = check(catalog(), unit("troops"))

    assert dict(report.notes)["Strategies"] == (("Rally", "1 SP · activation"),)
    assert "Allied forces" not in dict(report.notes)


def test_an_allied_force_brings_its_factions_strategies_marked_with_the_force():
    cat, forces, units = allied_list()

    report = check(cat, *units, forces=forces)

    assert dict(report.notes)["Strategies"] == (
        ("Rally", "1 SP · activation"),
        ("Ambush", "2 SP · pre game · from Allied Contingent (Friends)"),
    )
    references = dict(report.references)["Strategies"]
    assert [(r.name, r.note) for r in references][1] == (
        "Ambush",
        "pre game · from Allied Contingent (Friends)",
    )


def test_an_allied_forces_own_focus_unlocks_its_focus_strategies():
    cat, forces, units = allied_list(focus="tide")

    offered = offered_strategies(roster(cat, *units, forces=forces))

    assert [(s.spec.name, s.faction_key, s.source) for s in offered] == [
        ("Rally", "home", ""),
        ("Ambush", "friend", "Allied Contingent (Friends)"),
        ("Undertow", "friend", "Allied Contingent (Friends)"),
    ]
    assert offered[2].note() == "focus strategy · from Allied Contingent (Friends)"


def test_the_primary_factions_focus_does_not_unlock_an_allys_focus_strategies():
    # the allied force has no focus: Undertow stays locked even if the list had one named "tide"
    cat, forces, units = allied_list(focus=None)

    names = [s.spec.name for s in offered_strategies(roster(cat, *units, forces=forces))]

    assert "Undertow" not in names


def test_a_strategy_the_module_gives_every_faction_is_offered_once():
    cat = catalog(strategies={"hold": {"name": "Hold Fast", "cost": 1}})
    forces = [force(), force("allied", faction="friend")]

    offered = offered_strategies(
        roster(cat, unit("troops"), unit("troops", force="f2", faction="friend"), forces=forces)
    )

    assert [s.spec.name for s in offered].count("Hold Fast") == 1
    assert next(s for s in offered if s.spec.name == "Hold Fast").source == ""


def test_a_list_with_allies_is_reminded_once_that_abilities_target_only_the_users_faction():
    cat, forces, units = allied_list()

    report = check(cat, *units, forces=forces)

    assert dict(report.notes)["Allied forces"] == (("Ability targets", ALLIED_ABILITIES),)
    (reminder,) = dict(report.references)["Allied forces"]
    assert reminder.text == ALLIED_ABILITIES
    assert reminder.note == "Home Guard · Friends"
    assert [h for h, _ in report.references].count("Allied forces") == 1

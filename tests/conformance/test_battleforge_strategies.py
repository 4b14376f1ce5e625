"""Battle Forge strategies, from seeds/battle-forge-core-rules.md ("Pre-game Strategies",
"Force Focus", "Ability Targets"), through `validate_list --json`."""

from __future__ import annotations

import pytest

from .conftest import codes, document, model, totals

STATS = {"movement": 6, "accuracy": 5, "strength": 5, "save": 5, "initiative": 5, "courage": 6}
ABILITY_TARGETS = (
    "An ability that targets friendly units targets only units of its user's own faction: "
    "allied units neither give such abilities to the army's units nor take them from them."
)


def troops(name: str) -> dict:
    return {"name": name, "category": "core", "points": 20, "models": [model(name, STATS)]}


MODULE = {
    "format": 1,
    "slug": "spec-strategies",
    "name": "Spec Strategies",
    "version": "1",
    "ruleset": "battleforge",
    "categories": {"core": "Core"},
    "alliances": {"league": {"name": "The League"}},
    "force_organizations": {
        "patrol": {"name": "Patrol", "cost": 0, "slots": {"core": {"min": 1, "max": None}}},
        "allies": {"name": "Allied Band", "cost": 1, "slots": {"core": {"min": 1, "max": None}}},
    },
    "factions": {
        "home": {
            "name": "Home Guard",
            "alliance": "league",
            "datasheets": {"troops": troops("Regulars")},
            "strategies": {
                "scout": {"name": "Scout Ahead", "cost": 1, "phase": "pre_game"},
                "dig": {"name": "Dig In", "cost": 2, "phase": "pre_game"},
                "rally": {"name": "Rally", "cost": 1, "phase": "activation"},
            },
        },
        "friend": {
            "name": "Friends",
            "alliance": "league",
            "focuses": {"tide": {"name": "Tide"}},
            "datasheets": {"troops": troops("Friends")},
            "strategies": {
                "ambush": {"name": "Ambush", "cost": 1, "phase": "pre_game"},
                "undertow": {"name": "Undertow", "cost": 1, "focuses": ["tide"]},
            },
        },
    },
}


@pytest.fixture(autouse=True)
def module(load):
    load(MODULE)


def forge_list(*, allies: bool = False, ally_focus: str | None = None, **fields) -> dict:
    forces = [{"id": "f1", "organization": "patrol", "faction": "home"}]
    units = [{"datasheet": "troops", "force": "f1"}]
    if allies:
        forces.append(
            {"id": "f2", "organization": "allies", "faction": "friend", "focus": ally_focus}
        )
        units.append({"datasheet": "troops", "force": "f2", "faction": "friend"})
    return document("spec-strategies", "home", units, forces=forces, **fields)


def notes(report: dict) -> dict[str, list[tuple[str, str]]]:
    return {n["heading"]: [(i["name"], i["note"]) for i in n["items"]] for n in report["notes"]}


@pytest.mark.parametrize(
    ("points_limit", "legal"),
    [
        (100, True),  # 1 + 100 // 50 = 3 a round: Scout Ahead 1 + Dig In 2 = 3, all of round 1
        (99, False),  # 1 + 99 // 50 = 2 a round: one short
    ],
)
def test_pre_game_strategies_are_paid_from_the_first_rounds_income(validate, points_limit, legal):
    """Pre-game Strategies: "spend strategy points from your first-round strategy point
    income"; "those points will be unavailable for the first game round"."""
    chosen = [{"strategy": "scout"}, {"strategy": "dig"}]

    report = validate(forge_list(points_limit=points_limit, pre_game_strategies=chosen))

    assert (codes(report) == []) is legal
    assert totals(report)["sp_round_one"]["value"] == (1 + points_limit // 50) - 3
    assert totals(report)["sp_income"]["value"] == 1 + points_limit // 50  # later rounds


def test_an_allied_force_brings_its_factions_strategies_and_its_focus_ones(validate):
    """Force Focus: "choosing a focus typically unlocks specific strategies for that force"."""
    report = validate(forge_list(allies=True, ally_focus="tide", points_limit=150))

    assert notes(report)["Strategies"] == [
        ("Scout Ahead", "1 SP · pre game"),
        ("Dig In", "2 SP · pre game"),
        ("Rally", "1 SP · activation"),
        ("Ambush", "1 SP · pre game · from Allied Band (Friends)"),
        ("Undertow", "1 SP · focus strategy · from Allied Band (Friends)"),
    ]


def test_an_allied_pre_game_strategy_needs_the_allied_force(validate):
    chosen = [{"strategy": "ambush", "faction": "friend"}]

    with_allies = validate(forge_list(allies=True, pre_game_strategies=chosen, points_limit=150))
    alone = validate(forge_list(pre_game_strategies=chosen, points_limit=150))

    assert codes(with_allies) == []
    assert codes(alone) == ["pre-game-not-offered"]


def test_a_list_with_allies_is_reminded_that_abilities_target_only_the_users_faction(validate):
    """Ability Targets: "Those units must be from the same faction as the user of the ability"."""
    with_allies = validate(forge_list(allies=True, points_limit=150))
    alone = validate(forge_list(points_limit=150))

    assert notes(with_allies)["Allied forces"] == [("Ability targets", ABILITY_TARGETS)]
    assert "Allied forces" not in notes(alone)

"""Issue 25, item 2: pre-game strategies (Battle Forge core rules, "Pre-game Strategies") are
chosen from those the list's forces offer and paid from the first round's strategy points, which
the totals show as "Strategy points in round 1" beside the points per round."""

from __future__ import annotations

import pytest

from forgebuilder.engine.rules.checks.strategies import is_pre_game
from forgebuilder.lists import edits

from .factories import OPEN, check, codes, force, forge, org, the, total, unit

ALLIED = org("Allied Contingent", cost=1, core=(0, None))
STRATEGIES = {
    "scout": {"name": "Scout Ahead", "cost": 1, "phase": "pre_game"},
    "dig": {"name": "Dig In", "cost": 2, "phase": "Pre-Game"},  # as imported modules name it
    "rally": {"name": "Rally", "cost": 1, "phase": "activation"},
}
FRIEND = {
    "name": "Friends",
    "alliance": "league",
    "datasheets": {
        "troops": {"name": "Friends", "category": "core", "points": 20, "models": [{"name": "F"}]}
    },
    "strategies": {"ambush": {"name": "Ambush", "cost": 1, "phase": "pre_game"}},
}


def catalog():
    return forge(
        home={"strategies": STRATEGIES},
        factions={"friend": FRIEND},
        force_organizations={"open": OPEN, "allied": ALLIED},
    )


def chosen(*pairs: tuple[str, str | None]) -> list[dict]:
    return [{"strategy": key, "faction": faction} for key, faction in pairs]


def report(*pairs, points_limit: int = 150, allies: bool = False, **fields):
    forces = [force()] + ([force("allied", faction="friend")] if allies else [])
    units = [unit("troops")] + ([unit("troops", force="f2", faction="friend")] if allies else [])
    return check(
        catalog(),
        *units,
        forces=forces,
        points_limit=points_limit,
        pre_game_strategies=chosen(*pairs),
        **fields,
    )


@pytest.mark.parametrize(
    ("phase", "pre_game"),
    [
        ("pre_game", True),
        ("Pre-Game", True),
        ("pregame", True),
        ("activation", False),
        (None, False),
    ],
)
def test_a_strategy_is_pre_game_by_its_phase(phase, pre_game):
    from factions.gamedata.schemas import StrategySpec

    assert is_pre_game(StrategySpec(name="S", phase=phase)) is pre_game


def test_round_one_shows_the_income_left_after_force_organizations_and_pre_game_strategies():
    # 150 points: 1 + 150 // 50 = 4 per round; Open costs 0; Scout Ahead 1 + Dig In 2 = 3
    r = report(("scout", None), ("dig", None))

    assert total(r, "sp_income") == 4
    assert total(r, "sp_left") == 4  # every later round
    assert total(r, "sp_round_one") == 1  # 4 − 3
    assert r.total("sp_round_one").detail == "4 − 3 for pre-game strategies"
    assert r.errors == ()
    assert dict(r.notes)["Pre-game strategies"] == (("Scout Ahead", "1 SP"), ("Dig In", "2 SP"))


def test_without_pre_game_strategies_round_one_has_the_whole_income():
    r = report()

    assert total(r, "sp_round_one") == total(r, "sp_left") == 4
    assert r.total("sp_round_one").detail == ""


@pytest.mark.parametrize(
    ("points_limit", "over"),
    [
        (100, False),  # 1 + 100 // 50 = 3 per round: Scout 1 + Dig 2 = 3 is exactly affordable
        (99, True),  # 1 + 99 // 50 = 2 per round: 3 is one too many
    ],
)
def test_pre_game_strategies_may_spend_the_first_rounds_income_and_no_more(points_limit, over):
    r = report(("scout", None), ("dig", None), points_limit=points_limit)

    assert ("pre-game-overspent" in codes(r)) is over


def test_overspending_is_said_in_players_words():
    # 99 points: 2 per round, the allied contingent costs 1: 1 left for round 1; Dig In costs 2
    r = report(("dig", None), points_limit=99, allies=True)

    violation = the(r, "pre-game-overspent")
    assert violation.message == (
        "The pre-game strategies cost 2 strategy points, but round 1 has only 1 to spend "
        "(2 per round − 1 for force organizations)."
    )
    assert violation.hint == "Drop pre-game strategies worth 1 strategy points."
    assert total(r, "sp_round_one") == -1


def test_a_strategy_used_during_the_game_is_no_pre_game_strategy():
    assert "not-pre-game" in codes(report(("rally", None)))


def test_an_allied_force_offers_its_factions_pre_game_strategies():
    with_allies = report(("ambush", "friend"), allies=True)
    without = report(("ambush", "friend"))

    assert with_allies.errors == ()
    assert dict(with_allies.notes)["Pre-game strategies"] == (
        ("Ambush", "1 SP · from Allied Contingent (Friends)"),
    )
    assert the(without, "pre-game-not-offered").message == (
        "No force of this list offers Ambush (a strategy of Friends)."
    )


def test_a_casual_list_is_not_held_to_its_round_one_income():
    r = report(("scout", None), ("dig", None), points_limit=99, casual=True)

    assert codes(r) == []
    assert total(r, "sp_round_one") == -1  # still shown


def test_the_edit_keeps_each_strategy_once_and_refuses_others():
    cat = catalog()
    doc = edits.new_document(cat, faction="home", name="L", points_limit=150, casual=False)

    doc = edits.set_pre_game_strategies(
        doc, cat, chosen=[("home", "scout"), ("home", "scout"), ("friend", "ambush")]
    )

    assert [(s.strategy, s.faction) for s in doc.pre_game_strategies] == [
        ("scout", None),
        ("ambush", "friend"),
    ]
    with pytest.raises(edits.EditError, match=r"Rally is not a pre-game strategy\."):
        edits.set_pre_game_strategies(doc, cat, chosen=[("home", "rally")])
    with pytest.raises(edits.EditError, match=r"There is no strategy 'nope'\."):
        edits.set_pre_game_strategies(doc, cat, chosen=[("home", "nope")])

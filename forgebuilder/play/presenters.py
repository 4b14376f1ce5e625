"""What the tracker page shows: every counter with its value and limits, each unit's row with
its losses and statuses, its card, and the rules to remember at each phase."""

from __future__ import annotations

from . import tracker
from .models import Game
from .selectors import opponent_counters
from .services import played_list
from .sheet import phase_titles, unit_cards


def tracker_page(game: Game) -> dict:
    sheet, values = game.sheet, game.state["values"]
    roster, report = played_list(game)
    cards = unit_cards(roster=roster, report=report)
    return {
        "game": game,
        "sheet": sheet,
        "round": values["round"],
        "counters": [dict(c, value=values.get(c["key"], 0)) for c in sheet["counters"]],
        "pools": [_pool(p, values) for p in sheet["pools"]],
        "spends": sheet["spends"],
        "units": [_unit(u, sheet, game.state, cards.get(u["id"])) for u in sheet["units"]],
        "round_reminders": _round_reminders(sheet),
        "undo_label": game.state["undo"][-1]["label"] if game.state["undo"] else "",
        "opponent": opponent_counters(game),
        "tracker_data": {
            "game": game.public_id,
            "sheet": sheet,
            "state": game.state,
            "version": game.version,
        },
    }


def _pool(pool: dict, values: dict) -> dict:
    size = tracker.pool_size(pool, values["round"])
    spent = values.get(f"{pool['key']}.spent", 0)
    return dict(pool, size=size, spent=spent, left=size - spent)


def _unit(unit: dict, sheet: dict, state: dict, card) -> dict:
    values = state["values"]
    prefix = f"u.{unit['id']}."
    statuses = [
        dict(s, path=prefix + s["key"], value=values.get(prefix + s["key"], 0))
        for s in sheet["statuses"]
    ]
    return dict(
        unit,
        lost=values.get(prefix + "lost", 0),
        wounds_taken=values.get(prefix + "wounds", 0),
        statuses=statuses,
        destroyed=tracker.destroyed(state, unit),
        phase_reminders=[
            {"phase": phase, "title": title, "rules": unit["reminders"][phase]}
            for phase, title in phase_titles().items()
            if phase != "round" and unit["reminders"].get(phase)
        ],
        card=card,
    )


def _round_reminders(sheet: dict) -> list[dict]:
    """Rules of the player's units that act at the start of a round, by unit."""
    return [
        {"unit": f"{u['name']} ({u['number']})", "rules": u["reminders"]["round"]}
        for u in sheet["units"]
        if u["reminders"].get("round")
    ]

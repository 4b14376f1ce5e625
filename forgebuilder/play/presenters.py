"""What the tracker page shows: every counter with its value and limits, each unit's row with
its losses and statuses, its card, and the rules to remember at each phase."""

from __future__ import annotations

from django.core.cache import cache
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe

from . import tracker
from .foreign import foreign_cards
from .models import Game
from .selectors import opponent_counters
from .services import played_list
from .sheet import PHASE_TITLES, unit_cards

CARDS_KEPT = 7 * 24 * 3600  # a game's cards never change: its list is the one it started with


def tracker_page(game: Game) -> dict:
    sheet, values = game.sheet, game.state["values"]
    cards = _cards_html(game)
    return {
        "game": game,
        "sheet": sheet,
        "round": values["round"],
        "game_over": tracker.game_over(game.state, sheet),
        "last_round": sheet.get("last_round"),  # None in games started before it was kept
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
            "state": tracker.for_device(game.state),
            "version": game.version,
            "finished": game.finished,
        },
    }


def _cards_html(game: Game) -> dict[str, str]:
    """Each unit's card as drawn HTML, by unit id: drawn once per game and kept (a game's list
    and its module revision are fixed when it starts), so a tap's page is not a list's render."""
    if game.module is None:  # a foreign roster's game: the roster's own cards
        return foreign_cards(game.document)
    key = f"play-cards:{game.public_id}:{game.module.revision}"
    cards = cache.get(key)
    if cards is None:
        roster, report = played_list(game)
        cards = {
            unit_id: render_to_string(
                "factions/partials/card.html",
                {"card": card, "card_id": f"play-{unit_id}", "open_rules": True},
            )
            for unit_id, card in unit_cards(roster=roster, report=report).items()
        }
        cache.set(key, cards, CARDS_KEPT)
    return cards


def _pool(pool: dict, values: dict) -> dict:
    gained = values.get(f"{pool['key']}.gained", 0)
    size = tracker.pool_size(pool, values["round"], gained)
    spent = values.get(f"{pool['key']}.spent", 0)
    return dict(pool, size=size, spent=spent, left=size - spent, gained=gained,
                gain=pool.get("gain", 0))  # fmt: skip


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
        wounds_label=unit.get("wounds_label", "Wounds"),
        morale=unit.get("morale", 0),
        statuses=[s for s in statuses if not s.get("fold")],
        folded=[s for s in statuses if s.get("fold")],
        destroyed=tracker.destroyed(state, unit),
        phase_reminders=[
            {"phase": phase, "title": title, "rules": unit["reminders"][phase]}
            for phase, title in PHASE_TITLES.items()
            if phase != "round" and unit["reminders"].get(phase)
        ],
        card_html=mark_safe(card) if card else "",  # drawn by the card template, escaped there
    )


def _round_reminders(sheet: dict) -> list[dict]:
    """Rules of the player's units that act at the start of a round, by unit."""
    return [
        {"unit": f"{u['name']} ({u['number']})", "rules": u["reminders"]["round"]}
        for u in sheet["units"]
        if u["reminders"].get("round")
    ]

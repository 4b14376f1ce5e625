"""Reads of games: a player's own, by address; the opponent's linked counters."""

from __future__ import annotations

from django.urls import reverse
from django.utils import timezone

from forgebuilder.refusals import NotFound

from .models import Game
from .tracker import destroyed


def games_of(*, player) -> list[Game]:
    return list(Game.objects.filter(player=player).select_related("module", "opponent__player"))


def game_of(*, player, public_id: str) -> Game:
    """The player's game; 404 for anyone else's (an address is never proof of ownership)."""
    return _owned(Game.objects.select_related("module"), player, public_id)


def game_ref(*, player, public_id: str) -> Game:
    """The player's game without its sheet and state (a write reads them on the locked row)."""
    return _owned(Game.objects.only("pk", "player_id"), player, public_id)


def _owned(games, player, public_id: str) -> Game:
    game = games.filter(player=player, public_id=public_id).first()
    if game is None:
        raise NotFound(
            "No game of yours has this address.",
            "It may belong to another account, or it was deleted.",
            (reverse("play:games"), "Your games"),
        )
    return game


def game_by_link_code(code: str) -> Game:
    game = Game.objects.filter(link_code=code).select_related("player").first()
    if game is None:
        raise NotFound(
            "No game has this link.",
            "Ask your opponent to show their game's link or code again.",
        )
    return game


def opponent_counters(game: Game) -> dict | None:
    """What the linked opponent's game shows: its name, sheet counters and values (read-only),
    and when they were read (`as_of`: a phone offline shows them as they were then)."""
    other = game.opponent
    if other is None:
        return None
    values = other.state["values"]
    return {
        "player": other.player.get_username(),
        "list": other.name,
        "round": values.get("round", 1),
        "vp": values.get("vp", 0),
        "counters": [
            {"label": c["label"], "value": values.get(c["key"], 0)} for c in other.sheet["counters"]
        ],
        "pools": [
            {"label": p["label"], "spent": values.get(f"{p['key']}.spent", 0)}
            for p in other.sheet["pools"]
        ],
        "destroyed": sum(1 for u in other.sheet["units"] if destroyed(other.state, u)),
        "units": len(other.sheet["units"]),
        "finished": other.finished,
        "as_of": timezone.now(),
    }

"""A finished tracker game in the plain values the apps it was played for read
(forgebuilder/outcomes.py): the tracker knows counters and units, they know missions and
rounds, and neither names the other's models."""

from __future__ import annotations

from forgebuilder.outcomes import FinishedGame, PlayedSide

from . import tracker
from .models import Game


def played_side(game: Game, *, username: str) -> PlayedSide:
    """One player's game as its tracker stands: result, victory points, counters, units."""
    units = game.sheet["units"]
    return PlayedSide(
        player_id=game.player_id,
        username=username,
        result=game.result,
        vp=game.state["values"].get("vp", 0),
        values=game.state["values"],
        units=tuple(u["id"] for u in units),
        destroyed=frozenset(u["id"] for u in units if tracker.destroyed(game.state, u)),
        mission_id=game.mission_id,
        event_game_id=game.event_game_id,
    )


def finished_game(game: Game, *, player) -> FinishedGame:
    """What `game`, just finished by `player`, tells: their side, the VP they typed for the
    opponent, and the opponent's linked game, read when a feed asks (once it holds its locks)."""

    def linked() -> PlayedSide | None:
        other = Game.objects.select_related("player").filter(pk=game.opponent_id).first()
        if other is None:
            return None
        return played_side(other, username=other.player.get_username())

    mine = played_side(game, username=player.get_username())
    return FinishedGame(player=player, mine=mine, opponent_vp=game.opponent_vp, linked=linked)

"""Standings from the games played: tournament points, then the organiser's tie-breakers in order.

Pure Python: the services give it the games and the scoring, the pages show what it returns.
A game's result is its victory points; who won them is decided in one home for every app
(forgebuilder/outcomes.py: more victory points win, equal is a draw). A bye counts
as a win with no victory points, and is left out of strength of schedule.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from forgebuilder import outcomes

# The tie-breakers an organiser can choose from, in players' words.
TIEBREAKERS: dict[str, str] = {
    "points": "Tournament points",
    "wins": "Wins",
    "vp_diff": "Victory-point difference",
    "vp_for": "Victory points scored",
    "sos": "Strength of schedule (opponents' tournament points)",
}
DEFAULT_TIEBREAKERS = ("points", "sos", "vp_diff")


@dataclass(frozen=True)
class Scoring:
    win: int = 3
    draw: int = 1
    loss: int = 0
    tiebreakers: tuple[str, ...] = DEFAULT_TIEBREAKERS

    def __post_init__(self) -> None:
        unknown = [key for key in self.tiebreakers if key not in TIEBREAKERS]
        if unknown:
            raise ValueError(f"unknown tie-breaker {unknown[0]!r}")


@dataclass(frozen=True)
class Game:
    round: int
    first: str
    second: str | None  # None: `first` had the bye
    first_vp: int = 0
    second_vp: int = 0


@dataclass
class Standing:
    key: str
    rank: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    byes: int = 0
    points: int = 0
    vp_for: int = 0
    vp_against: int = 0
    sos: int = 0
    opponents: list[str] = field(default_factory=list)
    path: list[str] = field(default_factory=list)

    @property
    def vp_diff(self) -> int:
        return self.vp_for - self.vp_against

    @property
    def played(self) -> int:
        return self.wins + self.draws + self.losses

    def value(self, tiebreaker: str) -> int:
        return int(getattr(self, tiebreaker))


def standings(*, players: Iterable[str], games: Sequence[Game], scoring: Scoring) -> list[Standing]:
    """Every player ranked; players equal on every tie-breaker share a rank."""
    table = {key: Standing(key=key) for key in players}
    for game in sorted(games, key=lambda g: g.round):
        _record(table, game, scoring)
    for row in table.values():
        row.sos = sum(table[o].points for o in row.opponents if o in table)
    ordered = sorted(table.values(), key=lambda r: _sort_key(r, scoring))
    previous: tuple[int, ...] | None = None
    for place, row in enumerate(ordered, start=1):
        key = tuple(row.value(t) for t in scoring.tiebreakers)
        row.rank = ordered[place - 2].rank if key == previous else place
        previous = key
    return ordered


def _sort_key(row: Standing, scoring: Scoring) -> tuple:
    return (*(-row.value(t) for t in scoring.tiebreakers), row.key)


def _record(table: dict[str, Standing], game: Game, scoring: Scoring) -> None:
    first = table[game.first]
    if game.second is None:
        first.byes += 1
        first.wins += 1
        first.points += scoring.win
        first.path.append("B")
        return
    second = table[game.second]
    decided = outcomes.outcome(game.first_vp, game.second_vp)
    for side, me, them, mine, theirs in (
        (0, first, second, game.first_vp, game.second_vp),
        (1, second, first, game.second_vp, game.first_vp),
    ):
        me.opponents.append(them.key)
        me.vp_for += mine
        me.vp_against += theirs
        result = decided.result_of(side)
        if result == outcomes.WIN:
            me.wins += 1
            me.points += scoring.win
            me.path.append("W")
        elif result == outcomes.DRAW:
            me.draws += 1
            me.points += scoring.draw
            me.path.append("D")
        else:
            me.losses += 1
            me.points += scoring.loss
            me.path.append("L")

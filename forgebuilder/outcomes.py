"""Who won a game: one home for every app that needs to know (events, play, campaigns).

Pure Python. A game has two sides, the first (0) and the second (1). What a player says of it
("I won") decides: a mission can be won on its objective with fewer victory points. Without
a player's word, more victory points win and equal victory points are a draw; with neither,
the winner is not known. Callers reach the function as `outcomes.outcome(...)` (not a copy of
the name), so that the one definition is the one every page follows.

What a finished tracker game feeds (an event round's result, a campaign mission's report) is
registered here too, by each app that takes it, from its AppConfig.ready(): the tracker hands
over the plain facts of the game (`FinishedGame`) and names none of them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Protocol

from forgebuilder.registries import KeyedRegistry

WIN, DRAW, LOSS = "win", "draw", "loss"  # a side's result, as its player says it
RESULTS = (WIN, DRAW, LOSS)
WORDS = {WIN: "Won", DRAW: "Draw", LOSS: "Lost"}  # a result in players' words
_WINNER = {WIN: 0, LOSS: 1, DRAW: None}  # the first side's word -> the winning side


@dataclass(frozen=True)
class Outcome:
    winner: int | None  # 0: the first side, 1: the second, None: a draw or not known
    known: bool = True

    @property
    def draw(self) -> bool:
        return self.known and self.winner is None

    def result_of(self, side: int) -> str:
        """The side's result (WIN, DRAW or LOSS), or "" when nobody knows who won."""
        if not self.known:
            return ""
        if self.winner is None:
            return DRAW
        return WIN if self.winner == side else LOSS

    def flipped(self) -> Outcome:
        """The same outcome, seen from the other side (its first side is this one's second)."""
        return Outcome(None if self.winner is None else 1 - self.winner, self.known)


UNKNOWN = Outcome(None, known=False)


def outcome(
    first_vp: int | None = None, second_vp: int | None = None, declared: str | None = None
) -> Outcome:
    """Who won: `declared` is the first side's player's word (WIN, DRAW or LOSS) and decides;
    without it the victory points do (more wins, equal draws); with neither, not known."""
    if declared:
        if declared not in _WINNER:
            raise ValueError(f"A result is one of {', '.join(RESULTS)}, not {declared!r}.")
        return Outcome(_WINNER[declared])
    if first_vp is None or second_vp is None:
        return UNKNOWN
    if first_vp == second_vp:
        return Outcome(None)
    return Outcome(0 if first_vp > second_vp else 1)


@dataclass(frozen=True)
class PlayedSide:
    """One player's tracker game at its end (or so far), in plain values."""

    player_id: int
    username: str
    result: str  # WIN, DRAW or LOSS as the player said it; "" while the game goes on
    vp: int  # the victory points the tracker counted
    values: dict = field(default_factory=dict)  # every counter and unit status the tracker kept
    units: tuple[str, ...] = ()  # the ids of the units on the player's sheet
    destroyed: frozenset[str] = frozenset()  # the ids of those the tracker says are destroyed
    mission_id: int | None = None  # the campaign mission it is played for
    event_game_id: int | None = None  # the event round's pairing it is played for

    @property
    def finished(self) -> bool:
        return bool(self.result)


@dataclass(frozen=True)
class FinishedGame:
    """What a finished tracker game tells the app it was played for."""

    player: object  # the user who finished it
    mine: PlayedSide
    opponent_vp: int | None  # the opponent's victory points as the player typed them
    # the opponent's linked game as it is when asked (a feed asks once it holds its locks)
    linked: Callable[[], PlayedSide | None] = lambda: None


class GameFeed(Protocol):
    key: str  # the app that takes the game ("events")

    def wants(self, game: FinishedGame) -> bool:
        """Whether the game was played for this app (a mission of it, a pairing of it)."""
        ...

    def feed(self, game: FinishedGame) -> tuple[str, str]:
        """Fill what the game tells (in the caller's transaction): (what was done, what was
        refused), one of them empty, in players' words."""
        ...


@dataclass(frozen=True)
class Feed:
    """A wing's GameFeed: its key, which games it wants, and the function that feeds one."""

    key: str
    wants: Callable[[FinishedGame], bool]
    feed: Callable[[FinishedGame], tuple[str, str]]


class FeedRegistry(KeyedRegistry[GameFeed]):
    what = "game feeds"

    def __iter__(self) -> Iterator[GameFeed]:
        return iter(sorted(self._by_key.values(), key=lambda f: f.key))

    def feed(self, game: FinishedGame) -> tuple[str, str]:
        """Feed the game to the app it was played for: ("", "") when none wants it."""
        for taker in self:
            if taker.wants(game):
                return taker.feed(game)
        return "", ""


feeds = FeedRegistry()

"""Swiss pairings for one round, computed as a maximum-weight matching.

Every two players who could meet get an edge whose weight is a large constant minus a penalty
for what makes the pairing worse. The penalties are layered so that a worse layer always
outweighs every better one added together over the whole round (each layer's unit is computed
from the number of players, score groups and rounds, so it holds at any size):

1. a rematch (allowed only when no pairing of the round avoids it);
2. a bye for a player who already had one;
3. the difference in record, from the top score group down: a game costs the square of the gap
   in score groups, weighed by the better player's group so that the top group pairs within
   itself first, then the next, and so on (an odd score group sends exactly one player down,
   to the nearest group; the bye counts as one group below the lowest);
4. two players of one club in round 1;
5. how far apart the players' paths are (the rounds where one won and the other did not);
6. in a seeded round 1, how far the pairing is from "top half meets bottom half";
7. a random number, so equal choices are drawn at random.

A bye is an extra node in the graph when the number of players is odd: the matching chooses who
gets it jointly with everything else (lowest record first, never twice where avoidable).

A matching's time grows as the cube of its players, so the ranking is paired in blocks of
BLOCK players, each exactly on every layer (an event of up to ONE_BLOCK players is one block:
the best pairing of the whole round). A block that can't do as well on the layers that decide
(1 to 3) as its players' records allow joins its neighbours (`_joined`); when none needs to,
those layers are the best of the whole round. Tables are numbered in ranking order, a game
moving only to keep its players off a table they sat at (`tables.py`). The whole-round matching
this replaced is kept in tests/events/pairing_oracle.py, which the tests compare with.
Pure Python over networkx (its matching is exact on integer weights, however large): no Django,
no database.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import networkx as nx

from forgebuilder.events.tables import numbered_tables

BYE = "__bye__"

RANDOM = 100  # a random 0..99 per game, so equal choices are drawn at random
# A large event is paired this many players of the ranking at a time (an even number): a
# matching grows as the cube of its players, so blocks keep a round's time linear in its size.
# Blocks of 16 took 0.17 s of CPU for 1,024 players, of 8 0.08 s: the deciding layers are the
# same either way (a block that can't do as well as its records allow joins its neighbours).
BLOCK = 8
# An event of up to this many players is one block: the best pairing of the whole round.
ONE_BLOCK = 24
# A block whose players float across score groups more than they would on their own joins its
# neighbours up to this many players, or up to the whole round in an event of up to WHOLE (a
# rematch or a second bye it can't avoid: up to the whole round in any event).
WIDEST = 48
WHOLE = 64


@dataclass(frozen=True)
class Entrant:
    """A player still in the event, as the pairing sees them."""

    key: str
    score: int = 0  # tournament points so far
    path: tuple[str, ...] = ()  # one letter per round: W, D, L, or B (a bye)
    rating: int = 0
    club: str = ""
    opponents: frozenset[str] = frozenset()
    tables: frozenset[int] = frozenset()
    had_bye: bool = False


@dataclass(frozen=True)
class Pairing:
    table: int | None  # None for the bye
    first: str
    second: str | None  # None: `first` has the bye
    rematch: bool = False


@dataclass(frozen=True)
class RoundPairings:
    pairings: tuple[Pairing, ...]
    warnings: tuple[str, ...] = field(default=())

    @property
    def bye(self) -> str | None:
        return next((p.first for p in self.pairings if p.second is None), None)


def pair_round(
    *,
    entrants: Sequence[Entrant],
    round_number: int,
    seeded: bool = False,
    rng: random.Random,
    block: int | None = None,
) -> RoundPairings:
    """Pair every entrant once (one of an odd number gets the bye) and number the tables;
    `block`: pair in blocks of that many players (None: one block up to ONE_BLOCK players,
    blocks of BLOCK beyond)."""
    if len({e.key for e in entrants}) != len(entrants):
        raise ValueError("each entrant must appear once")
    if len(entrants) < 2:
        return RoundPairings(pairings=tuple(Pairing(None, e.key, None) for e in entrants))
    ranked = _ranked(entrants, round_number=round_number, seeded=seeded, rng=rng)
    if block is None:
        block = len(ranked) if len(ranked) <= ONE_BLOCK else BLOCK
    matched = _match(ranked, round_number=round_number, seeded=seeded, rng=rng, block=block)
    return _numbered(ranked, matched)


def _ranked(
    entrants: Sequence[Entrant], *, round_number: int, seeded: bool, rng: random.Random
) -> list[Entrant]:
    shuffled = list(entrants)
    rng.shuffle(shuffled)  # equal records are drawn at random
    if round_number == 1 and seeded:
        return sorted(shuffled, key=lambda e: -e.rating)
    return sorted(shuffled, key=lambda e: (-e.score, _path_key(e.path)))


def _path_key(path: tuple[str, ...]) -> tuple[int, ...]:
    # A win earlier in the event ranks above a win later: the path of wins, read from round 1.
    order = {"W": 0, "B": 0, "D": 1, "L": 2}
    return tuple(order.get(letter, 2) for letter in path)


@dataclass(frozen=True)
class _Units:
    """What one step of each penalty layer costs in a round of this size: each unit is one more
    than the most that every better layer can add up to over the whole round."""

    seed: int
    path: int
    club: int
    record: tuple[int, ...]  # per score group, the top group first; one more for the bye
    second_bye: int
    rematch: int
    top: int  # above any game's penalty: every weight is positive

    @classmethod
    def of(cls, ranked: list[Entrant], groups: int) -> _Units:
        count = len(ranked)
        games = count // 2 + 1
        rounds = max((len(e.path) for e in ranked), default=0) + 1
        below = (RANDOM - 1) * games
        seed, below = below + 1, below + (below + 1) * count * games
        # the paths' differences, and the bye's place among equals
        path, below = below + 1, below + (below + 1) * (rounds * games + count)
        club, below = below + 1, below + (below + 1) * games
        record = []
        for _ in range(groups + 1):  # from the bye's pseudo-group up to the top group
            unit = below + 1
            record.append(unit)
            below += unit * (groups + 1) ** 2 * games
        second_bye, below = below + 1, 2 * below + 1
        rematch, below = below + 1, below + (below + 1) * games
        return cls(seed, path, club, tuple(reversed(record)), second_bye, rematch, below + 1)


def _match(
    ranked: list[Entrant], *, round_number: int, seeded: bool, rng: random.Random, block: int
) -> set[tuple[str, str]]:
    group = _score_groups(ranked)
    units = _Units.of(ranked, max(group.values()) + 1)
    salt = rng.getrandbits(64)  # each possible game's random draw
    costs = _Costs(ranked, group, units, round_number, round_number == 1 and seeded, salt)
    games = _paired_by_blocks(_blocks(len(ranked), block, seeded=costs.seeded), costs)
    return {(ranked[i].key, BYE if j is None else ranked[j].key) for i, j in games}


@dataclass(frozen=True)
class _Costs:
    """What each possible game of the round costs, by the players' places in the ranking."""

    ranked: list[Entrant]
    group: dict[str, int]
    units: _Units
    round_number: int
    seeded: bool  # a seeded round 1: top half meets bottom half
    salt: int

    def game(self, i: int, j: int) -> int:
        """The penalty of a game between the players ranked i and j (i < j)."""
        penalty = _penalty(
            self.ranked[i],
            self.ranked[j],
            group=self.group,
            units=self.units,
            round_number=self.round_number,
        )
        penalty += hash((self.salt, i, j)) % RANDOM
        if self.seeded:
            penalty += self.units.seed * abs((j - i) - len(self.ranked) // 2)
        return penalty

    def bye(self, i: int) -> int:
        """The penalty of the bye for the player ranked i."""
        e = self.ranked[i]
        bye_group = len(self.units.record) - 1  # one below the lowest score group
        penalty = (self.units.second_bye if e.had_bye else 0) + _record(
            self.group[e.key], bye_group, self.units
        )
        return penalty + (len(self.ranked) - 1 - i) * self.units.path  # lowest ranked first

    def layers(self, games: Sequence[tuple[int, int | None]]) -> tuple[int, ...]:
        """The layers that decide (rematches, second byes, then the record layer per score
        group from the top), compared in that order: smaller is better."""
        rematches = second_byes = 0
        record = [0] * len(self.units.record)
        for i, j in games:
            a = self.ranked[i]
            if j is None:
                second_byes += a.had_bye
                ga, gb = self.group[a.key], len(record) - 1
            else:
                b = self.ranked[j]
                rematches += b.key in a.opponents or a.key in b.opponents
                ga, gb = self.group[a.key], self.group[b.key]
            record[min(ga, gb)] += (ga - gb) ** 2
        return (rematches, second_byes, *record)


def _blocks(count: int, size: int, *, seeded: bool) -> list[list[int]]:
    """The ranking cut into blocks of about `size` players paired on their own (an even number
    each, but for the last one, which has the bye in an odd event)."""
    if count <= size + size // 2:
        return [list(range(count))]
    if seeded:  # each block takes a slice of the top half and the slice it meets below
        half, step = count // 2, size // 2
        blocks = [
            [*range(s, min(s + step, half)), *range(half + s, half + min(s + step, half))]
            for s in range(0, half, step)
        ]
        blocks[-1] += [count - 1] if count % 2 else []
        return blocks
    blocks = [list(range(s, min(s + size, count))) for s in range(0, count, size)]
    if len(blocks[-1]) < size // 2:
        last = blocks.pop()
        blocks[-1] += last
    return blocks


@dataclass
class _Block:
    """A block's best pairing, and whether nothing outside it could do better."""

    games: list[tuple[int, int | None]]
    layers: tuple[int, ...]
    ideal: bool  # no rematch, no second bye, and the fewest games across score groups
    clean: bool  # no rematch, no second bye


def _solved(positions: Sequence[int], costs: _Costs) -> _Block:
    """The exact best pairing of the players at these places (the whole objective)."""
    graph = nx.Graph()
    for n, i in enumerate(positions):
        for j in positions[n + 1 :]:
            graph.add_edge(i, j, weight=costs.units.top - costs.game(i, j))
    if len(positions) % 2:
        for i in positions:
            graph.add_edge(i, -1, weight=costs.units.top - costs.bye(i))
    games: list[tuple[int, int | None]] = []
    for x, y in nx.max_weight_matching(graph, maxcardinality=True):
        i, j = min(x, y), max(x, y)
        games.append((j, None) if i == -1 else (i, j))
    layers = costs.layers(games)
    # Pairing neighbours in the ranking floats the fewest players across score groups: the
    # least any pairing of these players can do on the record layer.
    below: list[int | None] = [*positions[1::2], None]
    best = costs.layers(list(zip(positions[0::2], below, strict=False)))
    clean = layers[:2] == (0, 0)
    return _Block(games, layers, ideal=clean and layers[2:] == best[2:], clean=clean)


def _paired_by_blocks(blocks: list[list[int]], costs: _Costs) -> list[tuple[int, int | None]]:
    """Pair block by block from the top, each block exactly, joining a block with its
    neighbours where it can't do as well as its players' records allow (`_joined`). When
    every block does, the layers that decide (rematches, second byes, records) are the best
    any pairing of the whole round has, as the record layer's best is pairing neighbours in
    the ranking, block by block."""
    solved: dict[tuple[int, ...], _Block] = {}
    count = sum(len(b) for b in blocks)
    widest = count if count <= WHOLE else WIDEST

    def solve(positions: list[int]) -> _Block:
        key = tuple(sorted(positions))
        if key not in solved:
            solved[key] = _solved(key, costs)
        return solved[key]

    done: list[list[int]] = []
    waiting = list(reversed(blocks))
    while waiting:
        current = waiting.pop()
        while (joined := _joined(current, done, waiting, solve, widest)) is not None:
            current = joined
        done.append(current)
    return [game for positions in done for game in solve(positions).games]


def _joined(
    current: list[int],
    done: list[list[int]],
    waiting: list[list[int]],
    solve: Callable[[list[int]], _Block],
    widest: int,
) -> list[int] | None:
    """The block `current` joined with the blocks above and below it where it could do better
    with them; None to keep it as it is. A block that can't avoid a rematch or a second bye
    grows until it does (up to the whole round); one that only floats more players across
    score groups than its own players need grows while it stays within `widest` players."""
    mine = solve(current)
    above = done[-1] if done else []
    below = waiting[-1] if waiting else []
    joined = above + current + below
    if mine.ideal or len(joined) == len(current) or (mine.clean and len(joined) > widest):
        return None
    if above:
        done.pop()
    if below:
        waiting.pop()
    return joined


def _record(a: int, b: int, units: _Units) -> int:
    """The record layer's penalty for a game between score groups a and b (0 is the top)."""
    return units.record[min(a, b)] * (a - b) ** 2


def _score_groups(ranked: list[Entrant]) -> dict[str, int]:
    """Each player's score group, 0 for the best record: a gap is counted in groups, not in
    points, so the penalties keep their layers whatever points a win is worth."""
    scores = sorted({e.score for e in ranked}, reverse=True)
    return {e.key: scores.index(e.score) for e in ranked}


def _penalty(
    a: Entrant, b: Entrant, *, group: dict[str, int], units: _Units, round_number: int
) -> int:
    penalty = _record(group[a.key], group[b.key], units)
    if b.key in a.opponents or a.key in b.opponents:
        penalty += units.rematch
    if round_number == 1 and a.club and a.club.casefold() == b.club.casefold():
        penalty += units.club
    differing = sum(x != y for x, y in zip(a.path, b.path, strict=False))
    return penalty + units.path * differing


def _numbered(ranked: list[Entrant], matched: set[tuple[str, str]]) -> RoundPairings:
    place = {e.key: i for i, e in enumerate(ranked)}
    by_key = {e.key: e for e in ranked}
    games: list[tuple[str, str]] = []
    bye: str | None = None
    for x, y in matched:
        if BYE in (x, y):
            bye = y if x == BYE else x
            continue
        first, second = sorted((x, y), key=place.__getitem__)
        games.append((first, second))
    # by the players' places added up, the better first player first where two games tie (a
    # set's order differs from one process to the next: the same seed numbers tables alike)
    games.sort(key=lambda game: (place[game[0]] + place[game[1]], place[game[0]]))
    tables = numbered_tables([by_key[a].tables | by_key[b].tables for a, b in games])
    pairings = []
    warnings = []
    for (first, second), table in zip(games, tables, strict=True):
        rematch = second in by_key[first].opponents or first in by_key[second].opponents
        if rematch:
            warnings.append(f"{first} and {second} meet again: no pairing of this round avoids it.")
        pairings.append(Pairing(table, first, second, rematch=rematch))
    if bye is not None:
        if by_key[bye].had_bye:
            warnings.append(f"{bye} gets a second bye: every player left has had one.")
        pairings.append(Pairing(None, bye, None))
    return RoundPairings(pairings=tuple(pairings), warnings=tuple(warnings))

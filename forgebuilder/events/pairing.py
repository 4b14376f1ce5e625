"""Swiss pairings for one round, computed as a maximum-weight matching.

Every two players who could meet get an edge whose weight is a large constant minus a penalty
for what makes the pairing worse. The penalties are layered so that a worse layer always
outweighs every better one added together:

1. a rematch (allowed only when no pairing of the round avoids it);
2. a bye for a player who already had one;
3. the difference in record (the square of the gap in score groups, so an odd score group
   sends exactly one player down, to the nearest group);
4. two players of one club in round 1;
5. how far apart the players' paths are (the rounds where one won and the other did not);
6. in a seeded round 1, how far the pairing is from "top half meets bottom half";
7. a random number, so equal choices are drawn at random.

A bye is an extra node in the graph when the number of players is odd: the matching chooses who
gets it jointly with everything else (lowest record first, never twice where avoidable).
Pure Python over networkx: no Django, no database.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

import networkx as nx

BYE = "__bye__"

# One layer's worst value must stay below the next layer's unit (see the module's docstring).
REMATCH = 10**15
SECOND_BYE = 10**14
RECORD = 10**9  # per squared tournament point of difference
SAME_CLUB = 10**8
PATH = 10**5  # per round where the paths differ
SEED = 10**2  # per place away from the seeded opponent
RANDOM = 100  # a random 0..99
TOP = REMATCH * 4  # every edge's weight is TOP minus its penalty, so every weight is positive
# In a large event, players further apart than this in the ranking are joined only when the
# near ones can't pair without a rematch or a second bye (a smaller graph matches much faster).
WINDOW = 8
FULL_GRAPH_UP_TO = 48


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
    *, entrants: Sequence[Entrant], round_number: int, seeded: bool = False, rng: random.Random
) -> RoundPairings:
    """Pair every entrant once (one of an odd number gets the bye) and number the tables."""
    if len({e.key for e in entrants}) != len(entrants):
        raise ValueError("each entrant must appear once")
    if len(entrants) < 2:
        return RoundPairings(pairings=tuple(Pairing(None, e.key, None) for e in entrants))
    ranked = _ranked(entrants, round_number=round_number, seeded=seeded, rng=rng)
    matched = _match(ranked, round_number=round_number, seeded=seeded, rng=rng)
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


def _match(
    ranked: list[Entrant], *, round_number: int, seeded: bool, rng: random.Random
) -> set[tuple[str, str]]:
    nodes = [e.key for e in ranked] + ([BYE] if len(ranked) % 2 else [])
    window = None if len(ranked) <= FULL_GRAPH_UP_TO else WINDOW
    graph = _graph(ranked, round_number=round_number, seeded=seeded, rng=rng, window=window)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    if window is not None and (
        2 * len(matching) < len(nodes) or _worst_penalty(graph, matching) >= SECOND_BYE
    ):
        graph = _graph(ranked, round_number=round_number, seeded=seeded, rng=rng, window=None)
        matching = nx.max_weight_matching(graph, maxcardinality=True)
    return {tuple(pair) for pair in matching}  # type: ignore[misc]


def _worst_penalty(graph: nx.Graph, matching: set) -> int:
    return max((TOP - graph.edges[pair]["weight"] for pair in matching), default=0)


def _graph(
    ranked: list[Entrant],
    *,
    round_number: int,
    seeded: bool,
    rng: random.Random,
    window: int | None,
) -> nx.Graph:
    graph = nx.Graph()
    group = _score_groups(ranked)
    half = len(ranked) // 2
    for i, a in enumerate(ranked):
        for j in range(i + 1, len(ranked)):
            if window is not None and j - i > window:
                break
            b = ranked[j]
            penalty = _penalty(a, b, group=group, round_number=round_number) + rng.randrange(RANDOM)
            if round_number == 1 and seeded:
                penalty += SEED * abs((j - i) - half)
            graph.add_edge(a.key, b.key, weight=TOP - penalty)
    if len(ranked) % 2:
        lowest = group[ranked[-1].key]
        for place, e in enumerate(ranked):
            penalty = (SECOND_BYE if e.had_bye else 0) + RECORD * (lowest - group[e.key]) ** 2
            penalty += (len(ranked) - 1 - place) * PATH  # lowest ranked first among equals
            graph.add_edge(e.key, BYE, weight=TOP - penalty)
    return graph


def _score_groups(ranked: list[Entrant]) -> dict[str, int]:
    """Each player's score group, 0 for the best record: a gap is counted in groups, not in
    points, so the penalties keep their layers whatever points a win is worth."""
    scores = sorted({e.score for e in ranked}, reverse=True)
    return {e.key: scores.index(e.score) for e in ranked}


def _penalty(a: Entrant, b: Entrant, *, group: dict[str, int], round_number: int) -> int:
    penalty = RECORD * (group[a.key] - group[b.key]) ** 2
    if b.key in a.opponents or a.key in b.opponents:
        penalty += REMATCH
    if round_number == 1 and a.club and a.club.casefold() == b.club.casefold():
        penalty += SAME_CLUB
    differing = sum(x != y for x, y in zip(a.path, b.path, strict=False))
    return penalty + PATH * differing


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
    games.sort(key=lambda game: place[game[0]] + place[game[1]])
    tables = _tables(games, by_key)
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


def _tables(games: list[tuple[str, str]], by_key: dict[str, Entrant]) -> list[int]:
    """Table 1 for the top game, and so on, moving a game only to keep a player off a table
    they already played at (where some other numbering avoids it)."""
    count = len(games)
    played = [by_key[a].tables | by_key[b].tables for a, b in games]
    if not any(i + 1 in played[i] for i in range(count)):
        return list(range(1, count + 1))
    graph = nx.Graph()
    for i in range(count):
        for table in range(1, count + 1):
            penalty = (count * count if table in played[i] else 0) + abs(table - (i + 1))
            graph.add_edge(("game", i), ("table", table), weight=2 * count * count - penalty)
    chosen: dict[int, int] = {}
    for x, y in nx.max_weight_matching(graph, maxcardinality=True):
        game, table = (x, y) if x[0] == "game" else (y, x)
        chosen[game[1]] = table[1]
    return [chosen[i] for i in range(count)]

"""The Swiss pairing as it was before it was paired block by block: one maximum-weight matching
over every possible game of the round (the whole graph up to 64 players), and the tables
numbered by a second matching. Kept unchanged as the oracle the pairing's tests compare with:
in an event small enough for one block, `forgebuilder.events.pairing` must find a pairing this
one scores as well as its own (the same pairing where only one is best).

Its own description, as it was:

Swiss pairings for one round, computed as a maximum-weight matching.

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
Pure Python over networkx (its matching is exact on integer weights, however large): no Django,
no database.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

import networkx as nx

# the types it pairs and answers with are the pairing's own (the matching is what is kept)
from forgebuilder.events.pairing import BYE, Entrant, Pairing, RoundPairings

RANDOM = 100  # a random 0..99 per game, so equal choices are drawn at random
# In a large event, players further apart than this in the ranking are joined only when the
# near ones can't pair without a rematch or a second bye (a smaller graph matches much faster).
WINDOW = 8
FULL_GRAPH_UP_TO = 64


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
    ranked: list[Entrant], *, round_number: int, seeded: bool, rng: random.Random
) -> set[tuple[str, str]]:
    nodes = [e.key for e in ranked] + ([BYE] if len(ranked) % 2 else [])
    window = None if len(ranked) <= FULL_GRAPH_UP_TO else WINDOW
    group = _score_groups(ranked)
    units = _Units.of(ranked, max(group.values()) + 1)
    salt = rng.getrandbits(64)  # each possible game's random draw: the same in both graphs

    def matched(window: int | None) -> tuple[nx.Graph, set]:
        graph = _graph(
            ranked,
            group,
            units,
            round_number=round_number,
            seeded=seeded,
            salt=salt,
            window=window,
        )
        return graph, nx.max_weight_matching(graph, maxcardinality=True)

    graph, matching = matched(window)
    if window is not None and (
        2 * len(matching) < len(nodes) or _worst_penalty(graph, matching, units) >= units.second_bye
    ):
        graph, matching = matched(None)
    return {tuple(pair) for pair in matching}  # type: ignore[misc]


def _worst_penalty(graph: nx.Graph, matching: set, units: _Units) -> int:
    return max((units.top - graph.edges[pair]["weight"] for pair in matching), default=0)


def _graph(
    ranked: list[Entrant],
    group: dict[str, int],
    units: _Units,
    *,
    round_number: int,
    seeded: bool,
    salt: int,
    window: int | None,
) -> nx.Graph:
    graph = nx.Graph()
    half = len(ranked) // 2
    for i, a in enumerate(ranked):
        for j in range(i + 1, len(ranked)):
            if window is not None and j - i > window:
                break
            b = ranked[j]
            penalty = _penalty(a, b, group=group, units=units, round_number=round_number)
            penalty += hash((salt, i, j)) % RANDOM
            if round_number == 1 and seeded:
                penalty += units.seed * abs((j - i) - half)
            graph.add_edge(a.key, b.key, weight=units.top - penalty)
    if len(ranked) % 2:
        bye_group = len(units.record) - 1  # one below the lowest score group
        for place, e in enumerate(ranked):
            penalty = (units.second_bye if e.had_bye else 0) + _record(
                group[e.key], bye_group, units
            )
            penalty += (len(ranked) - 1 - place) * units.path  # lowest ranked first among equals
            graph.add_edge(e.key, BYE, weight=units.top - penalty)
    return graph


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

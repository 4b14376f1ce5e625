"""The block-by-block pairing against the oracle (the one whole matching it replaced, kept in
tests/events/pairing_oracle.py): the same score in an event of one block, the same layers that
decide (rematches, second byes, the record layer) when a small event is cut into blocks of 2 or
4 and in every round of a seven-round event of up to 40 players, and table numbers that keep as
many players off their old tables."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from forgebuilder.events import pairing
from forgebuilder.events.tables import numbered_tables
from tests.events import pairing_oracle as oracle


@st.composite
def _rounds(draw, most: int = 12):
    """A round of an event part-way through: records, paths, past opponents, clubs, byes."""
    size = draw(st.integers(min_value=2, max_value=most))
    played = draw(st.integers(min_value=0, max_value=4))
    keys = [f"p{i}" for i in range(size)]
    met = draw(st.sets(st.tuples(st.sampled_from(keys), st.sampled_from(keys)), max_size=size))
    opponents: dict[str, set[str]] = {k: set() for k in keys}
    for a, b in met:
        if a != b:
            opponents[a].add(b)
            opponents[b].add(a)
    entrants = []
    for key in keys:
        path = tuple(draw(st.lists(st.sampled_from("WDL"), min_size=played, max_size=played)))
        entrants.append(
            pairing.Entrant(
                key,
                score=sum({"W": 3, "D": 1, "L": 0}[x] for x in path),
                path=path,
                rating=draw(st.integers(0, 5)),
                club=draw(st.sampled_from(["", "North", "South"])),
                opponents=frozenset(opponents[key]),
                had_bye=draw(st.booleans()),
            )
        )
    return entrants, played + 1, draw(st.booleans()), draw(st.integers(0, 2**16))


def _oracle_graph(entrants, round_number: int, seeded: bool, seed: int):
    """The oracle's whole graph of the round, drawn from the same seed as `pair_round` draws
    it: each game's weight is what the oracle scores it (the higher, the better)."""
    rng = random.Random(seed)
    ranked = oracle._ranked(entrants, round_number=round_number, seeded=seeded, rng=rng)
    group = oracle._score_groups(ranked)
    units = oracle._Units.of(ranked, max(group.values()) + 1)
    graph = oracle._graph(
        ranked,
        group,
        units,
        round_number=round_number,
        seeded=seeded,
        salt=rng.getrandbits(64),
        window=None,
    )
    return graph, units


def _games(result) -> set[tuple[str, str]]:
    return {(p.first, p.second or oracle.BYE) for p in result.pairings}


def _score(graph, games) -> int:
    return sum(graph.edges[game]["weight"] for game in games)


def _deciding_layers(graph, units, games) -> int:
    """The penalty's part above the club layer, in units of the record layer's lowest step:
    rematches, second byes, the record layer (what every layer below adds up to is less)."""
    return sum(units.top - graph.edges[game]["weight"] for game in games) // units.record[-1]


@settings(max_examples=60, derandomize=True, deadline=None)
@given(round_=_rounds())
def test_an_event_of_one_block_is_paired_as_well_as_the_whole_matching_pairs_it(round_):
    entrants, number, seeded, seed = round_
    ours = pairing.pair_round(
        entrants=entrants, round_number=number, seeded=seeded, rng=random.Random(seed)
    )
    theirs = oracle.pair_round(
        entrants=entrants, round_number=number, seeded=seeded, rng=random.Random(seed)
    )
    graph, _units = _oracle_graph(entrants, number, seeded, seed)
    # The same score on every layer, random draw included: where only one pairing scores
    # best (nearly always, with the draw), both found it.
    assert _score(graph, _games(ours)) == _score(graph, _games(theirs))


@settings(max_examples=80, derandomize=True, deadline=None)
@given(round_=_rounds(), block=st.sampled_from([2, 4]))
def test_small_blocks_decide_rematches_byes_and_records_as_the_whole_matching(round_, block):
    entrants, number, seeded, seed = round_
    ours = pairing.pair_round(
        entrants=entrants, round_number=number, seeded=seeded, rng=random.Random(seed), block=block
    )
    theirs = oracle.pair_round(
        entrants=entrants, round_number=number, seeded=seeded, rng=random.Random(seed)
    )
    graph, units = _oracle_graph(entrants, number, seeded, seed)
    assert _deciding_layers(graph, units, _games(ours)) == _deciding_layers(
        graph, units, _games(theirs)
    )
    assert sorted(p.table for p in ours.pairings if p.table) == list(
        range(1, len(entrants) // 2 + 1)
    )


@st.composite
def _seated(draw):
    """Games in ranking order whose players sat at some tables before."""
    count = draw(st.integers(min_value=1, max_value=12))
    tables = st.frozensets(st.integers(1, count), max_size=3)
    by_key = {}
    games = []
    for i in range(count):
        a, b = f"a{i}", f"b{i}"
        by_key[a] = pairing.Entrant(a, tables=draw(tables))
        by_key[b] = pairing.Entrant(b, tables=draw(tables))
        games.append((a, b))
    return games, by_key


def _repeats(games, by_key, tables) -> int:
    return sum(
        t in by_key[a].tables | by_key[b].tables for (a, b), t in zip(games, tables, strict=True)
    )


@settings(max_examples=60, derandomize=True, deadline=None)
@given(seated=_seated())
def test_tables_keep_as_many_players_off_their_old_tables_as_the_whole_matching(seated):
    games, by_key = seated
    ours = numbered_tables([by_key[a].tables | by_key[b].tables for a, b in games])
    assert sorted(ours) == list(range(1, len(games) + 1))
    theirs = oracle._tables(games, by_key)
    assert _repeats(games, by_key, ours) == _repeats(games, by_key, theirs)


def _next_round(players: dict, result, outcomes: list[str]) -> None:
    """Record the round's results (a bye is a win) in `players`."""
    points = {"W": 3, "D": 1, "L": 0, "B": 3}
    for p, won in zip(result.pairings, outcomes, strict=False):
        marks = (
            {p.first: "B"}
            if p.second is None
            else {p.first: won, p.second: "LDW"["WDL".index(won)]}
        )
        for key, mark in marks.items():
            e = players[key]
            other = p.second if key == p.first else p.first
            players[key] = pairing.Entrant(
                key,
                score=e.score + points[mark],
                path=(*e.path, mark),
                club=e.club,
                opponents=e.opponents | ({other} if other else set()),
                had_bye=e.had_bye or mark == "B",
            )


@settings(max_examples=4, derandomize=True, deadline=None)
@given(
    size=st.integers(min_value=25, max_value=40),
    results=st.lists(
        st.lists(st.sampled_from("WDL"), min_size=20, max_size=20), min_size=7, max_size=7
    ),
    seed=st.integers(0, 2**16),
)
def test_an_event_of_several_blocks_decides_each_round_as_the_whole_matching(size, results, seed):
    # Up to 40 players over seven rounds: small score groups, many past opponents.
    players = {f"p{i}": pairing.Entrant(f"p{i}", club=("North", "")[i % 2]) for i in range(size)}
    for number, outcomes in enumerate(results, start=1):
        entrants = list(players.values())
        ours = pairing.pair_round(entrants=entrants, round_number=number, rng=random.Random(seed))
        theirs = oracle.pair_round(entrants=entrants, round_number=number, rng=random.Random(seed))
        graph, units = _oracle_graph(entrants, number, False, seed)
        assert _deciding_layers(graph, units, _games(ours)) == _deciding_layers(
            graph, units, _games(theirs)
        ), number
        _next_round(players, ours, outcomes)

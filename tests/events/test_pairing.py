"""Swiss pairings: score groups, byes, rematches, clubs, tables, and a property over any event."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from forgebuilder.events.pairing import Entrant, pair_round


def _games(result) -> set[frozenset[str]]:
    return {frozenset((p.first, p.second)) for p in result.pairings if p.second is not None}


def test_equal_records_meet_and_an_odd_score_group_sends_one_player_down():
    # Three players on 3 points and three on 0: one 3-point player must meet a 0-point player,
    # the other two meet each other, and the remaining two 0-point players meet.
    entrants = [
        Entrant("a", score=3, path=("W",)),
        Entrant("b", score=3, path=("W",)),
        Entrant("c", score=3, path=("W",)),
        Entrant("x", score=0, path=("L",)),
        Entrant("y", score=0, path=("L",)),
        Entrant("z", score=0, path=("L",)),
    ]
    result = pair_round(entrants=entrants, round_number=2, rng=random.Random(4))
    scores = {e.key: e.score for e in entrants}
    gaps = sorted(abs(scores[p.first] - scores[p.second]) for p in result.pairings)
    assert gaps == [0, 0, 3]


def test_no_rematch_when_another_pairing_avoids_it():
    # a met b and c met d in round 1: round 2 must pair a-c/b-d or a-d/b-c.
    entrants = [
        Entrant("a", score=3, path=("W",), opponents=frozenset("b")),
        Entrant("c", score=3, path=("W",), opponents=frozenset("d")),
        Entrant("b", score=0, path=("L",), opponents=frozenset("a")),
        Entrant("d", score=0, path=("L",), opponents=frozenset("c")),
    ]
    for seed in range(20):
        result = pair_round(entrants=entrants, round_number=2, rng=random.Random(seed))
        assert not _games(result) & {frozenset("ab"), frozenset("cd")}
        assert not result.warnings


def test_a_rematch_that_cannot_be_avoided_is_paired_and_warned_about():
    # Two players left: they met before, and there is no one else to play.
    entrants = [
        Entrant("a", score=3, opponents=frozenset("b")),
        Entrant("b", score=0, opponents=frozenset("a")),
    ]
    result = pair_round(entrants=entrants, round_number=2, rng=random.Random(1))
    assert result.pairings[0].rematch
    assert result.warnings == ("a and b meet again: no pairing of this round avoids it.",)


def test_the_bye_goes_to_the_lowest_record_that_has_not_had_one():
    entrants = [
        Entrant("top", score=6, path=("W", "W")),
        Entrant("mid", score=3, path=("W", "L")),
        Entrant("low", score=3, path=("B", "L"), had_bye=True),
        Entrant("bottom", score=0, path=("L", "L"), had_bye=False),
        Entrant("last", score=0, path=("L", "L"), had_bye=True),
    ]
    for seed in range(10):
        result = pair_round(entrants=entrants, round_number=3, rng=random.Random(seed))
        assert result.bye == "bottom"


def test_a_bye_goes_twice_only_when_everyone_has_had_one():
    entrants = [Entrant(k, score=3, had_bye=True) for k in "abc"]
    result = pair_round(entrants=entrants, round_number=4, rng=random.Random(2))
    assert result.bye in set("abc")
    assert result.warnings == (f"{result.bye} gets a second bye: every player left has had one.",)


def test_players_of_one_club_do_not_meet_in_round_one_where_avoidable():
    entrants = [
        Entrant("a1", club="Ashford"),
        Entrant("a2", club="ashford"),  # the same club, typed differently
        Entrant("b1", club="Bexley"),
        Entrant("b2", club="Bexley"),
    ]
    for seed in range(20):
        result = pair_round(entrants=entrants, round_number=1, rng=random.Random(seed))
        for game in _games(result):
            assert len({key[0] for key in game}) == 2


def test_a_seeded_first_round_pairs_the_top_half_with_the_bottom_half():
    # Ratings 80..10: the slide system gives 1-5, 2-6, 3-7, 4-8 by rating order.
    entrants = [Entrant(f"p{r}", rating=r) for r in (80, 70, 60, 50, 40, 30, 20, 10)]
    result = pair_round(entrants=entrants, round_number=1, seeded=True, rng=random.Random(3))
    assert _games(result) == {
        frozenset(("p80", "p40")),
        frozenset(("p70", "p30")),
        frozenset(("p60", "p20")),
        frozenset(("p50", "p10")),
    }
    assert [p.table for p in result.pairings] == [1, 2, 3, 4]


def test_a_random_first_round_depends_on_the_draw():
    entrants = [Entrant(f"p{i}") for i in range(8)]
    drawn = {
        frozenset(_games(pair_round(entrants=entrants, round_number=1, rng=random.Random(s))))
        for s in range(10)
    }
    assert len(drawn) > 1


def test_equal_records_prefer_the_same_path_of_wins():
    # Both paths score 3, but WL players should meet WL players and LW meet LW.
    entrants = [
        Entrant("wl1", score=3, path=("W", "L")),
        Entrant("wl2", score=3, path=("W", "L")),
        Entrant("lw1", score=3, path=("L", "W")),
        Entrant("lw2", score=3, path=("L", "W")),
    ]
    for seed in range(10):
        result = pair_round(entrants=entrants, round_number=3, rng=random.Random(seed))
        assert _games(result) == {frozenset(("wl1", "wl2")), frozenset(("lw1", "lw2"))}


def test_the_top_game_is_table_one_unless_a_player_sat_there_before():
    # a sat at table 1 last round and c at table 2: the top game (a-b) moves to table 2 and
    # c-d takes table 1, so nobody sits at the same table twice.
    entrants = [
        Entrant("a", score=6, tables=frozenset({1})),
        Entrant("b", score=6),
        Entrant("c", score=0, tables=frozenset({2})),
        Entrant("d", score=0),
    ]
    result = pair_round(entrants=entrants, round_number=3, rng=random.Random(0))
    assert {frozenset((p.first, p.second)): p.table for p in result.pairings} == {
        frozenset("ab"): 2,
        frozenset("cd"): 1,
    }


def test_tables_follow_the_ranking_when_nobody_has_sat_anywhere():
    entrants = [Entrant(k, score=s) for k, s in (("a", 6), ("b", 6), ("c", 0), ("d", 0))]
    result = pair_round(entrants=entrants, round_number=3, rng=random.Random(0))
    assert [(p.table, {p.first, p.second}) for p in result.pairings] == [
        (1, {"a", "b"}),
        (2, {"c", "d"}),
    ]


def test_each_entrant_must_appear_once():
    with pytest.raises(ValueError, match="once"):
        pair_round(entrants=[Entrant("a"), Entrant("a")], round_number=1, rng=random.Random(0))


@st.composite
def _events(draw):
    """A random event part-way through: players, records, past opponents, clubs, byes."""
    size = draw(st.integers(min_value=2, max_value=40))
    keys = [f"p{i}" for i in range(size)]
    met = draw(st.sets(st.tuples(st.sampled_from(keys), st.sampled_from(keys)), max_size=size * 2))
    opponents: dict[str, set[str]] = {k: set() for k in keys}
    for a, b in met:
        if a != b:
            opponents[a].add(b)
            opponents[b].add(a)
    return [
        Entrant(
            key,
            score=draw(st.sampled_from([0, 1, 3, 4, 6, 9])),
            club=draw(st.sampled_from(["", "North", "South"])),
            opponents=frozenset(opponents[key]),
            had_bye=draw(st.booleans()),
        )
        for key in keys
    ]


@settings(max_examples=40, derandomize=True, deadline=None)
@given(entrants=_events(), round_number=st.integers(1, 6), seed=st.integers(0, 2**16))
def test_any_round_pairs_every_player_exactly_once(entrants, round_number, seed):
    result = pair_round(entrants=entrants, round_number=round_number, rng=random.Random(seed))
    seated = [p.first for p in result.pairings] + [
        p.second for p in result.pairings if p.second is not None
    ]
    assert sorted(seated) == sorted(e.key for e in entrants)  # nobody left out, nobody twice
    assert (result.bye is not None) == (len(entrants) % 2 == 1)
    tables = [p.table for p in result.pairings if p.second is not None]
    assert sorted(tables) == list(range(1, len(entrants) // 2 + 1))
    by_key = {e.key: e for e in entrants}
    for p in result.pairings:
        if p.second is not None:
            assert p.rematch == (p.second in by_key[p.first].opponents)


def test_round_two_pairs_the_unbeaten_players_together():
    # The event day seen in the field: P1 14-9 P2, P3 12-8 P4, P5 10-10 P6. P5 and P6 may not
    # meet again, so the middle group must float; the top group still pairs within itself.
    entrants = [
        Entrant("P1", score=3, path=("W",), opponents=frozenset({"P2"})),
        Entrant("P2", score=0, path=("L",), opponents=frozenset({"P1"})),
        Entrant("P3", score=3, path=("W",), opponents=frozenset({"P4"})),
        Entrant("P4", score=0, path=("L",), opponents=frozenset({"P3"})),
        Entrant("P5", score=1, path=("D",), opponents=frozenset({"P6"})),
        Entrant("P6", score=1, path=("D",), opponents=frozenset({"P5"})),
    ]
    for seed in range(20):
        games = _games(pair_round(entrants=entrants, round_number=2, rng=random.Random(seed)))
        assert frozenset(("P1", "P3")) in games
        assert not games & {frozenset(("P1", "P2")), frozenset(("P3", "P4")), frozenset("56")}


def test_a_rematch_costs_more_than_floating_two_players():
    # a and b (3 points) met; c and d (0 points) did not. Avoiding the rematch floats both
    # leaders down: two games across a score-group gap still beat one rematch.
    entrants = [
        Entrant("a", score=3, path=("W",), opponents=frozenset("b")),
        Entrant("b", score=3, path=("W",), opponents=frozenset("a")),
        Entrant("c", score=0, path=("L",)),
        Entrant("d", score=0, path=("L",)),
    ]
    for seed in range(10):
        result = pair_round(entrants=entrants, round_number=2, rng=random.Random(seed))
        assert frozenset("ab") not in _games(result)
        assert not result.warnings


# Properties over whole events: players, random results and drops, round after round. Each
# round's pairing is judged against what any pairing of that round could have done.


def _groups(entrants) -> dict[str, int]:
    scores = sorted({e.score for e in entrants}, reverse=True)
    return {e.key: scores.index(e.score) for e in entrants}


def _record_vector(games, group: dict[str, int], count: int) -> list[int]:
    """Per score group from the top, the squared gaps of the games its better player plays
    (the bye is one group below the lowest): smaller from the top down is better."""
    bye_group = max(group.values()) + 1
    vector = [0] * (bye_group + 1)
    for a, b in games:
        ga, gb = group[a], (bye_group if b is None else group[b])
        vector[min(ga, gb)] += (ga - gb) ** 2
    return vector


def _allowed(a, b, by_key) -> bool:
    """No rematch, and a bye only for a player who has not had one."""
    if b is None:
        return not by_key[a].had_bye
    return b not in by_key[a].opponents


def _all_pairings(keys):
    if not keys:
        yield []
        return
    first, rest = keys[0], keys[1:]
    for i, other in enumerate(rest):
        for tail in _all_pairings(rest[:i] + rest[i + 1 :]):
            yield [(first, other), *tail]


def _as_games(result):
    return [(p.first, p.second) for p in result.pairings]


def _ideal_exists(entrants, by_key) -> bool:
    """Whether some pairing has no rematch and no second bye."""
    import networkx as nx

    graph = nx.Graph()
    keys = [e.key for e in entrants]
    nodes = keys + (["BYE"] if len(keys) % 2 else [])
    graph.add_nodes_from(nodes)
    for i, a in enumerate(keys):
        graph.add_edges_from((a, b) for b in keys[i + 1 :] if _allowed(a, b, by_key))
        if len(keys) % 2 and _allowed(a, None, by_key):
            graph.add_edge(a, "BYE")
    return 2 * len(nx.max_weight_matching(graph, maxcardinality=True)) == len(nodes)


def _check_round(entrants, result) -> None:
    by_key = {e.key: e for e in entrants}
    games = _as_games(result)
    if _ideal_exists(entrants, by_key):
        # No avoidable rematch, nobody's second bye while a first is possible.
        assert all(_allowed(a, b, by_key) for a, b in games), games
    group = _groups(entrants)
    got = _record_vector(games, group, len(entrants))
    if len(entrants) <= 10:
        # Top groups first: no pairing as good on rematches and byes pairs the groups better.
        keys = [e.key for e in entrants] + ([None] if len(entrants) % 2 else [])
        bad = sum(not _allowed(a, b, by_key) for a, b in games)
        best = min(
            _record_vector(pairing, group, len(entrants))
            for pairing in (
                [(a, b) if a is not None else (b, a) for a, b in p] for p in _all_pairings(keys)
            )
            if sum(not _allowed(a, b, by_key) for a, b in pairing) <= bad
        )
        assert got == best, (games, got, best)
    else:
        # No swap of two games' opponents pairs the groups better without a rematch.
        for i, (a, b) in enumerate(games):
            for c, d in games[i + 1 :]:
                for x, y in (((a, c), (b, d)), ((a, d), (b, c))):
                    swapped = [g for g in games if g not in ((a, b), (c, d))] + [
                        tuple(sorted(x, key=lambda k: k is None)),
                        tuple(sorted(y, key=lambda k: k is None)),
                    ]
                    if (
                        None in x[:1]
                        or None in y[:1]
                        or not all(_allowed(*g, by_key) for g in swapped[-2:])
                    ):
                        continue
                    if not all(_allowed(*g, by_key) for g in ((a, b), (c, d))):
                        continue
                    assert _record_vector(swapped, group, len(entrants)) >= got, (games, x, y)


@st.composite
def _played_events(draw):
    """An event played round by round: its size, each game's result and each round's drops."""
    size = draw(st.integers(min_value=4, max_value=64))
    rounds = draw(st.integers(min_value=2, max_value=5))
    small = size <= 10
    results = draw(
        st.lists(
            st.lists(st.sampled_from("WDL"), min_size=size, max_size=size),
            min_size=rounds,
            max_size=rounds,
        )
    )
    drops = draw(
        st.lists(st.sets(st.integers(0, size - 1), max_size=1 if small else 3), min_size=rounds)
    )
    return size, results, drops


@settings(max_examples=25, derandomize=True, deadline=None)
@given(event=_played_events(), seed=st.integers(0, 2**16))
def test_every_round_of_a_swiss_event_pairs_by_the_standings(event, seed):
    size, results, drops = event
    rng = random.Random(seed)
    players = {f"p{i}": Entrant(f"p{i}", club=("North", "South", "")[i % 3]) for i in range(size)}
    points = {"W": 3, "D": 1, "L": 0, "B": 3}
    for number, (outcomes, dropped) in enumerate(zip(results, drops, strict=False), start=1):
        entrants = list(players.values())
        if len(entrants) < 2:
            break
        result = pair_round(entrants=entrants, round_number=number, rng=rng)
        _check_round(entrants, result)
        byes = 0
        for i, (a, b) in enumerate(_as_games(result)):
            if b is None:
                byes += 1
                marks = {a: "B"}
            else:
                won = outcomes[i]
                marks = {a: won, b: {"W": "L", "L": "W", "D": "D"}[won]}
            for key, mark in marks.items():
                e = players[key]
                players[key] = Entrant(
                    key,
                    score=e.score + points[mark],
                    path=(*e.path, mark),
                    club=e.club,
                    opponents=e.opponents | ({b} if key == a and b else {a} if key == b else set()),
                    had_bye=e.had_bye or mark == "B",
                )
        assert byes <= 1
        for index in dropped:
            players.pop(f"p{index}", None)


@pytest.mark.parametrize("seeded", [False, True])
def test_a_round_of_999_players_seats_everyone_once_without_a_rematch(seeded):
    # Many blocks, an odd number: round 1 decides who met whom, round 2 must avoid all of it.
    players = [Entrant(f"p{i}", rating=i % 97, club=f"Club {i % 13}") for i in range(999)]
    first = pair_round(entrants=players, round_number=1, seeded=seeded, rng=random.Random(9))
    met = {p.first: p.second for p in first.pairings} | {
        p.second: p.first for p in first.pairings if p.second
    }
    won = {p.first for p in first.pairings}  # the first named wins; the bye counts as a win
    second = pair_round(
        entrants=[
            Entrant(
                e.key,
                score=3 if e.key in won else 0,
                path=("W" if e.key in won else "L",),
                opponents=frozenset({met[e.key]} - {None}),
                had_bye=met[e.key] is None,
            )
            for e in players
        ],
        round_number=2,
        rng=random.Random(9),
    )
    for result in (first, second):
        seated = [k for p in result.pairings for k in (p.first, p.second) if k is not None]
        assert sorted(seated) == sorted(e.key for e in players)
        assert sorted(p.table for p in result.pairings if p.second) == list(range(1, 500))
        assert not result.warnings
    assert met[second.bye] is not None  # nobody's second bye
    # 500 winners (the bye included): 250 games among them, none across the groups.
    assert sum((p.first in won) != (p.second in won) for p in second.pairings if p.second) == 0

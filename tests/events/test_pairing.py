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

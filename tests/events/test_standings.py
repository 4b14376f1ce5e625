"""Standings: tournament points, the organiser's tie-breakers in order, shared ranks, byes."""

from __future__ import annotations

import pytest

from forgebuilder.events.standings import Game, Scoring, standings

# Four players, two rounds, hand-worked (win 3, draw 1, loss 0):
#   round 1: ann 20-10 bob, cat 15-15 dan (draw)
#   round 2: ann 12-14 cat, bob 18-5 dan
# ann: W L -> 3 pts, VP 32-24 (+8);  opponents bob(3) + cat(4) -> SoS 7
# bob: L W -> 3 pts, VP 28-25 (+3);  opponents ann(3) + dan(1) -> SoS 4
# cat: D W -> 4 pts, VP 29-27 (+2);  opponents dan(1) + ann(3) -> SoS 4
# dan: D L -> 1 pt,  VP 20-33 (-13); opponents cat(4) + bob(3) -> SoS 7
GAMES = [
    Game(1, "ann", "bob", 20, 10),
    Game(1, "cat", "dan", 15, 15),
    Game(2, "ann", "cat", 12, 14),
    Game(2, "bob", "dan", 18, 5),
]
PLAYERS = ["ann", "bob", "cat", "dan"]


@pytest.mark.parametrize(
    ("tiebreakers", "expected"),
    [
        # points first: cat 4; ann and bob on 3, strength of schedule 7 beats 4; dan 1
        (("points", "sos", "vp_diff"), ["cat", "ann", "bob", "dan"]),
        # points, then VP difference: ann +8 over bob +3
        (("points", "vp_diff"), ["cat", "ann", "bob", "dan"]),
        # wins first: ann, bob and cat have one win each; then VP difference: +8, +3, +2
        (("wins", "vp_diff"), ["ann", "bob", "cat", "dan"]),
        # strength of schedule first: ann 7 and dan 7 (then points 3 > 1), bob 4 and cat 4
        # (then points 4 > 3)
        (("sos", "points"), ["ann", "dan", "cat", "bob"]),
    ],
)
def test_the_organisers_tiebreakers_apply_in_their_order(tiebreakers, expected):
    rows = standings(players=PLAYERS, games=GAMES, scoring=Scoring(tiebreakers=tiebreakers))
    assert [r.key for r in rows] == expected


def test_every_figure_of_a_standing_is_worked_out():
    rows = {r.key: r for r in standings(players=PLAYERS, games=GAMES, scoring=Scoring())}
    ann = rows["ann"]
    assert (ann.wins, ann.draws, ann.losses, ann.points) == (1, 0, 1, 3)
    assert (ann.vp_for, ann.vp_against, ann.vp_diff, ann.sos) == (32, 24, 8, 7)
    assert ann.path == ["W", "L"]
    assert rows["dan"].path == ["D", "L"]
    assert rows["cat"].points == 4


def test_players_equal_on_every_tiebreaker_share_a_rank():
    games = [Game(1, "a", "b", 10, 10), Game(1, "c", "d", 10, 10)]
    rows = standings(players="abcd", games=games, scoring=Scoring(tiebreakers=("points",)))
    assert [r.rank for r in rows] == [1, 1, 1, 1]


def test_a_bye_is_a_win_without_victory_points_and_adds_nothing_to_the_schedule():
    games = [Game(1, "a", "b", 5, 3), Game(1, "c", None)]
    rows = {r.key: r for r in standings(players="abc", games=games, scoring=Scoring(win=2))}
    assert (rows["c"].wins, rows["c"].byes, rows["c"].points, rows["c"].vp_for) == (1, 1, 2, 0)
    assert rows["c"].sos == 0
    assert rows["c"].path == ["B"]
    assert rows["a"].sos == 0  # b lost: 0 points


def test_a_player_without_games_is_listed_with_nothing():
    rows = standings(players=["late"], games=[], scoring=Scoring())
    assert (rows[0].key, rows[0].rank, rows[0].points, rows[0].played) == ("late", 1, 0, 0)


def test_an_unknown_tiebreaker_is_refused():
    with pytest.raises(ValueError, match="unknown tie-breaker 'luck'"):
        Scoring(tiebreakers=("points", "luck"))

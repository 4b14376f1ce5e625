"""Who won a game has one home (forgebuilder/outcomes.py): the event's standings, the tracker's
result and the campaign report's winner it pre-fills give the same winner for the same scores,
and follow the one function when it changes; a finished game feeds the app that registered
for it, and the tracker names none of them."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from django.urls import reverse
from hypothesis import given, settings
from hypothesis import strategies as st

from forgebuilder import outcomes
from forgebuilder.campaigns.feed import report_winner
from forgebuilder.campaigns.models import Mission
from forgebuilder.events import standings
from forgebuilder.events.selectors import standings_of
from forgebuilder.outcomes import FeedRegistry, Outcome, PlayedSide, feeds
from forgebuilder.play import services
from forgebuilder.play.models import Game
from tests.test_import_graph import code_files, imported, module_name

from .test_after_mission import client_of, finish, sets
from .test_after_round import seats, start_for
from .test_play_pages import start

VP = st.integers(min_value=0, max_value=999)
SIDES = [
    {"player": SimpleNamespace(pk=11, user_id=1)},
    {"player": SimpleNamespace(pk=22, user_id=2)},
]
WORD = {"W": outcomes.WIN, "D": outcomes.DRAW, "L": outcomes.LOSS}
FIELD = {outcomes.WIN: "11", outcomes.DRAW: "", outcomes.LOSS: "22"}


def event_says(first_vp: int, second_vp: int) -> str:
    """The first player's result in the event's standings."""
    game = standings.Game(1, "ana", "ben", first_vp, second_vp)
    table = standings.standings(players=["ana", "ben"], games=[game], scoring=standings.Scoring())
    return WORD[next(row for row in table if row.key == "ana").path[0]]


def play_says(mine: int, theirs: int | None, said: str = "") -> str:
    """The tracker's result for the player who scored `mine`."""
    return services.decided_result(Game(state={"values": {"vp": mine}}), said, theirs)


def campaign_says(result: str, mine: int, theirs: int) -> str:
    """The winner the campaign report is pre-filled with (a seat's id, "" for a draw)."""
    game = PlayedSide(player_id=1, username="ana", result=result, vp=mine)
    other = PlayedSide(player_id=2, username="ben", result="", vp=theirs)
    return report_winner(game=game, other=other, sides=SIDES)


@settings(max_examples=60, deadline=None)
@given(first_vp=VP, second_vp=VP)
def test_every_app_gives_the_same_winner_for_the_same_scores(first_vp, second_vp):
    decided = outcomes.outcome(first_vp, second_vp).result_of(0)
    played = play_says(first_vp, second_vp)

    assert event_says(first_vp, second_vp) == decided
    assert played == decided
    assert campaign_says(played, first_vp, second_vp) == FIELD[decided]
    # seen from the other side, the same game
    assert event_says(second_vp, first_vp) == outcomes.outcome(first_vp, second_vp).result_of(1)


@settings(max_examples=30, deadline=None)
@given(first_vp=VP, second_vp=VP, said=st.sampled_from(outcomes.RESULTS))
def test_a_players_word_decides_over_the_victory_points(first_vp, second_vp, said):
    assert play_says(first_vp, second_vp, said) == said
    assert campaign_says(said, first_vp, second_vp) == FIELD[said]


def test_without_a_word_or_the_opponents_points_the_tracker_asks():
    with pytest.raises(services.GameRefused, match="won, drew or lost"):
        play_says(12, None)
    assert play_says(999, 998) == outcomes.WIN and play_says(7, 7) == outcomes.DRAW


@pytest.fixture
def all_draws(monkeypatch):
    """Who won, changed in its one home: every game is a draw, whatever the scores or words."""
    monkeypatch.setattr(outcomes, "outcome", lambda *args, **kwargs: Outcome(None))


def test_every_app_follows_the_one_home_of_who_won(all_draws):
    assert event_says(3, 1) == outcomes.DRAW
    assert play_says(3, 1) == outcomes.DRAW
    assert play_says(3, 1, outcomes.WIN) == outcomes.DRAW
    assert campaign_says(outcomes.WIN, 3, 1) == ""


@pytest.mark.django_db
def test_the_pages_follow_the_one_home_of_who_won(
    all_draws, mission, campaigners, pairing, entrants
):
    # a campaign report pre-filled by a finished game: no winner
    campaign, _a, b = mission
    ben = client_of(campaigners[1])
    finish(ben, start(ben, b.army), outcomes.LOSS)
    assert "winner" not in Mission.objects.get(campaign=campaign, number=1).draft
    # an event round entered by a finished game, confirmed: a draw in the standings
    ann, bob, _ann_first = seats(pairing, entrants)
    game = start_for(ann, pairing)
    sets(ann, game, "ann's VP", vp=12)
    finish(ann, game, outcomes.WIN, opponent_vp="7")
    assert Game.objects.get(pk=game.pk).result == outcomes.DRAW
    pairing.refresh_from_db()
    result = reverse("events:result", args=[pairing.round.event.public_id, pairing.pk])
    confirm = {"action": "confirm", "first_vp": pairing.first_vp, "second_vp": pairing.second_vp}
    assert bob.post(result, confirm).status_code == 302
    rows = standings_of(event=pairing.round.event)
    assert [(row.wins, row.draws, row.losses) for row in rows] == [(0, 1, 0), (0, 1, 0)]


def test_the_apps_register_their_feeds_and_the_tracker_names_none_of_them():
    assert [feed.key for feed in feeds] == ["campaigns", "events"]
    finishing = ("forgebuilder.play.services", "forgebuilder.play.finished")
    named = [
        f"{module_name(path)} imports {target}"
        for path in code_files()
        if module_name(path) in finishing
        for target in sorted(imported(path))
        if target.startswith(("forgebuilder.campaigns.", "forgebuilder.events."))
    ]
    assert named == []


def test_a_game_no_app_wants_feeds_nothing_and_two_feeds_under_one_key_are_refused():
    registry = FeedRegistry()
    assert registry.feed(SimpleNamespace(mine=None)) == ("", "")

    class Taker:
        key = "leagues"

        def wants(self, game):
            return True

        def feed(self, game):
            return "fed", ""

    class Other(Taker):
        pass

    registry.register(Taker())
    assert registry.feed(SimpleNamespace()) == ("fed", "")
    with pytest.raises(ValueError, match="Two game feeds under the key 'leagues'"):
        registry.register(Other())


def test_an_outcome_seen_from_either_side():
    assert outcomes.outcome() == outcomes.UNKNOWN and outcomes.UNKNOWN.result_of(0) == ""
    assert Outcome(0).flipped() == Outcome(1) and Outcome(None).flipped().draw
    with pytest.raises(ValueError, match="not 'won'"):
        outcomes.outcome(declared="won")

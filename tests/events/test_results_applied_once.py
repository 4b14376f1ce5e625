"""A result entered or confirmed twice (a retried post on a bad connection, a double tap) is
applied once: for any sequence of the players' and the organiser's result actions, doing each
one twice in a row ends where doing it once does, and the retry is answered as a success, not
a refusal; the opponent entering the very result that waits for them confirms it."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from forgebuilder.events import services
from forgebuilder.events.models import Game

pytestmark = pytest.mark.django_db

ACTS = {"report": services.game_report, "confirm": services.game_confirm,
        "withdraw": services.game_withdraw}  # fmt: skip
STEPS = st.lists(
    st.tuples(
        st.sampled_from(["first", "second", "organiser"]),
        st.sampled_from(sorted(ACTS)),
        st.sampled_from([(10, 4), (4, 10), (7, 7)]),
    ),
    max_size=6,
)


@pytest.fixture
def game(event, players):
    for p in players[:2]:
        services.entrant_check_in(
            event=event, entrant=services.entrant_register(event=event, player=p)
        )
    return services.round_pair(event=event, rng=random.Random(1)).games.get()


def _run(game, people, steps, times: int) -> list:
    """Each step `times` times in a row; what each first try answered (a game or a refusal)."""
    Game.objects.filter(pk=game.pk).update(
        status=Game.PAIRED, first_vp=None, second_vp=None, reported_by=None, withdrawn_by=None
    )
    answers = []
    for who, act, (a, b) in steps:
        for attempt in range(times):
            try:
                done = ACTS[act](game=game, by=people[who], first_vp=a, second_vp=b)
                answer = "ok"
            except services.EventRefused as refused:
                done, answer = None, f"refused: {refused}"
            if attempt == 0:
                answers.append(answer)
            elif answers[-1] == "ok":
                assert done is not None, f"the retry of {who} {act} {a}-{b} was refused: {answer}"
    game.refresh_from_db()
    return [answers, (game.status, game.first_vp, game.second_vp, game.reported_by_id)]


def test_every_action_done_twice_ends_as_done_once(game, event):
    people = {
        "first": game.first.player,
        "second": game.second.player,
        "organiser": event.organiser,
    }

    @settings(max_examples=30, deadline=None)
    @given(steps=STEPS)
    def check(steps):
        once = _run(game, people, steps, 1)
        twice = _run(game, people, steps, 2)
        assert twice == once

    check()


def test_the_opponent_entering_the_waiting_result_confirms_it(game):
    first, second = game.first.player, game.second.player
    services.game_report(game=game, by=first, first_vp=10, second_vp=4)
    services.game_report(game=game, by=second, first_vp=10, second_vp=4)
    game.refresh_from_db()
    assert (game.status, game.reported_by_id) == (Game.CONFIRMED, first.pk)


def test_a_different_result_from_the_opponent_is_still_refused(game):
    first, second = game.first.player, game.second.player
    services.game_report(game=game, by=first, first_vp=10, second_vp=4)
    with pytest.raises(services.EventRefused, match="waits for confirmation"):
        services.game_report(game=game, by=second, first_vp=4, second_vp=10)

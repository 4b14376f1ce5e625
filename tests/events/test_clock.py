"""The round clock: every sequence of organiser actions keeps the time a clock shows equal to
the minutes given less the time it ran, never below zero; actions its state does not allow are
refused plainly; only the organiser runs it, and the desk and the hall's screen show it."""

from __future__ import annotations

import datetime as dt
import random

import pytest
from django.urls import reverse
from hypothesis import given, settings
from hypothesis import strategies as st

from forgebuilder.events import clock, services
from forgebuilder.events.clock import ClockRefused, clock_act, clock_minutes, clock_state

pytestmark = pytest.mark.django_db
T0 = dt.datetime(2026, 12, 5, 10, 0, tzinfo=dt.UTC)


@pytest.fixture
def paired(event, players):
    for p in players[:2]:
        services.entrant_check_in(
            event=event, entrant=services.entrant_register(event=event, player=p)
        )
    services.round_pair(event=event, rng=random.Random(1))
    return event.round_set.get()


ACTIONS = st.lists(
    st.tuples(
        st.sampled_from(["start", "pause", "resume", "add", "stop"]),
        st.integers(min_value=1, max_value=200),  # minutes given
        st.integers(min_value=0, max_value=4000),  # seconds that pass after it
    ),
    max_size=12,
)


def test_the_clock_shows_what_it_was_given_less_what_it_ran(paired):
    @settings(max_examples=40, deadline=None)
    @given(actions=ACTIONS)
    def check(actions):
        paired.clock_ends_at = paired.clock_left = None
        paired.save()
        now, model = T0, None  # model: (running, seconds left) or None when stopped
        for action, minutes, passing in actions:
            try:
                state = clock_act(round_=paired, action=action, now=now, minutes=minutes)
            except ClockRefused:
                state = None
            model = _modelled(model, action, minutes, refused=state is None)
            now += dt.timedelta(seconds=passing)
            if model is not None and model[0]:
                model = (True, max(0, model[1] - passing))
            paired.refresh_from_db()
            shown = clock_state(paired, now)
            assert shown.seconds_left == (model[1] if model else 0)
            assert shown.seconds_left >= 0

    check()


def _modelled(model, action, minutes, *, refused):
    """The clock as a pair (running, seconds left), worked out independently."""
    if refused:
        return model
    if action == "start":
        return (True, minutes * 60)
    if action == "pause":
        return (False, model[1])
    if action == "resume":
        return (True, model[1])
    if action == "add":
        return (model[0], model[1] + minutes * 60)
    return None


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ("pause", "The clock is not running, so it cannot be paused."),
        ("resume", "The clock is not paused, so it cannot be resumed."),
        ("add", "The clock is not started."),
        ("jump", "Unknown clock action 'jump'."),
    ],
)
def test_what_a_stopped_clock_cannot_do_is_refused(paired, action, message):
    with pytest.raises(ClockRefused, match=message):
        clock_act(round_=paired, action=action, now=T0, minutes=5)


@pytest.mark.parametrize("raw", ["", "0", "-5", "1441", "2.5", "abc"])
def test_minutes_outside_a_day_are_refused(raw):
    with pytest.raises(ClockRefused, match="whole number from 1 to 1,440"):
        clock_minutes(raw)


def test_at_time_the_clock_reads_zero_and_can_be_given_more(paired):
    clock_act(round_=paired, action="start", now=T0, minutes=1)
    paired.refresh_from_db()
    late = T0 + dt.timedelta(minutes=3)
    assert clock_state(paired, late).status == clock.TIME
    clock_act(round_=paired, action="add", now=late, minutes=5)
    paired.refresh_from_db()
    assert clock_state(paired, late).shown == "5:00"


def test_the_organiser_runs_the_clock_from_the_desk(client, event, paired, organiser, players):
    url = reverse("events:clock", args=[event.public_id])
    desk = reverse("events:desk", args=[event.public_id])
    client.force_login(players[0])
    assert client.post(url, {"action": "start", "minutes": "150"}).status_code == 403
    client.force_login(organiser)

    answer = client.post(url, {"action": "start", "minutes": "150"}, follow=True)
    text = answer.content.decode()
    assert "Round 1&#x27;s clock runs: 2:30:00 to go." in text or "2:29:59" in text
    assert "Round 1's clock: runs until" in text
    answer = client.post(url, {"action": "start", "minutes": "150"}, follow=True)
    assert "The clock is already running or paused." in answer.content.decode()
    client.post(url, {"action": "pause"})
    assert "paused with" in client.get(desk).content.decode()
    answer = client.post(url, {"action": "add", "minutes": "x"}, follow=True)
    assert "Give the minutes as a whole number from 1 to 1,440." in answer.content.decode()
    paired.refresh_from_db()
    assert paired.clock_left is not None


def test_the_hall_screen_shows_the_clock(client, event, paired):
    clock_act(round_=paired, action="start", now=T0, minutes=90)
    page = client.get(reverse("events:projector", args=[event.public_id])).content.decode()
    assert (
        'data-status="running"' in page
        and f'data-ends-at="{(T0 + dt.timedelta(minutes=90)).isoformat()}"' in page
    )

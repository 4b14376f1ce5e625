"""The tracker does not trust a phone's clock, and a player's saves and taps are limited (issue
39, findings 5 and 6). A change stamped in the year 2200 used to freeze its counter: every later
set, a tap without JavaScript too, was dropped as older. Change times are now put on the
server's clock (less the phone's measured skew, never later than the server's now), the phone
is told how far off its clock is, and a game frozen before heals at its next change. Syncs and
taps past a player's limit are answered 429 with Retry-After, and nothing of them applies."""

from __future__ import annotations

import copy
import json

import pytest
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from forgebuilder.play import services, tracker
from forgebuilder.play.models import Game

from .conftest import VECTORS

SHEET = VECTORS["sheet"]
FOCUS = "u.u2.focus"  # on or off: a value set, where the later set wins
YEAR_2200 = 7_258_118_400_000
MINUTE = 60_000


@pytest.fixture
def game(mini_module, players) -> Game:
    return Game.objects.create(
        player=players[0], name="Vectors", module=mini_module, document={}, sheet=SHEET,
        state=tracker.initial_state(SHEET),
    )  # fmt: skip


def focus(game: Game) -> int:
    return Game.objects.get(pk=game.pk).state["values"][FOCUS]


def toggled(game: Game, at: int, change_id: str) -> dict:
    state = Game.objects.get(pk=game.pk).state
    return tracker.toggle(state, SHEET, FOCUS, at=at, change_id=change_id)


WHEN = st.sampled_from(["2200", "1970", "equal", "minutes ahead", "minutes behind", "now"])
STEPS = st.lists(
    st.tuples(st.sampled_from(["bad clock", "tap", "other phone", "vp"]), WHEN, st.booleans()),
    min_size=1,
    max_size=14,
)


@settings(
    max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(steps=STEPS)
def test_no_phones_clock_freezes_a_counter_and_later_real_changes_apply(game, steps):
    """A phone with any clock (far future, far past, equal to the last change, minutes off;
    telling its clock or, as a page cached before, not) syncs between taps without JavaScript
    and a phone with a right clock: every tap and every real change made later applies."""
    Game.objects.filter(pk=game.pk).update(state=tracker.initial_state(SHEET), version=1)
    last, vp = 0, 0
    for n, (what, when, tells_clock) in enumerate(steps):
        now = services.now_ms()
        if what == "bad clock":
            skew = {"2200": YEAR_2200 - now, "1970": -now, "equal": last - now,
                    "minutes ahead": 7 * MINUTE, "minutes behind": -9 * MINUTE, "now": 0}[when]  # fmt: skip
            change = toggled(game, now + skew, f"bad{n}")
            told = {"sent": now + skew} if tells_clock else {}  # a page cached before: no clock
            services.sync(game=game, player=game.player, changes=[change], **told)
            last = now + skew
        elif what == "tap":
            before = focus(game)
            result = services.tap(game=game, player=game.player, intent="toggle", path=FOCUS)
            assert result.not_saved() == [] and focus(game) == 1 - before
        elif what == "other phone":
            before = focus(game)
            change = toggled(game, services.now_ms(), f"other{n}")
            result = services.sync(game=game, player=game.player, changes=[change])
            assert result.not_saved() == [] and focus(game) == 1 - before
        else:  # a count applies whatever its time
            at = YEAR_2200 if when == "2200" else 0
            change = tracker.make_increment({"vp": 1}, label="VP +1", at=at, change_id=f"v{n}")
            services.sync(game=game, player=game.player, changes=[change])
            vp += 1
    stored = Game.objects.get(pk=game.pk).state
    assert stored["values"]["vp"] == vp
    assert max(stored["stamps"].values(), default=0) <= services.now_ms()


def test_a_game_frozen_by_a_stamp_in_the_year_2200_heals_at_its_next_tap(game):
    """A game saved before times were clamped keeps a stamp in 2200: a tap without
    JavaScript (and a phone's toggle) applies again."""
    state = copy.deepcopy(game.state)
    state["values"][FOCUS], state["stamps"][FOCUS] = 1, YEAR_2200
    Game.objects.filter(pk=game.pk).update(state=state)
    result = services.tap(game=game, player=game.player, intent="toggle", path=FOCUS)
    assert result.not_saved() == [] and focus(game) == 0
    change = toggled(game, services.now_ms(), "phone")
    services.sync(game=game, player=game.player, changes=[change])
    assert focus(game) == 1


def test_the_phone_is_told_how_far_off_its_clock_is_and_its_changes_are_put_right(client, game):
    """A phone 10 minutes ahead taps Focus on a minute before it sends: the change counts as
    made a minute ago on the server's clock, and the answer says the clock is 10 minutes
    ahead; a minute's skew is not worth telling."""
    client.force_login(game.player)
    url = reverse("play:sync", args=[game.public_id])
    phone_now = services.now_ms() + 10 * MINUTE
    change = toggled(game, phone_now - MINUTE, "ahead")
    body = json.dumps({"changes": [change], "sent": phone_now})
    answer = client.post(url, body, content_type="application/json").json()
    assert answer["clock_off_minutes"] == 10
    assert abs(answer["now"] - MINUTE - answer["state"]["stamps"][FOCUS]) < 5_000
    behind = toggled(game, services.now_ms() - 20 * MINUTE, "behind")
    body = json.dumps({"changes": [behind], "sent": services.now_ms() - 20 * MINUTE})
    answer = client.post(url, body, content_type="application/json").json()
    assert (answer["clock_off_minutes"], answer["refused"], focus(game)) == (-20, [], 0)
    nearly = toggled(game, services.now_ms() + MINUTE, "nearly")
    body = json.dumps({"changes": [nearly], "sent": services.now_ms() + MINUTE})
    assert client.post(url, body, content_type="application/json").json()["clock_off_minutes"] == 0


def vp_change(n: int) -> dict:
    return tracker.make_increment({"vp": 1}, label="Victory points +1", at=n, change_id=f"l{n}")


def test_the_sync_past_a_players_limit_is_refused_with_retry_after_and_nothing_applied(
    client, game, settings
):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "play-sync": (3, 60)}
    client.force_login(game.player)
    url = reverse("play:sync", args=[game.public_id])
    for n in range(3):
        body = json.dumps({"changes": [vp_change(n)]})
        assert client.post(url, body, content_type="application/json").status_code == 200
    refused = client.post(url, json.dumps({"changes": [vp_change(9)]}), "application/json")
    assert refused.status_code == 429
    assert 1 <= int(refused["Retry-After"]) <= 60
    assert refused.json()["retry_after"] == int(refused["Retry-After"])
    assert "Too many saves of your games" in refused.json()["error"]
    stored = Game.objects.get(pk=game.pk)
    assert (stored.state["values"]["vp"], stored.version) == (3, 4)


def test_taps_past_a_players_limit_are_refused_and_nothing_applied(client, game, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "play-tap": (2, 60)}
    client.force_login(game.player)
    url = reverse("play:tap", args=[game.public_id])
    for _ in range(2):
        assert client.post(url, {"do": "add:vp:1"}).status_code == 302
    refused = client.post(url, {"do": "add:vp:1"})
    assert refused.status_code == 429 and refused["Retry-After"]
    assert "Too many taps" in refused.content.decode()
    assert Game.objects.get(pk=game.pk).state["values"]["vp"] == 2


def test_a_sync_applies_its_changes_without_copying_the_state_for_each(game, monkeypatch):
    """200 changes: the game's state is copied no more than once, not once per change."""
    copies = []
    deepcopy = copy.deepcopy
    monkeypatch.setattr(tracker.copy, "deepcopy", lambda x, *a: copies.append(1) or deepcopy(x))
    changes = [vp_change(n) for n in range(200)]
    result = services.sync(game=game, player=game.player, changes=changes)
    assert (result.applied, result.game.state["values"]["vp"]) == (200, 200)
    assert len(copies) <= 1

"""An event's page and the hall's screen, read without a session, are answered from nginx's cache
between changes, in front of two instances; a confirmed result reaches those readers within
5 seconds; a signed-in player's page never comes from the cache (events/reader_page.py, the
/events/ location of docs/deploy/nginx-site.conf.template)."""

from __future__ import annotations

import json
import re
import time

import pytest

from .harness import Browser
from .test_share_page_cache import served_until

PROMISED = 5.0  # seconds: a confirmed result shows within this (the screens poll every 10)

MAKE_EVENT = """
import datetime as dt, json, random
from django.contrib.auth import get_user_model
from django.contrib.sessions.backends.db import SessionStore
from django.conf import settings
from django.utils import timezone
from factions.models import GameModule
from forgebuilder.events import services
from forgebuilder.events.models import Event, Entrant
users = get_user_model().objects
event = Event.objects.create(organiser=users.create_user("cache-olga"), name="Cached Open",
    starts_on=dt.date(2026, 12, 5), module=GameModule.objects.get(slug="ember-reach"),
    points_limit=2000, list_deadline=timezone.now() + dt.timedelta(days=1), rounds=3)
players = [users.create_user(f"cache-p{i}") for i in range(4)]
Entrant.objects.bulk_create([Entrant(event=event, player=p, checked_in=True) for p in players])
games = services.round_pair(event=event, rng=random.Random(1)).games.select_related("first", "second")
sessions = {}
for user in players:
    store = SessionStore()
    store["_auth_user_id"] = str(user.pk)
    store["_auth_user_backend"] = settings.AUTHENTICATION_BACKENDS[-1]
    store["_auth_user_hash"] = user.get_session_auth_hash()
    store.create()
    sessions[user.pk] = [user.username, store.session_key]
tables = [[g.pk, sessions[g.first.player_id], sessions[g.second.player_id]] for g in games]
print(json.dumps({"event": event.public_id, "tables": tables}))
"""


@pytest.fixture(scope="module")
def site(stack):
    """(stack, nginx's port, the event): nginx in front of two instances of two workers, and
    an event of four players with round 1 paired, each player with a session."""
    _, one = stack.start_app(workers=2)
    _, two = stack.start_app(workers=2)
    _, port = stack.start_nginx([one, two])
    made = stack.manage("shell", "-c", MAKE_EVENT).stdout.strip().splitlines()[-1]
    return stack, port, json.loads(made)


def player(port: int, seat: list[str]) -> Browser:
    """A signed-in player (`seat`: their username and session key)."""
    browser = Browser(port)
    browser.cookies["sessionid"] = seat[1]
    return browser


def read_again(reader: Browser, url: str):
    """The next read of `url`, once nginx has its copy in place: it hands the client the first
    answer a moment before it moves that answer into its cache, so a read right after may come
    in between (a MISS, answered by the app: about 1 in 40 on a busy machine). Read again
    after it, for up to a second."""
    for _ in range(10):
        answer = reader.get(url)
        if answer.headers["X-Cache-Status"] != "MISS":
            return answer
        time.sleep(0.1)
    return answer


def stamp_of(answer) -> str:
    return re.search(r'data-stamp="(\w+)"', answer.text).group(1)


def test_the_event_page_and_the_halls_screen_come_from_nginx_the_second_time(site):
    _, port, made = site
    reader = Browser(port)
    pages = [f"/events/{made['event']}/", f"/events/{made['event']}/projector/"]
    for url in pages:
        first, second = reader.get(url), read_again(reader, url)

        assert first.status == second.status == 200
        assert first.headers["X-Cache-Status"] in ("MISS", "EXPIRED")
        assert second.headers["X-Cache-Status"] == "HIT"
        assert "Cached Open" in second.text
    assert reader.set_cookie_headers == [] and not reader.cookies  # no cookie, cached or not
    # the screen's poll, while nothing moved: 204, from nginx from the second screen on
    poll = f"/events/{made['event']}/projector/screen?since={stamp_of(second)}"
    answers = [Browser(port).get(poll), read_again(Browser(port), poll)]
    assert [a.status for a in answers] == [204, 204]
    assert answers[1].headers["X-Cache-Status"] == "HIT"
    # an expired page is only asked after (If-None-Match: 304), then served from nginx again
    time.sleep(4.2)
    again = reader.get(pages[0])
    assert again.headers["X-Cache-Status"] == "REVALIDATED" and "Cached Open" in again.text


def test_a_confirmed_result_reaches_the_readers_and_the_screens_within_five_seconds(site):
    _, port, made = site
    game, first, second = made["tables"][1]
    page, screen = f"/events/{made['event']}/", f"/events/{made['event']}/projector/"
    reader = Browser(port)
    reader.get(page)
    stamp = stamp_of(reader.get(screen))
    poll = f"/events/{made['event']}/projector/screen?since={stamp}"
    assert reader.get(poll).status == 204
    assert read_again(reader, poll).headers["X-Cache-Status"] == "HIT"
    assert read_again(reader, page).headers["X-Cache-Status"] == "HIT"
    shown = '<span class="result">17–6</span>'  # the table's result, confirmed
    assert shown not in reader.get(page).text

    result = {"first_vp": 17, "second_vp": 6}
    entered = player(port, first).post(f"/events/{made['event']}/games/{game}/", result)
    confirmed = player(port, second).post(
        f"/events/{made['event']}/games/{game}/", {**result, "action": "confirm"}
    )
    assert entered.status == confirmed.status == 302
    page_after = served_until(reader, page, lambda a: shown not in a.text)
    screen_after = served_until(reader, poll, lambda a: a.status == 204)

    assert page_after < PROMISED and screen_after < PROMISED
    # each instance keeps the event's version for a second: a read just after the first new
    # answer may still be told "unchanged" (204) by the other; within the promise it is shown
    deadline = time.monotonic() + PROMISED
    while "17–6" not in reader.get(poll).text:
        assert time.monotonic() < deadline, "the screen's poll never showed the result"
        time.sleep(0.1)


def test_a_signed_in_players_page_never_comes_from_the_cache(site):
    _, port, made = site
    _game, first, _second = made["tables"][0]
    page = f"/events/{made['event']}/"
    Browser(port).get(page)  # an anonymous read fills the cache
    assert read_again(Browser(port), page).headers["X-Cache-Status"] == "HIT"
    me = player(port, first)

    own = [me.get(page) for _ in range(2)]
    screen = me.get(f"/events/{made['event']}/projector/")

    assert [a.headers["X-Cache-Status"] for a in own] == ["BYPASS", "BYPASS"]
    assert all(
        "Log out" in a.text and "public" not in a.headers.get("Cache-Control", "") for a in own
    )
    assert screen.headers["X-Cache-Status"] == "BYPASS"
    # and what the player was shown never reaches an anonymous reader
    after = read_again(Browser(port), page)
    assert after.headers["X-Cache-Status"] == "HIT" and "Log out" not in after.text

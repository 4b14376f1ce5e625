"""The hall's screen on a 1080p projector: 40 players' pairings page through by themselves,
the round clock ticks, and when the organiser pauses it at the desk the screen shows it within
a poll, without a reload; it fits a 4K screen and a phone too, and axe finds nothing serious."""

from __future__ import annotations

import datetime as dt
import random
import re

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone
from playwright.sync_api import expect

from factions.models import GameModule
from forgebuilder.events import services
from forgebuilder.events.clock import clock_act
from forgebuilder.events.models import Event

from .axe import axe_problems_in_both_schemes
from .campaign import looked_at, no_sideways_scroll, window


def _big_event(organiser) -> Event:
    users = get_user_model().objects
    event = Event.objects.create(
        organiser=organiser, name="Ember Cup", starts_on=dt.date(2026, 12, 5),
        module=GameModule.objects.get(slug="ashen-stars"), points_limit=1000,
        list_deadline=timezone.now() + dt.timedelta(days=1), rounds=3,
        tiebreakers=["points", "sos", "vp_diff"],
    )  # fmt: skip
    for i in range(40):
        player = users.create_user(f"player{i:02d}")
        entrant = services.entrant_register(event=event, player=player)
        services.entrant_check_in(event=event, entrant=entrant)
    services.round_pair(event=event, rng=random.Random(1))
    return event


@pytest.mark.django_db(transaction=True)
def test_the_hall_screen_pages_ticks_and_follows_the_desk(
    browser, live_server, starter_modules, settings
):
    settings.PROJECTOR_POLL_SECONDS = 1
    organiser = get_user_model().objects.create_user("olga", password="pw-123456789")
    event = _big_event(organiser)
    projector = f"{live_server.url}/events/{event.public_id}/projector/"

    with (
        window(browser, live_server, organiser, (1920, 1080)) as hall,
        window(browser, live_server, organiser, (1366, 900)) as desk,
    ):
        hall.goto(projector)
        expect(hall.locator("h1")).to_have_text("Ember Cup: round 1 of 3")
        expect(hall.locator(".page-no")).to_contain_text("Pairings · page 1 of ")
        assert hall.locator("meta[http-equiv=refresh]").count() == 0
        assert hall.locator(".site-header").count() == 0
        # the rows shown fit the screen: nothing below its bottom edge
        bottom = hall.evaluate(
            "Math.max(...[...document.querySelectorAll('.row')].filter(r => !r.hidden)"
            ".map(r => r.getBoundingClientRect().bottom))"
        )
        assert bottom <= 1080

        desk.goto(f"{live_server.url}/events/{event.public_id}/desk/")
        desk.get_by_role("button", name="Start the clock").click()
        expect(desk.locator(".messages")).to_contain_text("Round 1's clock runs")
        clock = hall.locator("#clock .clock-time")
        expect(clock).to_contain_text("2:29:", timeout=5000)
        first = clock.inner_text()
        hall.wait_for_timeout(1500)
        assert clock.inner_text() != first  # it ticks in the page
        looked_at(hall, "hall-1080")

        desk.get_by_role("button", name="Pause").click()
        expect(hall.locator("#clock")).to_contain_text("paused", timeout=5000)
        assert hall.evaluate("performance.getEntriesByType('navigation').length") == 1
        assert axe_problems_in_both_schemes(hall) == {"light": [], "dark": []}

        hall.set_viewport_size({"width": 3840, "height": 2160})
        hall.reload()
        expect(hall.locator(".page-no")).to_be_attached()
        looked_at(hall, "hall-4k")
        hall.set_viewport_size({"width": 375, "height": 812})
        hall.reload()
        expect(hall.locator("h1")).to_be_visible()
        no_sideways_scroll(hall, 375)
        looked_at(hall, "hall-375")


@pytest.mark.parametrize("told_by", ["its own ask", "the screen's polls"])
@pytest.mark.django_db(transaction=True)
def test_the_clock_keeps_the_servers_time_when_the_screen_was_drawn_a_minute_ago(
    browser, live_server, starter_modules, settings, told_by
):
    """The proxy may hand the hall a screen drawn seconds ago (its `data-now` is then that old):
    the clock takes the server's time from the answers' Date headers instead, so it shows what
    is left now, not a minute more. Here the screen reaches the hall as if drawn a minute before,
    and the screen's polls are left unchanged (204) so it is never drawn again. The time comes
    from the page's own ask at its start, or, when that ask is lost, from the polls' answers."""
    asks = told_by == "its own ask"
    # without its own ask, the page polls every second; with it, not within the test
    settings.PROJECTOR_POLL_SECONDS = 600 if asks else 1
    organiser = get_user_model().objects.create_user("olga", password="pw-123456789")
    event = _big_event(organiser)
    clock_act(round_=event.round_set.get(), action="start", now=timezone.now(), minutes=150)
    projector = f"{live_server.url}/events/{event.public_id}/projector/"

    def drawn_a_minute_ago(route):
        if route.request.method != "GET":  # the page's own ask of the time (HEAD)
            route.continue_() if asks else route.abort()
            return
        answer = route.fetch()
        body = answer.text()
        drawn = re.search(r'data-now="([^"]+)"', body).group(1)
        old = (dt.datetime.fromisoformat(drawn) - dt.timedelta(minutes=1)).isoformat()
        route.fulfill(response=answer, body=body.replace(drawn, old))

    with window(browser, live_server, organiser, (1920, 1080)) as hall:
        hall.route(re.compile(r".*/projector/$"), drawn_a_minute_ago)
        hall.goto(projector)
        clock = hall.locator("#clock .clock-time")
        expect(clock).to_contain_text("2:29:", timeout=5000)  # 2:30:5x before the fix
        hall.wait_for_timeout(1500)
        assert clock.inner_text().startswith("2:29:"), clock.inner_text()

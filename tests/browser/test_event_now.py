"""Two players' phones during a round: each sees their table at the top of the event page, and
a result entered or confirmed on one phone shows on the other within a poll, without a reload.
Only a browser shows the layout at 375x812 (where the table is on the screen), the htmx swap and
that no navigation happened; the section's states are proved over HTTP in
tests/events/test_event_now.py."""

from __future__ import annotations

import random

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from factions.models import GameModule
from forgebuilder.events import services
from forgebuilder.events.models import Event
from tests.events.conftest import entered

from .axe import axe_problems_in_both_schemes
from .campaign import SIZES, looked_at, no_sideways_scroll, window

LEGAL = ("lantern_marshal", "lightbearer_squad")
NAVIGATIONS = "performance.getEntriesByType('navigation').length"


def _paired(players) -> tuple[Event, object]:
    import datetime as dt

    from django.utils import timezone

    organiser = get_user_model().objects.create_user("olga")
    event = Event.objects.create(
        organiser=organiser, name="Ember Cup", starts_on=dt.date(2026, 12, 5),
        module=GameModule.objects.get(slug="ashen-stars"), points_limit=1000,
        list_deadline=timezone.now() + dt.timedelta(days=1), rounds=3,
        tiebreakers=["points", "sos", "vp_diff"],
    )  # fmt: skip
    for player in players:
        entered(event, player, *LEGAL)
    return event, services.round_pair(event=event, rng=random.Random(1)).games.get()


@pytest.mark.django_db(transaction=True)
def test_a_result_entered_on_one_phone_shows_on_the_other_without_a_reload(
    browser, live_server, starter_modules, settings
):
    settings.EVENT_NOW_POLL_SECONDS = 1
    users = get_user_model().objects
    event, game = _paired([users.create_user("ann"), users.create_user("eli")])
    a, b = game.first.player, game.second.player
    url = f"{live_server.url}/events/{event.public_id}/"

    with (
        window(browser, live_server, a, SIZES["phone"]) as phone_a,
        window(browser, live_server, b, SIZES["phone"]) as phone_b,
    ):
        phone_a.goto(url)
        phone_b.goto(url)
        phone_a.evaluate("window.kept = 'the same page'")
        now = phone_a.locator("#now")
        expect(now).to_contain_text(f"Table {game.table}")
        expect(now).to_contain_text(f"against {b.username}")
        assert now.bounding_box()["y"] + 100 <= 812, "the player's table is below the first screen"
        no_sideways_scroll(phone_a, 375)
        looked_at(phone_a, "event-now-playing")

        phone_b.locator("#now").get_by_label(f"{a.username} VP").fill("14")
        phone_b.locator("#now").get_by_label(f"{b.username} VP").fill("9")
        phone_b.locator("#now").get_by_role("button", name="Enter the result").click()
        expect(phone_b.locator("#now")).to_contain_text(f"waiting for {a.username} to confirm")

        confirm = now.get_by_role("button", name="Confirm 14–9", exact=True)
        expect(confirm).to_be_visible(timeout=5000)
        expect(now).to_contain_text(f"{b.username} entered 14–9")
        assert phone_a.evaluate(NAVIGATIONS) == 1
        assert phone_a.evaluate("window.kept") == "the same page"  # not reloaded
        looked_at(phone_a, "event-now-confirm")
        phone_a.wait_for_timeout(1200)  # a poll more: nothing moves while axe reads the page
        assert axe_problems_in_both_schemes(phone_a) == {"light": [], "dark": []}
        confirm.click()
        expect(now).to_contain_text("Result confirmed: 14–9")

        phone_b.evaluate("window.kept = 'the same page'")
        expect(phone_b.locator("#now")).to_contain_text("Result confirmed: 14–9", timeout=5000)
        expect(phone_b.locator("#now")).to_contain_text("Round 2 is not paired yet")
        # and the row of the pairings below follows: the page shows one state of the game
        expect(phone_b.locator(f"#game-{game.pk} .result")).to_have_text("14–9")
        expect(phone_b.get_by_role("button", name="Withdraw 14–9 to correct it")).to_have_count(0)
        assert phone_b.evaluate(NAVIGATIONS) == 1
        assert phone_b.evaluate("window.kept") == "the same page"
        no_sideways_scroll(phone_b, 375)
        looked_at(phone_b, "event-now-confirmed")
        assert axe_problems_in_both_schemes(phone_b) == {"light": [], "dark": []}

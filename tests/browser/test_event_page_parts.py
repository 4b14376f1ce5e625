"""A phone at a 120-player event: its own game first, one part of the pairings and standings at
a time, and a player found by name."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from forgebuilder.events.presenters import PAGE_ROWS
from forgebuilder.events.selectors import current_round, games_of
from tests.events.test_event_page_reads import _event

from .campaign import SIZES, window

SHOTS = os.environ.get("SCREENSHOT_DIR")


@pytest.mark.django_db(transaction=True)
def test_a_phone_finds_its_game_and_pages_through_a_large_event(
    live_server, browser, starter_modules
):
    from factions.models import GameModule

    event = _event(GameModule.objects.get(slug="ashen-stars"), 120)
    far = list(games_of(current_round(event)))[-1]  # on the last part of the pairings
    me = far.second.player

    with window(browser, live_server, me, SIZES["phone"]) as page:
        page.goto(f"{live_server.url}/events/{event.public_id}/")
        mine = page.locator("#my-game + ol .pairing")
        expect(mine).to_contain_text(me.get_username())
        expect(page.locator("#round nav")).to_contain_text(f"Games 1–{PAGE_ROWS} of 60")
        assert page.evaluate("document.documentElement.scrollWidth") <= 375

        page.locator("#standings nav").get_by_role("link", name="Next →").click()
        expect(page.locator("#standings nav")).to_contain_text(
            f"Players {PAGE_ROWS + 1}–{2 * PAGE_ROWS} of 120"
        )

        page.get_by_role("searchbox", name="Find a player").fill("p120-7")
        page.get_by_role("button", name="Find").click()
        expect(page.locator("#standings tbody tr")).to_have_count(11)  # p120-7, -70 … -79
        page.get_by_role("link", name="Everyone").click()
        expect(page.locator("#round nav")).to_contain_text("of 60")
        if SHOTS:
            Path(SHOTS).mkdir(parents=True, exist_ok=True)
            page.screenshot(path=f"{SHOTS}/event-parts-phone.png", full_page=True)

"""The organiser's desk on a phone: checking a player in redraws their row and the desk's counts
without reloading the page; ticking players checks them in at once; the clock starts here."""

from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone
from playwright.sync_api import expect

from factions.catalog import catalog_for
from factions.models import GameModule
from forgebuilder.events import services
from forgebuilder.events.models import Event

from .axe import axe_problems_in_both_schemes
from .campaign import looked_at, no_sideways_scroll, window


@pytest.mark.django_db(transaction=True)
def test_the_desk_checks_players_in_without_a_reload(browser, live_server, starter_modules):
    users = get_user_model().objects
    olga = users.create_user("olga", password="pw-123456789")
    event = Event.objects.create(
        organiser=olga, name="Ember Cup", starts_on=dt.date(2026, 12, 5),
        module=GameModule.objects.get(slug="ashen-stars"), points_limit=1000,
        list_deadline=timezone.now() + dt.timedelta(days=1), rounds=3,
        tiebreakers=["points", "sos", "vp_diff"],
    )  # fmt: skip
    entrants = {
        name: services.entrant_register(event=event, player=users.create_user(name))
        for name in ("ann", "bob", "cat", "dan")
    }

    with window(browser, live_server, olga, (375, 812), mobile=True) as page:
        page.goto(f"{live_server.url}/events/{event.public_id}/desk/")
        expect(page.locator("#desk-summary")).to_contain_text("0 checked in")
        row = page.locator(f"#entrant-{entrants['ann'].pk}")
        row.get_by_role("button", name="Check in").click()
        expect(row).to_contain_text("checked in")
        expect(page.locator("#desk-summary")).to_contain_text("1 checked in")
        expect(page.locator("#flash")).to_contain_text("ann is checked in.")
        assert page.evaluate("performance.getEntriesByType('navigation').length") == 1
        assert page.evaluate(
            "document.activeElement !== document.body"
        )  # focus not lost to the page
        page.get_by_label("Tick bob").check()
        page.get_by_label("Tick cat").check()
        page.locator("#bulk").get_by_role("button", name="Check in").click()
        expect(page.locator(".messages")).to_contain_text("2 players checked in.")
        expect(page.locator("#desk-summary")).to_contain_text("3 checked in")
        page.get_by_role("link", name="Not checked in (1)").click()
        expect(page.locator(".desk-row")).to_have_count(1)
        no_sideways_scroll(page, 375)
        looked_at(page, "desk-375")
        assert axe_problems_in_both_schemes(page) == {"light": [], "dark": []}


@pytest.mark.django_db(transaction=True)
def test_the_event_form_lists_the_chosen_games_factions(browser, live_server, starter_modules):
    olga = get_user_model().objects.create_user("olga", password="pw-123456789")
    ashen = GameModule.objects.get(slug="ashen-stars")

    with window(browser, live_server, olga, (375, 812), mobile=True) as page:
        page.goto(f"{live_server.url}/events/new/")
        expect(page.locator("#pack-factions")).to_contain_text("Choose the game")
        expect(page.get_by_role("button", name="Show its factions")).to_be_hidden()
        page.get_by_label("Game", exact=True).select_option(str(ashen.pk))
        page.locator("#pack-factions summary").click()
        expect(page.get_by_label("The Gutterfleet")).to_be_visible()
        factions = catalog_for(ashen).spec.factions
        assert page.locator("#pack-factions input[type=checkbox]").count() == len(factions)
        no_sideways_scroll(page, 375)

"""The battle report in a browser, filled on a phone (375x812, a card per unit) and looked at on a
desktop too (1366x900, a table per side): a missing roll is asked for by name and nothing typed
is lost; axe finds no serious accessibility problem in the form with its error."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .campaign import SIZES, ashfall, checked_at_both_sizes, window


@pytest.mark.django_db(transaction=True)
def test_a_missing_roll_is_asked_by_name_and_the_report_keeps_every_value(
    live_server, browser, starter_modules
):
    t = ashfall(set_up=True)
    ana, campaign = t.ana, t.campaign

    with window(browser, live_server, ana, SIZES["phone"]) as page:
        page.goto(f"{live_server.url}/campaigns/{campaign.pk}/missions/1/report/")
        form = page.locator("#battle-report")
        form.get_by_label("ana won").check()
        form.get_by_label("Lightbearer Squad: enemy units killed").fill("2")
        form.get_by_label("Corsair Captain: destroyed or routed").check()
        form.get_by_label("Deckhand Mob: destroyed or routed").check()
        form.get_by_label("Corsair Captain's casualty roll").fill("1")
        form.get_by_label("Deckhand Mob's casualty roll").fill("4")
        # every roll has its own "Roll for me", ticked on a new report: the captain's injury
        # roll is to be made on real dice
        form.get_by_label("Roll for me: Corsair Captain, injury or talent roll").uncheck()
        checked_at_both_sizes(page, "report")
        form.get_by_role("button", name="Record the mission").click()

        expect(page.locator(".messages")).to_contain_text(
            "Corsair Captain's injury roll is needed: enter it, or tick its 'Roll for me'."
        )
        form = page.locator("#battle-report")
        expect(form.get_by_label("ana won")).to_be_checked()
        expect(form.get_by_label("Lightbearer Squad: enemy units killed")).to_have_value("2")
        expect(form.get_by_label("Corsair Captain: destroyed or routed")).to_be_checked()
        expect(form.get_by_label("Deckhand Mob's casualty roll")).to_have_value("4")
        hero_roll = form.get_by_label("Corsair Captain's injury or talent roll")
        expect(hero_roll).to_have_attribute("aria-invalid", "true")
        checked_at_both_sizes(page, "report-error", axe=True)
        # nobody has a die at hand after all: the server rolls that one (and only that one)
        form.get_by_label("Roll for me: Corsair Captain, injury or talent roll").check()
        form.get_by_role("button", name="Record the mission").click()

        expect(page.locator(".messages")).to_contain_text("Mission 1 recorded")
        standings = page.locator("table.standings")
        expect(standings.locator("tr", has_text="ana")).to_contain_text("150 pts")
        expect(standings.locator("tr", has_text="ben")).to_contain_text("300 pts")
        dice = page.locator(".history .dice").first
        expect(dice).to_contain_text("Corsair Captain's casualty roll 1 (entered)")
        expect(dice).to_contain_text("Deckhand Mob's casualty roll 4 (entered)")
        expect(dice).to_contain_text("Corsair Captain's injury roll")
        expect(dice).to_contain_text("(rolled by the server)")
        checked_at_both_sizes(page, "report-recorded")

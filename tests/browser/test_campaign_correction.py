"""Correcting a report in a browser (375x812 and 1366x900): the organiser voids the last
report; the page says what was undone, the standings go back, the mission can be reported
again, and the history says who corrected it."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .campaign import SIZES, ashfall, logged_in, looked_at, no_sideways_scroll


@pytest.mark.parametrize("size", SIZES.values(), ids=SIZES.keys())
@pytest.mark.django_db(transaction=True)
def test_the_organiser_voids_the_last_report_and_sees_what_was_undone(
    live_server, browser, starter_modules, size
):
    t = ashfall(levelled=True)
    ana, campaign = t.ana, t.campaign

    context = logged_in(browser, live_server, ana, size)
    page = context.new_page()
    try:
        page.goto(f"{live_server.url}/campaigns/{campaign.pk}/")
        expect(page.locator("table.standings").locator("tr", has_text="ana")).to_contain_text(
            "150 pts"
        )
        page.get_by_text("Correct the report of mission 1…").click()
        box = page.locator("#correct-report")
        box.get_by_label("Why (kept in the history)").fill("Ben won")
        looked_at(page, f"correct-{size[0]}")
        box.get_by_role("button", name="Void the report of mission 1").click()

        messages = page.locator(".messages")
        expect(messages).to_contain_text("The report of mission 1 is voided: report it again.")
        expect(messages).to_contain_text(
            "Undone: ana: Lightbearer Squad: level 1, rolled Resilient"
        )
        row = page.locator("table.standings").locator("tr", has_text="ana")
        expect(row).to_contain_text("0 pts")
        expect(page.locator(".history")).to_contain_text(
            "ana voided the report of mission 1: Ben won"
        )
        expect(page.locator("#next-step")).to_contain_text("Play and report mission 1 with ben")
        looked_at(page, f"corrected-{size[0]}")
        no_sideways_scroll(page, size[0])
    finally:
        context.close()


@pytest.mark.parametrize("size", SIZES.values(), ids=SIZES.keys())
@pytest.mark.django_db(transaction=True)
def test_the_organiser_corrects_the_report_from_the_form_as_recorded(
    live_server, browser, starter_modules, size
):
    t = ashfall(levelled=True)

    context = logged_in(browser, live_server, t.ana, size)
    page = context.new_page()
    try:
        page.goto(f"{live_server.url}/campaigns/{t.campaign.pk}/")
        page.get_by_text("Correct the report of mission 1…").click()
        page.locator("#correct-report").get_by_role("link", name="Correct this report").click()

        form = page.locator("#battle-report")
        expect(form.get_by_label("ana won")).to_be_checked()
        kills = form.get_by_label("Lightbearer Squad: enemy units killed")
        expect(kills).to_have_value("4")
        form.get_by_label("ben won").check()
        kills.fill("0")
        form.get_by_label("Why (kept in the history)").fill("Ben held the field")
        looked_at(page, f"amend-{size[0]}")
        no_sideways_scroll(page, size[0])
        form.get_by_role("button", name="Record the corrected report").click()

        messages = page.locator(".messages")
        expect(messages).to_contain_text("The report of mission 1 is corrected.")
        expect(messages).to_contain_text("Undone: ana: Lightbearer Squad: level 1")
        standings = page.locator("table.standings")
        expect(standings.locator("tr", has_text="ana")).to_contain_text("300 pts")
        expect(standings.locator("tr", has_text="ben")).to_contain_text("150 pts")
        expect(page.locator(".history")).to_contain_text(
            "ana corrected the report of mission 1: Ben held the field"
        )
    finally:
        context.close()

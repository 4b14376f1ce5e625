"""Correcting a report in a browser, on a phone (each page looked at on a desktop too): the
organiser voids the last report; the page says what was undone, the standings go back, the
mission can be reported again, and the history says who corrected it."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .campaign import (
    SIZES,
    ashfall,
    checked_at_both_sizes,
    looked_at,
    no_sideways_scroll,
    window,
)


@pytest.mark.django_db(transaction=True)
def test_the_organiser_voids_the_last_report_and_sees_what_was_undone(
    live_server, browser, starter_modules
):
    t = ashfall(levelled=True)
    ana, campaign = t.ana, t.campaign

    with window(browser, live_server, ana, SIZES["phone"]) as page:
        page.goto(f"{live_server.url}/campaigns/{campaign.pk}/")
        expect(page.locator("table.standings").locator("tr", has_text="ana")).to_contain_text(
            "150 pts"
        )
        page.get_by_text("Correct the report of mission 1…").click()
        box = page.locator("#correct-report")
        box.get_by_label("Why (kept in the history)").fill("Ben won")
        checked_at_both_sizes(page, "correct")
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
        checked_at_both_sizes(page, "corrected")


@pytest.mark.django_db(transaction=True)
def test_the_organiser_corrects_the_report_from_the_form_as_recorded(
    live_server, browser, starter_modules
):
    t = ashfall(levelled=True)

    with window(browser, live_server, t.ana, SIZES["phone"]) as page:
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
        checked_at_both_sizes(page, "amend")
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


@pytest.mark.django_db(transaction=True)
def test_ben_proposes_a_correction_and_ana_confirms_it_on_a_phone(
    live_server, browser, starter_modules
):
    t = ashfall(reported=True)  # ana won, her squad killed four units
    cy = type(t.ana).objects.create_user("cy", "cy@example.com", "pw-123456789")
    type(t.campaign).objects.filter(pk=t.campaign.pk).update(organiser=cy)  # cy plays no part
    phone = SIZES["phone"]
    home = f"{live_server.url}/campaigns/{t.campaign.pk}/"

    with window(browser, live_server, t.ben, phone) as page:
        page.goto(home)
        page.get_by_text("Correct the report of mission 1…").click()
        page.locator("#correct-report").get_by_role("link", name="Propose a correction").click()
        form = page.locator("#battle-report")
        form.get_by_label("ben won").check()
        form.get_by_label("Lightbearer Squad: enemy units killed").fill("0")
        form.get_by_label("Why (kept in the history)").fill("Ben held the field")
        no_sideways_scroll(page, phone[0])
        form.get_by_role("button", name="Propose this correction").click()
        expect(page.locator(".messages")).to_contain_text(
            "Your correction of mission 1 is proposed"
        )
        expect(page.locator("table.standings").locator("tr", has_text="ana")).to_contain_text(
            "150 pts"
        )  # nothing applied until ana confirms

    with window(browser, live_server, t.ana, phone) as page:
        page.goto(home)
        page.locator("#next-step").get_by_role(
            "link", name="Confirm or decline ben's correction of mission 1"
        ).click()
        expect(page.locator("#proposal")).to_contain_text(
            "ben proposes this correction: “Ben held the field”"
        )
        form = page.locator("#battle-report")
        expect(form.get_by_label("ben won")).to_be_checked()
        expect(form.get_by_label("ben won")).to_be_disabled()  # confirmed as ben typed it
        looked_at(page, "confirm-proposal-375")
        no_sideways_scroll(page, phone[0])
        form.get_by_role("button", name="Confirm this correction").click()

        expect(page.locator(".messages")).to_contain_text("The report of mission 1 is corrected.")
        standings = page.locator("table.standings")
        expect(standings.locator("tr", has_text="ana")).to_contain_text("300 pts")
        expect(standings.locator("tr", has_text="ben")).to_contain_text("150 pts")
        expect(page.locator(".history")).to_contain_text(
            "ana confirmed ben's correction of the report of mission 1: Ben held the field"
        )
        looked_at(page, "confirmed-proposal-375")

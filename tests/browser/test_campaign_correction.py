"""Correcting a report in a browser (375x812 and 1366x900): the organiser voids the last
report; the page says what was undone, the standings go back, the mission can be reported
again, and the history says who corrected it."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from factions.models import GameModule
from forgebuilder.campaigns import services
from forgebuilder.campaigns.dice import EnteredDie
from forgebuilder.campaigns.steps import BattleReport
from forgebuilder.campaigns.steps import UnitOutcome as Out
from tests.campaigns.conftest import make_army

from .test_campaign_report import WIDEST, logged_in, looked_at

SIZES = {"phone": (375, 812), "desktop": (1366, 900)}


@pytest.mark.parametrize("size", SIZES.values(), ids=SIZES.keys())
@pytest.mark.django_db(transaction=True)
def test_the_organiser_voids_the_last_report_and_sees_what_was_undone(
    live_server, browser, starter_modules, size
):
    users = get_user_model().objects
    ana = users.create_user("ana", "ana@example.com", "pw-123456789")
    ben = users.create_user("ben", "ben@example.com", "pw-123456789")
    ashen = GameModule.objects.get(slug="ashen-stars")
    campaign = services.campaign_create(organiser=ana, module=ashen, name="Ashfall")
    a = services.campaign_join(
        campaign=campaign, user=ana,
        army_list=make_army(ashen, ana, "cinder_compact", "lantern_marshal", "lightbearer_squad"),
    )  # fmt: skip
    b = services.campaign_join(
        campaign=campaign, user=ben,
        army_list=make_army(ashen, ben, "gutterfleet", "corsair_captain", "deckhand_mob"),
    )  # fmt: skip
    setup = services.mission_setup(
        campaign=campaign, players=[a, b], die=EnteredDie([]), objective="rage"
    )
    services.mission_report(mission=setup.mission, reports={
        a.pk: BattleReport(won=True, units={"u2": Out(killed_units=4)}),
        b.pk: BattleReport(won=False),
    }, die=EnteredDie([]))  # fmt: skip
    services.army_level_up(player=a, unit_id="u2", die=EnteredDie([4]))

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
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= size[0], f"the page scrolls sideways: {page.evaluate(WIDEST)}"
    finally:
        context.close()

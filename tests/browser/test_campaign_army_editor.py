"""The editor on a campaign army in a browser (375x812 and 1366x900): the banner says so and
leads to the campaign page, Undo is off after a campaign step, and adding a unit is refused
with a message while the army keeps its value."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from factions.models import GameModule
from forgebuilder.armylists.models import ArmyList
from forgebuilder.campaigns import services
from forgebuilder.campaigns.dice import EnteredDie
from forgebuilder.campaigns.steps import BattleReport
from forgebuilder.campaigns.steps import UnitOutcome as Out
from tests.campaigns.conftest import make_army

from .test_campaign_report import WIDEST, logged_in, looked_at

SIZES = {"phone": (375, 812), "desktop": (1366, 900)}


@pytest.mark.parametrize("size", SIZES.values(), ids=SIZES.keys())
@pytest.mark.django_db(transaction=True)
def test_the_editor_on_a_campaign_army_refuses_what_bypasses_the_campaign(
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
    army = ArmyList.objects.get(pk=a.army_id)
    before = army.document

    context = logged_in(browser, live_server, ana, size)
    page = context.new_page()
    try:
        page.goto(f"{live_server.url}/lists/{army.public_id}/")
        notice = page.locator("#list-notice")
        expect(notice).to_contain_text("This is ana's army in the campaign Ashfall")
        expect(page.locator("#undo button")).to_be_disabled()
        catalogue_tab = page.locator("[data-view-tab=catalogue]")
        if catalogue_tab.is_visible():
            catalogue_tab.click()
        page.get_by_role("button", name="Add Lightbearer Squad", exact=True).click()
        expect(page.locator("#flash")).to_contain_text(
            "is ana's army in the campaign Ashfall: its units, upgrades and settings change only "
            "through the campaign"
        )
        looked_at(page, f"campaign-editor-{size[0]}")
        list_tab = page.locator("[data-view-tab=list]")
        if list_tab.is_visible():
            list_tab.click()
        expect(page.locator("article.unit")).to_have_count(2)
        page.locator("#list-notice").get_by_role(
            "link", name="Open the army's campaign page"
        ).click()
        expect(page.locator("main")).to_contain_text("Lightbearer Squad")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= size[0], f"the page scrolls sideways: {page.evaluate(WIDEST)}"
    finally:
        context.close()
    assert ArmyList.objects.get(pk=army.pk).document == before

"""The editor on a campaign army in a browser (375x812 and 1366x900): the banner says so and
leads to the campaign page, Undo is off after a campaign step, and adding a unit is refused
with a message while the army keeps its value."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from forgebuilder.armylists.models import ArmyList

from .campaign import SIZES, ashfall, logged_in, looked_at, no_sideways_scroll


@pytest.mark.parametrize("size", SIZES.values(), ids=SIZES.keys())
@pytest.mark.django_db(transaction=True)
def test_the_editor_on_a_campaign_army_refuses_what_bypasses_the_campaign(
    live_server, browser, starter_modules, size
):
    t = ashfall(levelled=True)
    ana, a = t.ana, t.a
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
        no_sideways_scroll(page, size[0])
    finally:
        context.close()
    assert ArmyList.objects.get(pk=army.pk).document == before

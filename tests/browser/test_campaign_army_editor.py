"""The editor on a campaign army in a browser (375x812 and 1366x900): the banner says so and
leads to the campaign page, Undo is off after a campaign step, and no control the campaign
would refuse is offered: no Add, Remove, Duplicate, model counts, upgrades or settings, only
the names and notes; the catalogue leads to recruiting on the campaign page instead."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from forgebuilder.lists.models import ArmyList

from .campaign import SIZES, ashfall, looked_at, no_sideways_scroll, window


@pytest.mark.parametrize("size", SIZES.values(), ids=SIZES.keys())
@pytest.mark.django_db(transaction=True)
def test_the_editor_on_a_campaign_army_refuses_what_bypasses_the_campaign(
    live_server, browser, starter_modules, size
):
    t = ashfall(levelled=True)
    ana, a = t.ana, t.a
    army = ArmyList.objects.get(pk=a.army_id)
    before = army.document

    with window(browser, live_server, ana, size) as page:
        page.goto(f"{live_server.url}/lists/{army.public_id}/")
        notice = page.locator("#list-notice")
        expect(notice).to_contain_text("This is ana's army in the campaign Ashfall")
        expect(page.locator("#undo button")).to_be_disabled()
        # every form the page posts is one the campaign lets through: names, notes, undo, sharing
        posts = page.eval_on_selector_all(
            "#editor form[method=post]", "forms => forms.map(f => f.getAttribute('action'))"
        )
        refused = [a for a in posts if not re.search(r"/(rename|notes|settings|undo|share)/?$", a)]
        assert posts and refused == [], refused
        expect(
            page.get_by_role("button", name=re.compile(r"^(Add|Remove|Duplicate)"))
        ).to_have_count(0)
        expect(
            page.get_by_role("button", name=re.compile(r"^(One|Five) (more|fewer)"))
        ).to_have_count(0)
        expect(page.locator("#set-limit")).to_have_count(0)
        expect(page.locator("article.unit")).to_have_count(2)
        looked_at(page, f"campaign-editor-{size[0]}")
        no_sideways_scroll(page, size[0])

        catalogue_tab = page.locator("[data-view-tab=catalogue]")
        if catalogue_tab.is_visible():
            catalogue_tab.click()
        expect(page.locator("#catalogue")).to_contain_text(
            "New units join this army as recruits, paid from its campaign bank"
        )
        looked_at(page, f"campaign-editor-catalogue-{size[0]}")
        page.locator("#catalogue").get_by_role("link", name="Recruit on the campaign page").click()
        expect(page.locator("#recruit")).to_contain_text("Recruit from the bank")
        no_sideways_scroll(page, size[0])
    assert ArmyList.objects.get(pk=army.pk).document == before

"""The compact list: unit cards fold to one line (name, models, points, problem mark); the list
is folded by default on a phone, "Collapse all / Expand all" is remembered on the device, and a
9-unit list fits in two phone screens folded."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from forgebuilder.lists.models import ArmyList
from forgebuilder.lists.sharing import share_link_create

from .test_builder import add_unit, start_list, unit

PHONE = {"width": 375, "height": 812}
NINE = (
    "Forge-Thane", "Hearthguard", "Firelock Company", "Hearthguard", "Firelock Company",
    "Hearthguard", "Runewright", "Hearthguard", "Firelock Company",
)  # fmt: skip


def cards_folded(page: Page) -> list[bool]:
    return page.locator("article.unit .unit-details").evaluate_all(
        "els => els.map(e => getComputedStyle(e).display === 'none')"
    )


@pytest.mark.django_db(transaction=True)
def test_a_nine_unit_list_folds_into_two_phone_screens_and_the_choice_is_remembered(
    live_server, browser, starter_modules
):
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        start_list(page, live_server.url, "ember-reach/cinderhold", "Nine of the Hold")
        for name in NINE:
            add_unit(page, name)
        expect(page.locator("article.unit")).to_have_count(9)
        # the confirmation's "Show" is whole on a phone (the unit's name gives way)
        expect(page.locator("#toast .toast-go")).to_be_in_viewport(ratio=1)

        # folded by default on a phone: one line per card, with its models and points
        assert cards_folded(page) == [True] * 9
        first = page.locator("#unit-u1")
        expect(first.locator(".unit-head")).to_contain_text("Forge-Thane")
        expect(first.locator(".unit-head")).to_contain_text("1 model")
        expect(first.locator(".unit-points strong")).to_be_visible()
        assert first.bounding_box()["height"] <= 56
        roster = page.locator("#roster").bounding_box()["height"]
        assert roster <= 2 * PHONE["height"], f"the folded list is {roster} px tall"
        expect(page.locator("#compact-switch")).to_have_text("Expand all")

        # A long name and a problem mark still fit: the whole name shows (it wraps, it is not
        # cut to "Hearthg…"), and nothing pushes the page wider than the phone, folded or not.
        army = ArmyList.objects.get()
        nine = [dict(u) for u in army.document["units"]]
        heroes = [{**nine[0], "id": f"u9{i}"} for i in range(3)]  # four heroes: each marked
        army.document["units"] = [*nine, *heroes]
        army.document["units"][1]["name"] = "Hearthguard of the Ninth Deep Gate"
        army.save()
        page.reload()
        expect(page.locator("#unit-u1 .unit-marker")).to_be_visible()
        for folded in (True, False):
            assert cards_folded(page) == [folded] * 12
            assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
            clipped = page.locator("article.unit h3").evaluate_all(
                "els => els.filter(e => e.scrollWidth > e.clientWidth).map(e => e.textContent)"
            )
            assert not clipped, clipped
            page.locator("#compact-switch").click()
        army.document["units"] = nine
        army.save()
        page.reload()
        assert cards_folded(page) == [True] * 9

        # one card opens by itself
        unit(page, "Runewright").get_by_role("button", name="Details of Runewright").click()
        expect(unit(page, "Runewright").locator(".unit-details")).to_be_visible()
        assert cards_folded(page).count(False) == 1

        # "Expand all" opens every card, and the device remembers it
        page.locator("#compact-switch").click()
        expect(page.locator("#compact-switch")).to_have_text("Collapse all")
        assert cards_folded(page) == [False] * 9
        page.reload()
        expect(page.locator("#compact-switch")).to_have_text("Collapse all")
        assert cards_folded(page) == [False] * 9
        page.locator("#compact-switch").click()
        page.reload()
        assert cards_folded(page) == [True] * 9
    finally:
        context.close()


@pytest.mark.django_db(transaction=True)
def test_on_a_desktop_cards_start_open_and_a_folded_card_keeps_its_problem_mark(
    live_server, page, starter_modules
):
    start_list(page, live_server.url, "ember-reach/cinderhold", "Open by default")
    add_unit(page, "Forge-Thane")
    add_unit(page, "Hearthguard")
    assert cards_folded(page) == [False, False]
    page.locator("#compact-switch").click()
    assert cards_folded(page) == [True, True]
    hearthguard = unit(page, "Hearthguard")  # the Muster needs a second Core unit
    expect(hearthguard.locator(".unit-marker")).to_be_visible()
    # an edit that redraws the roster keeps the list folded
    add_unit(page, "Firelock Company")
    assert cards_folded(page) == [True, True, True]
    expect(hearthguard.locator(".unit-marker")).to_be_hidden()


@pytest.mark.django_db(transaction=True)
def test_catalogue_categories_fold_and_a_jump_list_leads_to_each(
    live_server, browser, starter_modules
):
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        start_list(page, live_server.url, "ember-reach/cinderhold", "Catalogue")
        page.locator("[data-view-tab=catalogue]").click()
        heroes = page.locator("#catalogue-cat-hero")
        expect(heroes.get_by_role("button", name="Add Forge-Thane", exact=True)).to_be_visible()
        heroes.locator("summary").first.click()  # fold the Heroes
        expect(heroes.get_by_role("button", name="Add Forge-Thane", exact=True)).to_be_hidden()

        page.locator(".catalogue-jump").get_by_role("link", name="Core").click()
        expect(page.locator("#catalogue-cat-core h3")).to_be_in_viewport()
        # an add redraws the catalogue's category: the folded Heroes stay folded
        page.get_by_role("button", name="Add Hearthguard", exact=True).click()
        expect(page.locator("#toast")).to_contain_text("Added Hearthguard")
        expect(heroes.get_by_role("button", name="Add Forge-Thane", exact=True)).to_be_hidden()
        # a jump to a folded category opens it
        page.locator(".catalogue-jump").get_by_role("link", name="Hero").click()
        expect(heroes.get_by_role("button", name="Add Forge-Thane", exact=True)).to_be_visible()
    finally:
        context.close()


@pytest.mark.django_db(transaction=True)
def test_a_share_page_on_a_phone_opens_on_the_army_and_hides_the_qr_code(
    live_server, browser, starter_modules
):
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        start_list(page, live_server.url, "ember-reach/cinderhold", "Shared Hold")
        for name in ("Forge-Thane", "Hearthguard"):
            add_unit(page, name)
        link = share_link_create(army_list=ArmyList.objects.get(), kind="live")
        page.goto(f"{live_server.url}/s/{link.token}/")
        expect(page.locator("h1")).to_have_text("Shared Hold")
        first_unit = page.get_by_role("heading", name="Forge-Thane").first
        expect(first_unit).to_be_visible()
        assert first_unit.bounding_box()["y"] < PHONE["height"], (
            "the first unit is below the screen"
        )
        expect(page.locator("img[alt^='QR code']")).to_be_hidden()
    finally:
        context.close()

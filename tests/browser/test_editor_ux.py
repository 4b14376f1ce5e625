"""The editor on a phone (375x812) and a desktop (1366x900): a legal 6-unit Battle Forge list
in at most two clicks per unit, focus that stays put, a one-line totals bar, no sideways scroll.

Screenshots of every page land in $SCREENSHOT_DIR when it is set (to look at them).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from forgebuilder.lists.models import ArmyList
from forgebuilder.lists.sharing import share_link_create

from .test_builder import EDITOR_URL, unfold

VIEWPORTS = {"phone": {"width": 375, "height": 812}, "desktop": {"width": 1366, "height": 900}}
SIX_UNITS = [
    ("Forge-Thane", 40),
    ("Hearthguard", 30),
    ("Firelock Company", 35),
    ("Hearthguard", 30),
    ("Firelock Company", 35),
    ("Runewright", 35),
]
SHOTS = os.environ.get("SCREENSHOT_DIR")


def shoot(page: Page, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=f"{SHOTS}/{name}.png")


@pytest.fixture(params=VIEWPORTS, ids=VIEWPORTS)
def sized(request, browser):
    phone = request.param == "phone"
    context = browser.new_context(
        viewport=VIEWPORTS[request.param], is_mobile=phone, has_touch=phone
    )
    context.set_default_timeout(10_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield request.param, page
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def start_list(page: Page, base: str, name: str, limit: int = 500) -> None:
    page.goto(f"{base}/lists/new/")
    page.select_option("#id_faction", "ember-reach/cinderhold")
    page.fill("#id_name", name)
    page.fill("#id_points_limit", str(limit))
    page.get_by_role("button", name="Create the list").click()
    page.wait_for_url(EDITOR_URL)


def points(page: Page) -> str:
    return page.locator("#totals .points-figure").inner_text()


def active_id(page: Page) -> str:
    return page.evaluate("document.activeElement && document.activeElement.id")


def no_sideways_scroll(page: Page, where: str) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"{where} is {width}px wide"


def add_from_the_list_view(page: Page, name: str, cost: int) -> int:
    """Add a unit as a player would, starting from the list; returns the clicks it took."""
    list_tab = page.locator("[data-view-tab=list]")
    if list_tab.is_visible():
        list_tab.click()  # back to the list: where the add starts, not counted
        expect(page.locator("#roster")).to_be_visible()
    clicks = 0
    catalogue_tab = page.locator("[data-view-tab=catalogue]")
    if catalogue_tab.is_visible():
        catalogue_tab.click()
        clicks += 1
    before = page.locator("article.unit").count()
    button = page.get_by_role("button", name=f"Add {name}", exact=True)
    expect(button).to_be_in_viewport()  # reached without scrolling by hand
    button.click()
    clicks += 1
    expect(page.locator("article.unit")).to_have_count(before + 1)
    expect(page.locator("#toast")).to_contain_text(f"Added {name} · {cost} pts")
    # the toast's words are whole, not cut short with "...", and it fits the screen
    what = page.locator("#toast .toast-what")
    assert what.evaluate("e => e.scrollWidth <= e.clientWidth"), what.inner_text()
    expect(page.locator("#toast")).to_be_in_viewport(ratio=1)
    expect(button).to_be_visible()  # the catalogue stays open for the next add
    return clicks


@pytest.mark.django_db(transaction=True)
def test_a_legal_six_unit_list_takes_at_most_two_clicks_per_unit(
    live_server, sized, starter_modules
):
    size, page = sized
    start_list(page, live_server.url, "Six of the Hold")
    shoot(page, f"editor-empty-{size}")

    clicks = [add_from_the_list_view(page, name, cost) for name, cost in SIX_UNITS]

    assert max(clicks) <= 2, clicks
    expect(page.locator("#totals .verdict")).to_have_text("Legal")
    expect(page.locator("#totals .points-figure")).to_have_text("205 / 500 pts")
    # the toast jumps to the new unit, in the list view
    page.locator("#toast a").click()
    expect(page.locator("#unit-u6")).to_be_in_viewport()
    expect(page.locator("#roster")).to_be_visible()
    saved = ArmyList.objects.get(public_id=page.url.split("/lists/")[1].split("/")[0])
    assert saved.unit_count == 6 and saved.legal
    shoot(page, f"editor-six-{size}")
    no_sideways_scroll(page, "the editor")
    if size == "phone":
        bar = page.locator("#totals").bounding_box()
        # two compact lines: points and the verdict, then every other figure
        assert bar["height"] <= 84, f"the totals bar is {bar['height']}px tall"
        page.locator("[data-view-tab=catalogue]").click()
        shoot(page, f"catalogue-view-{size}")
        no_sideways_scroll(page, "the catalogue view")


@pytest.mark.django_db(transaction=True)
def test_focus_stays_on_the_control_after_each_edit(live_server, sized, starter_modules):
    size, page = sized
    start_list(page, live_server.url, "Focus")
    add_from_the_list_view(page, "Hearthguard", 30)
    if size == "phone":
        page.locator("[data-view-tab=list]").click()
    card = page.locator("#unit-u1")
    unfold(card)  # folded to one line on a phone
    page.locator("#unit-u1-open").click()  # its controls are drawn when the card is opened
    expect(page.locator("#unit-u1-open")).to_be_focused()  # the Edit panel's summary now

    more = card.get_by_role("button", name="One more Hearthguard")
    more_id = more.get_attribute("id")
    more.click()
    expect(card.get_by_label("Hearthguard count")).to_have_value("5")
    expect(page.locator(f"#{more_id}")).to_be_focused()
    assert active_id(page) == more_id
    expect(page.locator("#announce")).to_have_text(re.compile(r"Total 36 of 500 points"))

    shield = card.get_by_label(re.compile("Oathshield"))
    shield_id = shield.get_attribute("id")
    shield.check()
    expect(page.locator("#totals .points-figure")).to_have_text("41 / 500 pts")
    expect(page.locator(f"#{shield_id}")).to_be_focused()
    assert active_id(page) == shield_id
    expect(card.locator("details.unit-edit")).to_have_attribute("open", "")
    shoot(page, f"editor-edit-open-{size}")

    rename = card.get_by_label("Custom name")
    rename.fill("Shield Wall")
    rename.press("Enter")
    expect(page.get_by_role("heading", name="Shield Wall")).to_be_visible()
    expect(page.locator("#rename-u1")).to_be_focused()
    assert active_id(page) == "rename-u1"

    # Ctrl+Z outside a text field undoes the last change
    page.locator("#unit-u1-name").focus()
    page.keyboard.press("Control+z")
    expect(page.get_by_role("heading", name="Hearthguard", exact=True)).to_be_visible()
    expect(page.locator("#totals .points-figure")).to_have_text("41 / 500 pts")
    # inside a text field, Ctrl+Z belongs to the field: the list stays as it is
    rename = page.locator("#unit-u1").get_by_label("Custom name")
    rename.focus()
    page.keyboard.press("Control+z")
    page.wait_for_timeout(300)
    expect(page.locator("#totals .points-figure")).to_have_text("41 / 500 pts")

    # moving a unit redraws the list: the focus stays in its card, and another card the player
    # had open comes open again (its controls fetched once the focus is back)
    add_from_the_list_view(page, "Firelock Company", 35)
    if size == "phone":
        page.locator("[data-view-tab=list]").click()
    unfold(page.locator("#unit-u1"))
    unfold(page.locator("#unit-u2"))
    page.locator("#unit-u2-open").click()
    expect(page.locator("#unit-u2 details.unit-edit")).to_have_attribute("open", "")
    page.locator("#down-u1").click()
    expect(page.locator("#down-u1")).to_be_disabled()  # the list redrawn, Hearthguard last
    expect(page.locator("#unit-u2 details.unit-edit")).to_have_attribute("open", "")
    expect(page.locator("#up-u1")).to_be_focused()


@pytest.mark.django_db(transaction=True)
def test_the_legal_badge_opens_the_problems_that_link_to_their_units(
    live_server, sized, starter_modules
):
    _size, page = sized
    start_list(page, live_server.url, "Problems")
    add_from_the_list_view(page, "Forge-Thane", 40)
    badge = page.locator("#totals .verdict a")
    expect(badge).to_have_text(re.compile("problem"))

    badge.click()

    expect(page.locator("#violations")).to_be_in_viewport()
    expect(page.locator("#violations")).to_contain_text("needs at least 2 Core")


@pytest.mark.django_db(transaction=True)
def test_no_page_scrolls_sideways_on_a_phone(live_server, sized, starter_modules):
    size, page = sized
    start_list(page, live_server.url, "A list with a rather long name to see how it wraps")
    add_from_the_list_view(page, "Forge-Thane", 40)
    army_list = ArmyList.objects.get()
    link = share_link_create(army_list=army_list, kind="live")
    pages = {
        "my-lists": "/lists/",
        "share": f"/s/{link.token}/",
        "new-list": "/lists/new/",
        "import": "/lists/import/",
        "catalogue": "/games/ember-reach/cinderhold/",
        "not-found": "/lists/not-a-list/",
    }
    for name, path in pages.items():
        page.goto(live_server.url + path)
        shoot(page, f"{name}-{size}")
        no_sideways_scroll(page, name)

"""Build a legal 150-point Battle Forge list in a real browser, breaking and fixing rules."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from forgebuilder.lists.models import ArmyList


def points_shown(page: Page) -> str:
    return page.locator("#totals .points-figure").inner_text()


def stored(page: Page) -> ArmyList:
    public_id = page.url.rstrip("/").split("/")[-1]
    return ArmyList.objects.get(public_id=public_id)


def expect_points(page: Page, value: int, limit: int = 150) -> None:
    expect(page.locator("#totals .points-figure")).to_have_text(f"{value} / {limit} pts")


def shows_value(value: int) -> re.Pattern[str]:
    """The figure a total's value starts with (a screen reader's description follows it)."""
    return re.compile(rf"^\s*{value}(?!\d)")


# A list's editor, and not the page of the form that makes one (/lists/new/ would match
# `/lists/[\w-]+/`, so waiting for that returned before the new list's page had come).
EDITOR_URL = re.compile(r"/lists/(?!new/|import/)[\w-]+/$")


def start_list(page: Page, base: str, faction: str, name: str) -> None:
    page.goto(f"{base}/lists/new/")
    page.select_option("#id_faction", faction)
    page.fill("#id_name", name)
    page.get_by_role("button", name="Create the list").click()
    page.wait_for_url(EDITOR_URL)


def add_unit(page: Page, name: str) -> None:
    count = page.locator("article.unit").count()
    catalogue_tab = page.locator("[data-view-tab=catalogue]")
    if catalogue_tab.is_visible():  # a phone shows the list and the catalogue as two views
        catalogue_tab.click()
    page.get_by_role("button", name=f"Add {name}", exact=True).click()
    expect(page.locator("article.unit")).to_have_count(count + 1)
    list_tab = page.locator("[data-view-tab=list]")
    if list_tab.is_visible():
        list_tab.click()


def unit(page: Page, name: str):
    return page.locator("article.unit").filter(has=page.get_by_role("heading", name=name))


def unfold(card) -> None:
    """Open a card folded to one line (the compact list: by default on a phone)."""
    toggle = card.locator("[data-unit-toggle]")
    if toggle.get_attribute("aria-expanded") == "false":
        toggle.click()
    expect(card.locator(".unit-details")).to_be_visible()


def edit(page: Page, name: str):
    """The unit card opened, its Edit panel open (model counts, options, custom name, moves):
    a card's controls are drawn when the player opens it (its Edit link)."""
    card = unit(page, name)
    unfold(card)
    # Wait until htmx is idle: after a redraw the page reopens the panels the player had open
    # (on htmx:afterSettle); a click on a closed-looking panel before that would close it again.
    expect(page.locator(".htmx-request, .htmx-swapping, .htmx-settling")).to_have_count(0)
    opener = card.locator("a.unit-open")
    if opener.count():
        opener.click()
    panel = card.locator("details.unit-edit")
    expect(panel).to_have_count(1)
    if panel.get_attribute("open") is None:
        panel.locator(":scope > summary").click()
    expect(panel).to_have_attribute("open", "")
    return card


@pytest.mark.django_db(transaction=True)
def test_a_player_builds_a_legal_150_point_list(live_server, page, starter_modules):
    start_list(page, live_server.url, "ember-reach/cinderhold", "Hold the Forge")
    expect(page.locator("h1")).to_have_text("Hold the Forge")
    expect(page.locator("#force-f1")).to_contain_text("Muster")
    expect_points(page, 0)

    # A hero alone breaks the Muster's minimum of core units.
    add_unit(page, "Forge-Thane")
    expect_points(page, 40)
    expect(page.locator("#violations")).to_contain_text(
        "Force organization 'Muster' needs at least 2 Core units; you have 0."
    )
    expect(page.locator("#totals .verdict")).to_contain_text("problem")

    add_unit(page, "Hearthguard")
    expect(unit(page, "Hearthguard")).to_contain_text("needs at least 2 Core units; you have 1")
    add_unit(page, "Firelock Company")
    expect_points(page, 105)
    expect(page.locator("#violations")).not_to_contain_text("needs at least 2 Core")
    expect(page.locator("#totals .verdict")).to_have_text("Legal")
    # the first Core unit's card showed the rule too, and no longer does
    expect(unit(page, "Hearthguard").locator(".unit-problems")).to_be_hidden()

    # Options and model counts change the points at once.
    edit(page, "Forge-Thane").get_by_label(re.compile(r"replace .* with", re.I)).select_option(
        "great_hammer"
    )
    expect_points(page, 110)
    hearthguard = edit(page, "Hearthguard")
    hearthguard.get_by_role("button", name="One more Hearthguard").click()
    expect(hearthguard.get_by_label("Hearthguard count")).to_have_value("5")
    expect_points(page, 116)
    edit(page, "Hearthguard").get_by_label(re.compile("Oathshield")).check()
    expect_points(page, 121)
    expect(unit(page, "Hearthguard").locator(".unit-points strong")).to_have_text("41")

    # An allied contingent from the same alliance: it costs a strategy point and needs a core unit.
    page.select_option("#force-type", "mirewind/allied_contingent")
    page.get_by_role("button", name="Add", exact=True).click()
    expect(page.locator("section.force.allied")).to_contain_text("Allied Contingent")
    expect(page.locator("#totals .total-sp_left dd")).to_contain_text("3")
    expect(page.locator("#violations")).to_contain_text(
        "Force organization 'Allied Contingent' needs at least 1 Core unit; you have 0."
    )
    expect(page.locator("#catalogue")).to_contain_text("Mirewind Kith")
    add_unit(page, "Bogwater Spears")
    expect(page.locator("section.force.allied")).to_contain_text("Bogwater Spears")
    expect_points(page, 146)
    expect(page.locator("#totals .verdict")).to_have_text("Legal")

    # A legend takes the list over its limit: the bar turns red and the panel says why.
    page.select_option("#legend-pick", "emberheart_blade")
    # the picker shows what the legend picked does, and only that one
    expect(page.locator("#legend-text-emberheart_blade")).to_be_visible()
    expect(page.locator(".legend-text:visible")).to_have_count(1)
    page.locator("#legend-unit").select_option(label="Forge-Thane")
    page.get_by_role("button", name="Add legend").click()
    expect_points(page, 161)
    expect(page.locator("#totals .points-meter")).to_have_class(re.compile("over"))
    expect(page.locator("#violations")).to_contain_text(
        "The list costs 161 points, 11 over the limit of 150."
    )
    expect(unit(page, "Forge-Thane")).to_contain_text("The Emberheart Blade")

    # Fix it: back to the standard hammer and one Hearthguard fewer.
    edit(page, "Forge-Thane").get_by_label(re.compile(r"replace .* with", re.I)).select_option("")
    expect_points(page, 156)
    edit(page, "Hearthguard").get_by_role("button", name="One fewer Hearthguard").click()
    expect_points(page, 149)
    expect(page.locator("#totals .points-meter")).not_to_have_class(re.compile("over"))
    expect(page.locator("#totals .verdict")).to_have_text("Legal")
    expect(page.locator("#violations h2")).to_have_text(re.compile("Legal"))
    advantage = page.locator("#totals .total-advantage dd")
    expect(advantage).to_contain_text("0")

    # Everything was saved as it happened: a reload shows the same list.
    saved = stored(page)
    assert saved.points == 149 and saved.legal and saved.unit_count == 4
    page.reload()
    expect_points(page, 149)
    expect(page.locator("article.unit")).to_have_count(4)
    expect(unit(page, "Forge-Thane")).to_contain_text("The Emberheart Blade")
    expect(page.locator("#totals .verdict")).to_have_text("Legal")

    # Undo brings back the last change.
    page.get_by_role("button", name=re.compile("Undo")).click()
    expect_points(page, 156)


@pytest.mark.django_db(transaction=True)
def test_the_editor_works_on_a_phone(live_server, browser, starter_modules):
    context = browser.new_context(
        viewport={"width": 375, "height": 740}, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    try:
        start_list(page, live_server.url, "ember-reach/mirewind", "Fen patrol")
        add_unit(page, "Marsh Warden")
        add_unit(page, "Bogwater Spears")
        add_unit(page, "Reedbow Skirmishers")
        expect_points(page, 90)
        expect(page.locator("#violations")).to_contain_text("Legal")
        spears = unit(page, "Bogwater Spears")
        # a phone folds the cards to one line: a tap opens one
        spears.get_by_role("button", name="Details of Bogwater Spears").tap()
        spears.get_by_role("link", name="Edit Bogwater Spears").tap()  # its controls drawn
        spears.get_by_role("button", name="One more Bogwater Spear").tap()
        expect(spears.get_by_label("Bogwater Spear count")).to_have_value("7")
        expect_points(page, 94)
        edit(page, "Bogwater Spears").get_by_label("Custom name").fill("The Wet Feet")
        spears.get_by_label("Custom name").press("Tab")
        expect(page.get_by_role("heading", name="The Wet Feet")).to_be_visible()
        # Nothing is wider than the screen: no sideways scrolling at 375 px.
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 375, f"the page is {width}px wide on a 375px screen"
        page.reload()
        expect(page.get_by_role("heading", name="The Wet Feet")).to_be_visible()
        expect_points(page, 94)
    finally:
        context.close()

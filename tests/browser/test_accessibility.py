"""axe-core (npm, pinned in package.json, installed by `make node-deps`) finds no serious or
critical accessibility problem on the editor, the share page, my lists, the new-list form, the
table views and the offline pages (a saved page with its banner, the offline page), in the light
and the dark theme."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from forgebuilder.lists.models import ArmyList
from forgebuilder.lists.sharing import share_link_create

from .axe import CLEAN, axe_problems, axe_problems_in_both_schemes
from .test_builder import EDITOR_URL
from .test_offline import wait_for_worker, wait_until_saved


@pytest.mark.django_db(transaction=True)
def test_the_main_pages_have_no_serious_accessibility_problems(
    live_server, browser, starter_modules
):
    # bypass_csp: the site's policy would refuse axe's script (tests/browser/axe.py)
    context = browser.new_context(
        viewport={"width": 1366, "height": 900},
        bypass_csp=True,
        service_workers="allow",
    )
    page = context.new_page()
    try:
        page.goto(f"{live_server.url}/lists/new/")
        problems = {"new list": axe_problems_in_both_schemes(page)}
        page.select_option("#id_faction", "ember-reach/cinderhold")
        page.fill("#id_name", "Checked")
        page.get_by_role("button", name="Create the list").click()
        page.wait_for_url(EDITOR_URL)
        page.get_by_role("button", name="Add Forge-Thane", exact=True).click()
        expect(page.locator("article.unit")).to_have_count(1)
        page.locator("#unit-u1-open").click()  # the card opened: its controls drawn
        expect(page.locator("#unit-u1 details.unit-edit")).to_have_attribute("open", "")
        problems["editor"] = axe_problems_in_both_schemes(page)
        link = share_link_create(army_list=ArmyList.objects.get(), kind="live")
        page.goto(f"{page.url}table/")
        problems["table view"] = axe_problems_in_both_schemes(page)
        page.goto(f"{live_server.url}/lists/{ArmyList.objects.get().public_id}/match/?link=x")
        expect(page.get_by_role("alert")).to_contain_text("That is not a share link")
        problems["match check"] = axe_problems_in_both_schemes(page)
        page.goto(f"{live_server.url}/s/{link.token}/")
        problems["share page"] = axe_problems_in_both_schemes(page)
        page.goto(f"{live_server.url}/s/{link.token}/table/")
        problems["shared table view"] = axe_problems_in_both_schemes(page)
        page.goto(f"{live_server.url}/lists/")
        wait_for_worker(page)
        problems["my lists"] = axe_problems_in_both_schemes(page)
        wait_until_saved(page, f"{live_server.url}/lists/")
        context.set_offline(True)
        page.goto(f"{live_server.url}/lists/")
        expect(page.locator("#offline-banner")).to_be_visible()
        problems["my lists offline"] = axe_problems_in_both_schemes(page)
        page.goto(f"{live_server.url}/games/")
        expect(page.locator("h1")).to_have_text("You are offline")
        problems["offline page"] = axe_problems_in_both_schemes(page)
    finally:
        context.close()

    assert problems == {
        "new list": CLEAN,
        "editor": CLEAN,
        "table view": CLEAN,
        "match check": CLEAN,
        "share page": CLEAN,
        "shared table view": CLEAN,
        "my lists": CLEAN,
        "my lists offline": CLEAN,
        "offline page": CLEAN,
    }


@pytest.mark.django_db(transaction=True)
def test_the_phone_editor_has_no_serious_accessibility_problems(
    live_server, browser, starter_modules
):
    """On a phone: folded unit cards, the two-line totals bar with a figure's explanation open,
    the catalogue with its jump list and a preview (its sheet open), and the share page."""
    context = browser.new_context(
        viewport={"width": 375, "height": 812}, is_mobile=True, has_touch=True,
        bypass_csp=True,
    )  # fmt: skip
    page = context.new_page()
    try:
        page.goto(f"{live_server.url}/lists/new/")
        page.select_option("#id_faction", "ember-reach/cinderhold")
        page.fill("#id_name", "Checked")
        page.get_by_role("button", name="Create the list").click()
        page.wait_for_url(EDITOR_URL)
        page.locator("[data-view-tab=catalogue]").click()
        page.get_by_role("button", name="Add Forge-Thane", exact=True).click()
        expect(page.locator("#toast")).to_contain_text("Added Forge-Thane")
        expect(page.locator(".htmx-request, .htmx-swapping, .htmx-settling")).to_have_count(0)
        page.locator("#catalogue details.preview-toggle summary").first.click()
        # the preview opens in a sheet from the bottom (a modal dialog)
        expect(page.locator("#sheet-preview .stat-table").first).to_be_visible()
        problems = {"phone catalogue": axe_problems_in_both_schemes(page)}
        page.keyboard.press("Escape")
        page.locator("[data-view-tab=list]").click()
        expect(page.locator("article.unit")).to_have_count(1)
        page.locator("#totals .total").first.tap()
        problems["phone list"] = axe_problems_in_both_schemes(page)
        link = share_link_create(army_list=ArmyList.objects.get(), kind="live")
        page.goto(f"{live_server.url}/s/{link.token}/")
        problems["phone share page"] = axe_problems_in_both_schemes(page)
    finally:
        context.close()

    assert problems == {"phone catalogue": CLEAN, "phone list": CLEAN, "phone share page": CLEAN}


def test_the_check_itself_catches_a_serious_problem(browser):
    """The harness is not blind: an image without a text alternative is reported."""
    context = browser.new_context(bypass_csp=True)
    page = context.new_page()
    try:
        page.set_content('<html lang="en"><title>t</title><main><img src="x.png"></main></html>')
        problems = axe_problems(page)
    finally:
        context.close()

    assert any(p.startswith("image-alt (critical)") for p in problems), problems


def test_one_visit_checks_each_theme_in_its_own_colours(browser):
    """Text readable only in the light theme is reported in the dark one, and only there."""
    context = browser.new_context(bypass_csp=True)
    page = context.new_page()
    try:
        page.set_content(
            '<html lang="en"><title>t</title><style>p { color: #222; background: #fff }'
            "@media (prefers-color-scheme: dark) { p { background: #000 } }</style>"
            "<main><p>Dark grey text</p></main></html>"
        )
        problems = axe_problems_in_both_schemes(page)
    finally:
        context.close()

    assert problems["light"] == []
    assert [p.split(":")[0] for p in problems["dark"]] == ["color-contrast (serious)"]

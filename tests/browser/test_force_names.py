"""Two forces of one name are told apart, and a problem about a force leads to its header:
on a phone (the list view, past the sticky totals) and on a desktop."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from .test_builder import start_list

VIEWPORTS = {"phone": {"width": 375, "height": 812}, "desktop": {"width": 1366, "height": 900}}
SHOTS = os.environ.get("SCREENSHOT_DIR")


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_a_problem_of_the_second_muster_names_it_and_its_link_opens_its_header(
    live_server, page, starter_modules, viewport
):
    page.set_viewport_size(VIEWPORTS[viewport])
    start_list(page, live_server.url, "ember-reach/cinderhold", "Twin Musters")
    page.select_option("#force-type", "cinderhold/muster")
    page.get_by_role("button", name="Add", exact=True).click()

    expect(page.locator("#force-f1 .force-head h2")).to_contain_text("Muster (1)")
    expect(page.locator("#force-f2 .force-head h2")).to_contain_text("Muster (2)")
    problem = page.locator("#violations li[data-code=force-org-min]").filter(
        has_text="'Muster (2)' needs at least 1 Hero unit"
    )
    expect(problem).to_have_count(1)
    link = problem.get_by_role("link", name="Muster (2)")
    if not link.is_visible():  # a phone shows the problems from the totals bar
        page.locator("[data-show-problems]").first.click()
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        problem.scroll_into_view_if_needed()
        page.screenshot(path=f"{SHOTS}/force-problem-{viewport}.png")
    link.click()

    header = page.locator("#force-f2 .force-head h2")
    expect(header).to_be_in_viewport()
    expect(header).to_be_focused()
    # the header is below the sticky totals bar, not under it
    bar = page.locator("#totals").bounding_box()
    assert header.bounding_box()["y"] >= bar["y"] + bar["height"] - 1
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/force-header-{viewport}.png")

"""A Grimdark player checks their list against a friend's before a game, on a phone."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .test_builder import add_unit, expect_points, start_list


@pytest.mark.django_db(transaction=True)
def test_two_lists_are_checked_for_a_match_on_a_phone(live_server, page, starter_modules):
    page.set_viewport_size({"width": 375, "height": 800})
    start_list(page, live_server.url, "ashen-stars/cinder_compact", "Picket")
    add_unit(page, "Lantern-Marshal")
    expect_points(page, 80, 2000)
    start_list(page, live_server.url, "ashen-stars/cinder_compact", "Spearhead")
    for name in ("Lantern-Marshal", "Furnace Walker", "Furnace Walker"):
        add_unit(page, name)
    expect_points(page, 430, 2000)

    page.get_by_role("link", name="Check a match").click()
    page.get_by_label("One of your lists").select_option(label="Picket (80 pts)")
    page.get_by_role("button", name="Check the match").click()

    result = page.locator("#match-result")
    expect(result).to_contain_text("Too far apart")
    expect(result).to_contain_text("Spearhead has 430 points, 350 more than the smallest army (80)")
    expect(result.get_by_role("row", name="Picket")).to_contain_text("7")  # 350 below: 7 x 50
    # each side's token sheet, with its underdog points, is one tap away (issue 25, item 4)
    sheet = result.get_by_role("link", name="Picket (PDF)")
    expect(sheet).to_be_visible()
    assert "/match/tokens.pdf?opponent=" in sheet.get_attribute("href")
    assert sheet.get_attribute("href").endswith("side=1")
    assert page.evaluate("document.documentElement.scrollWidth") <= 375

    page.get_by_label("share link your opponent sent").fill("https://example.org/lists/abc/")
    page.get_by_role("button", name="Check the match").click()
    expect(page.get_by_role("alert")).to_contain_text("That is not a share link")

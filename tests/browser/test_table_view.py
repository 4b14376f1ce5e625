"""The table view: a whole list readable on a phone, every card open."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .test_builder import add_unit, start_list


@pytest.mark.django_db(transaction=True)
def test_the_table_view_fits_a_phone_with_every_units_stats_weapons_and_rules_visible(
    live_server, browser, page, starter_modules
):
    start_list(page, live_server.url, "ember-reach/gilt_ledger", "Table Talk")
    for name in ("Company Captain", "Free Swords", "Pike-and-Shot"):
        add_unit(page, name)
    page.get_by_role("link", name="Table view").click()
    page.wait_for_url(re.compile(r"/lists/[\w-]+/table/$"))
    page.set_viewport_size({"width": 375, "height": 800})
    page.reload()

    expect(page.locator("h1")).to_have_text("Table Talk")
    expect(page.locator(".totals-card")).to_be_visible()
    widths = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert widths[0] <= widths[1], f"horizontal scroll: {widths}"
    cards = page.locator("article.datasheet")
    expect(cards).to_have_count(3)
    for index in range(3):
        card = cards.nth(index)
        for table in card.locator("table.stat-table").all():
            expect(table).to_be_visible()
            # Nothing cut off: the table fits inside the card's body, which does not scroll.
            fits = table.evaluate(
                """(table) => {
                    const body = table.closest(".body");
                    const wrap = table.parentElement;
                    return table.scrollWidth <= wrap.clientWidth && wrap.scrollWidth <= wrap.clientWidth
                        && body.scrollWidth <= body.clientWidth
                        && table.getBoundingClientRect().right <= body.getBoundingClientRect().right;
                }"""
            )
            assert fits, f"a table of card {index + 1} is wider than its card"
        expect(card.get_by_text("Weapons", exact=True)).to_be_visible()
        for rule_text in card.locator(".rule-text").all():
            expect(rule_text).to_be_visible()
    assert page.locator(".rule-text").count() > 0

    # The share page leads to the same view through the link; a stranger cannot use the
    # owner's address.
    private_url = page.url
    page.goto(private_url.removesuffix("table/"))
    page.get_by_role("button", name="Get a live link").click()
    share_url = page.locator("#share input[aria-label='Share link']").first.input_value()
    stranger = browser.new_context()
    try:
        other = stranger.new_page()
        assert other.goto(private_url).status == 404
        other.goto(share_url)
        other.get_by_role("link", name="Table view").click()
        other.wait_for_url(re.compile(r"/s/[\w-]+/table/$"))
        expect(other.locator("article.datasheet")).to_have_count(3)
    finally:
        stranger.close()

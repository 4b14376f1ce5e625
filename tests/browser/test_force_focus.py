"""Each force organization picks its own focus from its header, and a unit only that focus may
take becomes legal in that force."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .test_builder import add_unit, start_list, unit

ONLY_ANVIL_GUARD = "Only the Anvil Guard focus may take Anvil Veterans."


@pytest.mark.django_db(transaction=True)
def test_a_second_force_picks_a_focus_and_its_focus_only_unit_becomes_legal(
    live_server, page, starter_modules
):
    start_list(page, live_server.url, "ember-reach/cinderhold", "Two Lodges")
    page.select_option("#force-type", "cinderhold/vanguard")
    page.get_by_role("button", name="Add", exact=True).click()
    expect(page.locator("#force-f2")).to_contain_text("Vanguard")
    page.select_option("#adding-to", "f2")
    expect(page.locator("#adding-to")).to_have_value("f2")
    add_unit(page, "Anvil Veterans")
    expect(page.locator("#force-f2")).to_contain_text("Anvil Veterans")
    expect(page.locator("#violations")).to_contain_text(ONLY_ANVIL_GUARD)
    expect(unit(page, "Anvil Veterans")).to_contain_text(ONLY_ANVIL_GUARD)

    # The first force keeps no focus; the second takes the Anvil Guard from its own header.
    expect(page.locator("#force-f1").get_by_label("Focus")).to_have_value("")
    page.locator("#force-f2 .force-head").get_by_label("Focus").select_option(label="Anvil Guard")

    expect(page.locator("#violations")).not_to_contain_text(ONLY_ANVIL_GUARD)
    expect(unit(page, "Anvil Veterans")).not_to_contain_text(ONLY_ANVIL_GUARD)
    expect(page.locator("#force-f2").get_by_label("Focus")).to_have_value("anvil_guard")
    expect(page.locator("#force-f1").get_by_label("Focus")).to_have_value("")

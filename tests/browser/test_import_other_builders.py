"""A player pastes a list another builder wrote (the Warhammer app's text) naming a game hosted
here, on a phone: the page shows the list as it would be stored, line by line, with what is left
out and priced otherwise; importing the rest opens it in the editor."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from .test_builder import expect_points

TEXT = Path(__file__).parents[1] / "armylists/importers/fixtures/text/app_hosted.txt"


@pytest.mark.django_db(transaction=True)
def test_another_builders_list_is_previewed_line_by_line_then_imported(
    live_server, page, starter_modules
):
    page.set_viewport_size({"width": 375, "height": 812})
    page.goto(f"{live_server.url}/lists/import/")
    page.fill("#import-text", TEXT.read_text(encoding="utf-8"))
    page.get_by_role("button", name="Import", exact=True).click()

    expect(page.locator("#import-report-title")).to_have_text("Read as: Warhammer app text")
    expect(page.locator("#import-unmatched")).to_contain_text("Silver Spurs")
    preview = page.locator("#import-preview")
    expect(preview).to_contain_text("2. Free Swords ×7: Javelins · 42 pts")
    assert page.evaluate("document.documentElement.scrollWidth") <= 375  # its lines wrap
    page.get_by_role("button", name="Import the rest").click()

    expect(page.locator("body")).to_contain_text("Imported “Paid in Full”")
    expect_points(page, 139)

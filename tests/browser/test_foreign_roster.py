"""A visitor on a phone drops a New Recruit .rosz of a game not hosted here on the import page,
keeps it as a foreign roster, reads its unit cards and shares it; the link opens it read-only in
another browser. A view test cannot show the file chosen in the page's own form, the cards laid
out at 375 px (no sideways scroll) or axe's reading of the page in both themes."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.rosters.conftest import ROSTER_DIR, own_counts

from .campaign import SIZES, checked_at_both_sizes

ROSTER = "AoS4/Belakor and Fiends.rosz"


@pytest.mark.django_db(transaction=True)
def test_a_rosz_is_kept_shown_on_a_phone_and_shared(live_server, browser):
    if not (ROSTER_DIR / ROSTER).is_file():
        pytest.skip(f"BattleScribe roster {ROSTER} not found in {ROSTER_DIR}")
    names, _models, _points = own_counts(ROSTER)
    width, height = SIZES["phone"]
    phone = browser.new_context(viewport={"width": width, "height": height}, bypass_csp=True)
    other = browser.new_context(bypass_csp=True)
    try:
        page = phone.new_page()
        page.goto(f"{live_server.url}/lists/import/")
        page.set_input_files("#import-file", str(ROSTER_DIR / ROSTER))
        page.get_by_role("button", name="Import").click()
        expect(page.locator(".foreign-preview")).to_contain_text(
            "Checked by New Recruit only: forgebuilder does not host this game's rules."
        )
        page.get_by_role("button", name="Keep as a foreign roster").click()

        expect(page.locator("h1")).to_have_text("Belakor and Fiends")
        expect(page.locator("article.datasheet")).to_have_count(len(names))
        checked_at_both_sizes(page, "foreign-roster", axe=True)
        page.get_by_role("button", name="Make a read-only link").click()
        address = page.locator("#share-address").input_value()

        reader = other.new_page()
        reader.goto(address)
        expect(reader.locator("h1")).to_have_text("Belakor and Fiends")
        expect(reader.locator("article.datasheet")).to_have_count(len(names))
        expect(reader.get_by_role("button", name="Delete this roster")).to_have_count(0)
    finally:
        phone.close()
        other.close()

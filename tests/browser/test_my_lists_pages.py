"""My lists with many lists on a phone: find one, file it in a folder, see only that folder,
page through the rest."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from forgebuilder.lists.models import ArmyList
from forgebuilder.lists.shelf import PAGE_SIZE

from .test_builder import start_list

SHOTS = os.environ.get("SCREENSHOT_DIR")


@pytest.mark.django_db(transaction=True)
def test_a_phone_finds_files_and_pages_through_many_lists(live_server, page, starter_modules):
    page.set_viewport_size({"width": 375, "height": 812})
    base = live_server.url
    start_list(page, base, "ember-reach/cinderhold", "Hearth Host")
    mine = ArmyList.objects.get(name="Hearth Host")
    ArmyList.objects.bulk_create(
        ArmyList(
            owner_id=mine.owner_id,
            owner_token=mine.owner_token,
            module_id=mine.module_id,
            name=f"Practice {n:02}",
            faction_name=mine.faction_name,
            document=mine.document,
            points=n,
            points_limit=1000,
            unit_count=0,
        )
        for n in range(1, 31)
    )

    page.goto(f"{base}/lists/")
    expect(page.get_by_role("status")).to_have_text(f"31 lists; showing 1–{PAGE_SIZE}.")
    assert page.evaluate("document.documentElement.scrollWidth") <= 375  # nothing sideways
    page.get_by_role("link", name="Next →").click()
    expect(page.get_by_role("status")).to_have_text(f"31 lists; showing {PAGE_SIZE + 1}–31.")
    expect(page.locator("tbody tr")).to_have_count(31 - PAGE_SIZE)

    page.get_by_role("searchbox", name="Find").fill("hearth")
    page.get_by_role("button", name="Show").click()
    expect(page.get_by_role("status")).to_have_text("1 of 31 lists match.")
    row = page.locator("tbody tr", has_text="Hearth Host")
    row.get_by_text("Manage").click()
    row.get_by_label("Folder").fill("Club night")
    row.get_by_role("button", name="Move").click()
    expect(page.locator("body")).to_contain_text("“Hearth Host” is in the folder “Club night”.")

    page.locator("#shelf-folder").select_option("Club night")
    page.get_by_role("button", name="Show").click()
    expect(page.get_by_role("status")).to_have_text("1 of 31 lists match.")
    expect(page.locator("tbody tr")).to_have_count(1)
    expect(page.locator("tbody tr")).to_contain_text("Club night")
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=f"{SHOTS}/my-lists-pages-phone.png", full_page=True)

"""A list exported and imported again sits beside it under its own name, on a phone and on a
desktop: My lists never shows two lists of one name."""

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
def test_importing_a_list_twice_numbers_the_copies(live_server, page, starter_modules, viewport):
    page.set_viewport_size(VIEWPORTS[viewport])
    base = live_server.url
    start_list(page, base, "ember-reach/cinderhold", "Hearth Host")
    with page.expect_download() as download:
        page.get_by_role("link", name="Export JSON").click()
    exported = Path(download.value.path()).read_text(encoding="utf-8")

    for copy in ("Hearth Host (2)", "Hearth Host (3)"):
        page.goto(f"{base}/lists/import/")
        page.fill("#import-text", exported)
        page.get_by_role("button", name="Import", exact=True).click()
        expect(page.locator("body")).to_contain_text(f"Imported “{copy}”")

    page.goto(f"{base}/lists/")
    names = page.locator("main").get_by_role("link", name="Hearth Host")
    expect(names).to_have_text(["Hearth Host (3)", "Hearth Host (2)", "Hearth Host"])
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=f"{SHOTS}/my-lists-{viewport}.png", full_page=True)

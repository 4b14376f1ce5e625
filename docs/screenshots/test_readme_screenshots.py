"""The README's screenshots, drawn again from the running app: `make screenshots`.

Builds a list in a real browser the way the browser tests do (their helpers, so a change of the
editor's wording is followed here) and photographs the editor at desktop and phone width into
docs/ (or SCREENSHOTS_DIR). Not part of `make test`: it lives outside tests/.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.test_builder import add_unit, start_list

OUT = Path(os.environ.get("SCREENSHOTS_DIR", Path(__file__).resolve().parents[1]))
DESKTOP = {"width": 1360, "height": 860}
PHONE = {"width": 375, "height": 812}


@pytest.mark.django_db(transaction=True)
def test_readme_screenshots(live_server, context, starter_modules):
    page = context.new_page()
    page.set_viewport_size(DESKTOP)
    start_list(page, live_server.url, "ember-reach/cinderhold", "Hold the Forge")
    for name in ("Forge-Thane", "Hearthguard", "Firelock Company", "Hearthguard"):
        add_unit(page, name)
    expect(page.locator("#totals")).to_be_visible()

    OUT.mkdir(parents=True, exist_ok=True)
    desktop, phone = OUT / "screenshot.png", OUT / "screenshot-phone.png"
    page.goto(page.url)  # a fresh load: no focus ring or hover left from the clicks
    page.screenshot(path=desktop)
    page.set_viewport_size(PHONE)
    page.goto(page.url)
    page.screenshot(path=phone)

    for path, size in ((desktop, DESKTOP), (phone, PHONE)):
        assert path.stat().st_size > 10_000, f"{path} looks empty"
        assert _png_size(path) == (size["width"], size["height"])
    print(f"\nScreenshots written: {desktop} and {phone}")


def _png_size(path: Path) -> tuple[int, int]:
    header = path.read_bytes()[16:24]  # the IHDR chunk's width and height
    return int.from_bytes(header[:4], "big"), int.from_bytes(header[4:], "big")

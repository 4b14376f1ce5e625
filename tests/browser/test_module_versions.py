"""A player opens a module's versions from its page and reads what a points update changed."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from factions.gamedata.loader import game_module_load
from factions.gamedata.schemas import ModuleSpec
from tests.factions.test_module_versions import repriced, starter_spec

SHOTS = os.environ.get("SCREENSHOT_DIR")


@pytest.mark.django_db(transaction=True)
def test_a_phone_reads_what_a_points_update_changed(live_server, page):
    spec = starter_spec("iron-squads")
    game_module_load(spec=ModuleSpec.model_validate(spec))
    update, sheet = repriced(spec, 5, "2.0")
    game_module_load(spec=ModuleSpec.model_validate(update), note="Season two points")
    page.set_viewport_size({"width": 375, "height": 812})

    page.goto(f"{live_server.url}/games/iron-squads/")
    page.get_by_role("link", name="Versions and what changed").click()

    latest = page.locator("#version-2")
    expect(latest).to_contain_text("Version 2.0")
    expect(latest).to_contain_text("Season two points")
    expect(latest).to_contain_text(
        f"{sheet['name']}: {sheet['points']} → {sheet['points'] + 5} points."
    )
    expect(page.locator("#version-1")).to_contain_text("Where the module's versions begin.")
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=f"{SHOTS}/module-versions-phone.png", full_page=True)
    with page.expect_navigation():
        latest.get_by_role("link", name="These changes as JSON").click()
    assert '"kind": "changed"' in page.content()

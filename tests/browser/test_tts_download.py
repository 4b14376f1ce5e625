"""A player on a phone downloads the list for Tabletop Simulator from the editor's Print and
export section: a file TTS loads, one piece per model."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import expect

from ..armylists.exports.test_tts_export import checked, model_count
from .test_builder import add_unit, expect_points, start_list


@pytest.mark.django_db(transaction=True)
def test_the_list_downloads_for_tabletop_simulator(live_server, page, starter_modules):
    page.set_viewport_size({"width": 375, "height": 812})
    start_list(page, live_server.url, "ember-reach/gilt_ledger", "Paid in Full")
    add_unit(page, "Company Captain")
    add_unit(page, "Free Swords")
    expect_points(page, 60)
    with page.expect_download() as download:
        page.get_by_role("link", name="Tabletop Simulator (.json)").click()
    assert download.value.suggested_filename.endswith("-tts.json")
    data = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    [top] = checked(data).ObjectStates
    assert top.Nickname == "Paid in Full · 60 pts"
    assert [bag.Nickname for bag in top.ContainedObjects] == [
        "1. Company Captain · 35 pts",
        "2. Free Swords · 25 pts",
    ]
    assert model_count(data) == 1 + len(top.ContainedObjects[1].ContainedObjects) > 2


@pytest.mark.django_db(transaction=True)
def test_the_full_text_for_organisers_downloads_and_reads_back(live_server, page, starter_modules):
    page.set_viewport_size({"width": 375, "height": 812})
    start_list(page, live_server.url, "ember-reach/gilt_ledger", "Paid in Full")
    add_unit(page, "Company Captain")
    add_unit(page, "Free Swords")
    expect_points(page, 60)
    page.get_by_text("List as text, for chat and forums").click()
    with page.expect_download() as download:
        page.get_by_role("link", name="Full text for organisers").click()
    text = Path(download.value.path()).read_text(encoding="utf-8")
    assert download.value.suggested_filename.endswith("-full.txt")
    assert "   • 1× Company Captain" in text and "   • Rules: " in text
    page.goto(f"{live_server.url}/lists/import/")
    page.fill("#import-text", text)
    page.get_by_role("button", name="Import", exact=True).click()
    expect(page.locator("body")).to_contain_text("Imported “Paid in Full (2)”")
    expect_points(page, 60)

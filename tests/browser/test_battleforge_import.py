"""A Battle Forge player pastes a share link from the app (damaged by a chat app) on the import
page and lands in the editor with the points the app showed."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from tests.armylists.importers.conftest import MIT_LISTS, app_list, app_points
from tests.conftest import bf_game

from .test_builder import expect_points, stored


@pytest.mark.django_db(transaction=True)
def test_a_pasted_share_link_opens_the_list_in_the_editor(live_server, page, mystic_realms):
    import base64

    data = app_list(MIT_LISTS["fantasy-realms"])
    data["name"] += " ~"  # its base64 then holds a "+", which the chat app turns into a space
    shown_by_app = app_points(bf_game("fantasy-realms"), data)
    blob = base64.b64encode(json.dumps(data, ensure_ascii=False).encode()).decode()
    assert "+" in blob
    link = "https://app.example/#/lists?share=" + blob.replace("+", " ")

    page.goto(f"{live_server.url}/lists/import/")
    page.fill("#import-text", link)
    page.get_by_role("button", name="Import").click()

    expect(page.locator("#flash, .messages").first).to_contain_text(
        "Read as: Battle Forge share link"
    )
    expect_points(page, shown_by_app, 1500)
    expect(page.locator("#roster")).to_contain_text("吸血鬼の王")
    assert stored(page).points == shown_by_app

"""A player downloads all their lists from My lists in one click."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .test_builder import start_list


@pytest.mark.django_db(transaction=True)
def test_a_player_downloads_all_their_lists_from_my_lists(live_server, page, starter_modules):
    base = live_server.url
    start_list(page, base, "ember-reach/gilt_ledger", "Basement Game")
    start_list(page, base, "ember-reach/cinderhold", "Дружина")
    page.goto(f"{base}/lists/")

    with page.expect_download() as download:
        page.get_by_role("link", name="Download all my lists").click()

    saved = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    assert download.value.suggested_filename == "forgebuilder-lists.json"
    assert sorted(d["name"] for d in saved["lists"]) == ["Basement Game", "Дружина"]

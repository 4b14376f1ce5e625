"""A model count can be typed, and steps by 5 as well as by 1."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .test_builder import add_unit, edit, expect_points, start_list


@pytest.mark.django_db(transaction=True)
def test_a_player_types_a_model_count_and_steps_by_five(live_server, page, starter_modules):
    start_list(page, live_server.url, "ember-reach/cinderhold", "Counted")
    add_unit(page, "Hearthguard")  # 4 to 9 models, 30 points for 4, 6 per extra model
    card = edit(page, "Hearthguard")  # opened: its controls drawn
    count = card.get_by_label("Hearthguard count")
    expect(count).to_have_value("4")

    count.fill("7")
    count.press("Enter")
    expect(count).to_have_value("7")
    expect_points(page, 48)

    card.get_by_role("button", name="Five more Hearthguard").click()  # 7 + 5, at most 9
    expect(count).to_have_value("9")
    expect_points(page, 60)
    expect(card.get_by_role("button", name="Five more Hearthguard")).to_be_disabled()
    card.get_by_role("button", name="Five fewer Hearthguard").click()
    expect(count).to_have_value("4")
    expect_points(page, 30)

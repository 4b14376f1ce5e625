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


@pytest.mark.django_db(transaction=True)
def test_the_keyboard_steps_by_five_twice_and_every_control_names_its_unit(
    live_server, page, starter_modules
):
    """Enter on +5 keeps the focus on +5 (its redrawn self), so Enter again adds five more, even
    at once (the redrawn form is htmx's as soon as it is drawn, so it never posts as a plain form
    without its token); only a browser shows where the focus goes after htmx swaps the card.
    Every control of the open card names the unit it acts on."""
    start_list(page, live_server.url, "ember-reach/ashen_covenant", "Thralls")
    add_unit(page, "Cinder Thralls")  # 8 to 16 models
    card = edit(page, "Cinder Thralls")
    count = card.get_by_label("Cinder Thrall count in Cinder Thralls")
    expect(count).to_have_value("8")
    more = card.get_by_role("button", name="Five more Cinder Thrall in Cinder Thralls")
    more.focus()
    page.keyboard.press("Enter")
    expect(count).to_have_value("13")
    expect(more).to_be_focused()
    page.keyboard.press("Enter")
    expect(count).to_have_value("16")
    # at the limit +5 is disabled: the focus stays in the stepper, not on the unit's heading
    page.wait_for_function("document.activeElement.closest('form.stepper') !== null")

    unnamed = page.evaluate(
        """name => [...document.querySelectorAll(
              '#editor article.unit button, #editor article.unit input:not([type=hidden]),'
              + '#editor article.unit select, #editor article.unit textarea')]
            .filter(e => e.getClientRects().length > 0)
            .map(e => e.getAttribute('aria-label')
                 || (e.labels && e.labels[0] && e.labels[0].textContent) || e.textContent)
            .filter(text => !text.includes(name))""",
        "Cinder Thralls",
    )
    assert not unnamed, f"controls that do not name their unit: {unnamed}"

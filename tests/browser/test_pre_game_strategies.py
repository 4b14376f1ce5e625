"""Issue 25, item 2 in the browser: a player ticks the pre-game strategies their forces offer,
sees round 1's strategy points drop beside the points per round, is told when round 1 cannot pay,
and the choice stays after a reload; the panel fits a phone."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .test_builder import add_unit, shows_value, start_list, stored


def round_one(page):
    return page.locator("#totals .total-sp_round_one dd")


@pytest.mark.django_db(transaction=True)
def test_a_player_chooses_pre_game_strategies_paid_from_round_one(
    live_server, page, starter_modules, tmp_path
):
    start_list(page, live_server.url, "ember-reach/gilt_ledger", "Coin Before Blood")
    add_unit(page, "Free Swords")
    panel = page.locator("#pre-game")
    expect(panel).to_contain_text("Forced March")
    expect(panel).to_contain_text("Double Pay")
    # 150 points: 1 + 150 // 50 = 4 strategy points a round, all of them in round 1
    expect(round_one(page)).to_have_text(shows_value(4))
    expect(page.locator("#totals .total-sp_round_one dt")).to_have_text("SP in round 1")

    panel.get_by_label("Forced March").check()
    expect(round_one(page)).to_have_text(shows_value(3))  # 4 − 1
    panel = page.locator("#pre-game")
    expect(panel).to_contain_text("3 SP in round 1")
    panel.get_by_label("Double Pay").check()
    expect(round_one(page)).to_have_text(shows_value(2))  # 4 − 2
    expect(page.locator("#violations")).to_contain_text("Pre-game strategies (2)")
    document = stored(page).document
    assert [s["strategy"] for s in document["pre_game_strategies"]] == [
        "forced_march",
        "double_pay",
    ]

    page.reload()
    expect(page.locator("#pre-game").get_by_label("Forced March")).to_be_checked()
    expect(page.locator("#pre-game").get_by_label("Double Pay")).to_be_checked()

    # at 49 points the list earns 1 + 49 // 50 = 1 a round: round 1 is one point short of 2
    page.locator("details.settings > summary").click()
    page.fill("#set-limit", "49")
    page.get_by_role("button", name="Save settings").click()
    expect(page.locator("#violations")).to_contain_text(
        "The pre-game strategies cost 2 strategy points, but round 1 has only 1 to spend"
    )
    expect(round_one(page)).to_have_text(shows_value(-1))

    page.set_viewport_size({"width": 375, "height": 800})
    page.reload()
    list_tab = page.locator("[data-view-tab=list]")
    if list_tab.is_visible():
        list_tab.click()
    page.locator("#pre-game").scroll_into_view_if_needed()
    expect(page.locator("#pre-game")).to_be_visible()
    # a checkbox is the choice's mark: no stray bullet before it
    choice = page.locator("#pre-game li").filter(has=page.get_by_label("Forced March"))
    assert choice.evaluate("e => getComputedStyle(e).listStyleType") == "none"
    widths = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert widths[0] <= widths[1], f"horizontal scroll: {widths}"
    page.locator("#pre-game").screenshot(path=str(tmp_path / "pre-game-375.png"))

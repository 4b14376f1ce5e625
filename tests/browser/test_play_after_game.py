"""After the game, on a phone (375 by 812 pixels): ana plays mission 1 of Ashfall from the
campaign page's 'Play this mission', tracks the special objective, a kill and her lost squad,
finishes the game and lands on the battle report filled in; she saves it, and ben opens it
filled in and records it."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from forgebuilder.campaigns.models import Mission
from forgebuilder.play.models import Game

from .campaign import SIZES, ashfall, logged_in, looked_at, no_sideways_scroll


def plus(scope, label: str, times: int = 1) -> None:
    for _ in range(times):
        # a unit's counter names its unit too: "Models lost (Lightbearer Squad): one more"
        name = re.compile(rf"^{re.escape(label)}( \(.+\))?: one more$")
        scope.get_by_role("button", name=name).click()


@pytest.mark.django_db(transaction=True)
def test_a_finished_mission_game_prefills_the_report_one_player_saves_the_other_records(
    live_server, browser, starter_modules
):
    t = ashfall(set_up=True)
    phone = SIZES["phone"]
    ana = logged_in(browser, live_server, t.ana, phone, mobile=True)
    ana.set_default_timeout(20_000)  # the live server's first page is slow on a busy machine
    page = ana.new_page()
    page.goto(f"{live_server.url}/campaigns/{t.campaign.pk}/")
    looked_at(page, "play-mission-campaign-page")
    page.get_by_role("button", name="Play this mission").click()
    expect(page.locator("#sync-status")).to_have_text("Saved")
    game = Game.objects.get(player=t.ana)
    assert game.mission.number == 1
    squad_models = game.sheet["units"][1]["models"]

    plus(page, "Special objective: Rage (1 = achieved)")
    # a unit is compact: its kills wait in a fold, opened from the keyboard
    marshal = page.locator("#unit-1")
    height = marshal.bounding_box()["height"]
    looked_at(page, "play-mission-tracker-compact")
    assert height < 450, f"a unit of the tracker is {height:.0f} px tall on a phone"  # was 621
    marshal.locator("summary", has_text="Kills").focus()
    page.keyboard.press("Enter")
    plus(marshal, "Enemy units killed")
    expect(marshal.locator("summary", has_text="Kills")).to_contain_text("units 1")
    plus(page.locator("#unit-2"), "Models lost", squad_models)
    expect(page.locator("#unit-2 .destroyed-note")).to_be_visible()
    expect(page.locator("#sync-status")).to_have_text("Saved", timeout=15_000)
    no_sideways_scroll(page, phone[0])
    looked_at(page, "play-mission-tracker")

    finish = page.locator("#finish")
    finish.get_by_label("Won").check()
    finish.get_by_label("Your opponent's victory points").fill("2")
    finish.get_by_role("button", name="Finish and keep in my history").click()

    expect(page.locator(".messages")).to_contain_text(
        "The battle report of mission 1 is pre-filled: check it and record it."
    )
    form = page.locator("#battle-report")
    expect(form.get_by_label("ana won")).to_be_checked()
    expect(form.get_by_label("Lantern-Marshal: enemy units killed")).to_have_value("1")
    expect(form.get_by_label("Lightbearer Squad: destroyed or routed")).to_be_checked()
    expect(form.get_by_label("Corsair Captain: destroyed or routed")).not_to_be_checked()
    no_sideways_scroll(page, phone[0])
    looked_at(page, "play-mission-report-prefilled")
    form.get_by_role("button", name="Save as draft").click()
    expect(page.locator(".messages")).to_contain_text("Draft of mission 1 saved")
    assert Mission.objects.get(pk=game.mission_id).status == Mission.SET_UP  # nothing recorded

    ben = logged_in(browser, live_server, t.ben, phone, mobile=True)
    ben.set_default_timeout(20_000)
    other = ben.new_page()
    other.goto(f"{live_server.url}/campaigns/{t.campaign.pk}/missions/1/report/")
    expect(other.locator("body")).to_contain_text("Draft saved by ana")
    form = other.locator("#battle-report")
    expect(form.get_by_label("ana won")).to_be_checked()
    expect(form.get_by_label("Lightbearer Squad: destroyed or routed")).to_be_checked()
    form.get_by_label("Lightbearer Squad's casualty roll").fill("4")
    form.get_by_role("button", name="Record the mission").click()

    expect(other.locator(".messages")).to_contain_text("Mission 1 recorded")
    assert Mission.objects.get(pk=game.mission_id).status == Mission.REPORTED
    ana.close()
    ben.close()

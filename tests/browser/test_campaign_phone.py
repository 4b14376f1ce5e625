"""On a phone (375 px): record a battle report, then run the post-mission steps."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from forgebuilder.lists.models import ArmyList

from .campaign import ashfall, looked_at, window

PHONE = (375, 740)
# how wide an element's content is, and its box
FITS = "(s) => { const e = document.querySelector(s); return {scroll: e.scrollWidth, box: e.clientWidth}; }"


@pytest.mark.django_db(transaction=True)
def test_a_battle_report_and_the_post_mission_steps_on_a_phone(
    live_server, browser, starter_modules
):
    t = ashfall(set_up=True)
    ana, campaign, a, b = t.ana, t.campaign, t.a, t.b

    with window(browser, live_server, ana, PHONE, mobile=True) as page:
        page.goto(f"{live_server.url}/campaigns/{campaign.pk}/")
        page.get_by_role("link", name="Report mission 1", exact=True).click()
        form = page.locator("#battle-report")
        form.get_by_label("ana won").check()
        form.locator(f"input[name='p{a.pk}-objective']").check()
        form.locator(f"input[name='p{a.pk}-u2-units']").fill("2")
        form.locator(f"input[name='p{a.pk}-u2-heroes']").fill("1")
        form.locator(f"input[name='p{b.pk}-u2-casualty']").check()
        form.get_by_label("Deckhand Mob's casualty roll").fill("4")
        form.get_by_role("button", name="Record the mission").click()

        expect(page.locator(".messages")).to_contain_text("Mission 1 recorded")
        standings = page.locator("table.standings")
        expect(standings.locator("tr", has_text="ana")).to_contain_text("2")
        expect(standings.locator("tr", has_text="ana")).to_contain_text("225 pts")
        expect(standings.locator("tr", has_text="ben")).to_contain_text("300 pts")
        expect(page.locator(".history")).to_contain_text("Deckhand Mob: recovered")
        # every column fits the phone, Bank too: the table does not scroll sideways in its box
        looked_at(page, "campaign-standings-375")
        widths = page.evaluate(FITS, ".campaign-page .table-scroll")
        assert widths["scroll"] <= widths["box"], widths
        bank = standings.locator("tr", has_text="ben").locator("td").last.bounding_box()
        assert bank is not None and bank["x"] + bank["width"] <= PHONE[0], bank

        page.locator("#main").get_by_role("link", name="ana").click()
        squad = page.locator("#unit-u2")
        expect(squad).to_contain_text("Level 0 · 5 XP")
        squad.get_by_label("Dice you rolled").fill("4")
        squad.get_by_role("button", name="Level up").click()
        expect(page.locator(".messages")).to_contain_text("rolled Resilient")
        expect(page.locator("#unit-u2")).to_contain_text("Level 1 · 5 XP")
        expect(page.locator("#unit-u2")).to_contain_text(
            "Trait: Resilient — +1 to its Defense rolls."
        )
        expect(page.locator("#unit-u2")).to_contain_text("(5/10 to level 2)")

        page.locator("#recruit").get_by_label("Unit").select_option("pathwarden_scouts")
        page.locator("#recruit").get_by_role("button", name="Recruit from the bank").click()
        expect(page.locator(".messages")).to_contain_text("Recruited")
        expect(page.locator("main")).to_contain_text("bank 135 pts")  # 225 - 90
    assert ArmyList.objects.get(pk=a.army_id).points == 80 + 100 + 25 + 90

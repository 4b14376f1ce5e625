"""On a phone (375 px): record a battle report, then run the post-mission steps."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from playwright.sync_api import expect

from factions.models import GameModule
from forgebuilder.armylists.models import ArmyList
from forgebuilder.campaigns import services
from forgebuilder.campaigns.dice import SeededDie
from tests.campaigns.conftest import make_army


def logged_in(browser, live_server, user):
    client = Client()
    client.force_login(user)
    context = browser.new_context(viewport={"width": 375, "height": 740}, is_mobile=True)
    context.set_default_timeout(10_000)
    context.add_cookies(
        [
            {
                "name": settings.SESSION_COOKIE_NAME,
                "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
                "url": live_server.url,
            }
        ]
    )
    return context


@pytest.mark.django_db(transaction=True)
def test_a_battle_report_and_the_post_mission_steps_on_a_phone(
    live_server, browser, starter_modules
):
    users = get_user_model().objects
    ana = users.create_user("ana", "ana@example.com", "pw-123456789")
    ben = users.create_user("ben", "ben@example.com", "pw-123456789")
    ashen = GameModule.objects.get(slug="ashen-stars")
    campaign = services.campaign_create(organiser=ana, module=ashen, name="Ashfall")
    a = services.campaign_join(
        campaign=campaign, user=ana,
        army_list=make_army(ashen, ana, "cinder_compact", "lantern_marshal", "lightbearer_squad"),
    )  # fmt: skip
    b = services.campaign_join(
        campaign=campaign, user=ben,
        army_list=make_army(ashen, ben, "gutterfleet", "corsair_captain", "deckhand_mob"),
    )  # fmt: skip
    services.mission_setup(campaign=campaign, players=[a, b], die=SeededDie(1))

    context = logged_in(browser, live_server, ana)
    page = context.new_page()
    try:
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

        page.get_by_role("link", name="ana").click()
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
    finally:
        context.close()
    assert ArmyList.objects.get(pk=a.army_id).points == 80 + 100 + 25 + 90

"""On a phone (375 px), between missions: buy an upgrade from the bank, level a hero up by
picking a skill set from the rolled pair (radio buttons, never typed), see the campaign state on
the list editor's unit card, disband a unit, recruit a hero past the army's limits once the page
has warned and the player confirmed, disband it and set the next mission up."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from factions.models import GameModule
from forgebuilder.campaigns import services
from forgebuilder.lists.models import ArmyList
from forgebuilder.lists.sharing import share_link_create
from tests.campaigns.conftest import make_army

from .campaign import logged_in, no_sideways_scroll


def buy_for_the_marshal(page, upgrade: str, *, told: str, bank: str) -> None:
    """Pick `upgrade` for the Lantern-Marshal on the upgrade page and buy it."""
    marshal = page.locator("#upgrades-u1")
    marshal.get_by_label("Upgrade for Lantern-Marshal").select_option(label=upgrade)
    marshal.get_by_role("button", name="Buy for Lantern-Marshal").click()
    expect(page.locator(".messages")).to_contain_text(told)
    expect(page.locator(".bank")).to_contain_text(bank)


@pytest.mark.django_db(transaction=True)
def test_upgrades_a_hero_level_up_and_the_editor_card_on_a_phone(
    live_server, browser, starter_modules
):
    users = get_user_model().objects
    ana = users.create_user("ana", "ana@example.com", "pw-123456789")
    ashen = GameModule.objects.get(slug="ashen-stars")
    campaign = services.campaign_create(organiser=ana, module=ashen, name="Ashfall")
    army = make_army(ashen, ana, "cinder_compact", "lantern_marshal", "lightbearer_squad")
    a = services.campaign_join(campaign=campaign, user=ana, army_list=army)
    ben = users.create_user("ben", "ben@example.com", "pw-123456789")
    ben_army = make_army(ashen, ben, "gutterfleet", "corsair_captain", "deckhand_mob")
    services.campaign_join(campaign=campaign, user=ben, army_list=ben_army)
    a.bank = 100
    a.save()
    army.refresh_from_db()
    army.document["units"][0]["campaign"]["xp"] = 5  # the marshal may level up
    army.document["points_limit"] = 749  # one hero per full 375 points: the marshal alone
    army.save()

    context = logged_in(browser, live_server, ana, (375, 740), mobile=True)
    page = context.new_page()
    try:
        page.goto(f"{live_server.url}/campaigns/{campaign.pk}/armies/{a.pk}/")
        page.get_by_role("link", name="Buy and sell upgrades").click()
        other_tab = context.new_page()  # the same page, opened before anything is bought
        other_tab.goto(page.url)
        lance = "Sidearm: replace Lumen pistol with Searing lance"
        buy_for_the_marshal(
            page,
            f"{lance} (+15 pts)",
            told="Lantern-Marshal: bought Searing lance for 15 pts.",
            bank="85 pts",
        )
        expect(page.locator("#upgrades-u1")).to_contain_text("Sell for 5 pts")
        expect(page.locator("#upgrades-u1 .taken")).to_contain_text(lance)
        offered = page.locator("#upgrades-u1 select option", has_text="Searing lance")
        expect(offered).to_have_count(0)  # bought: not offered again
        # the tab left open still buys what it shows, though the offers moved up by one
        harness = "Wargear: upgrade with Ward harness (+10 pts)"
        buy_for_the_marshal(
            other_tab,
            harness,
            told="Lantern-Marshal: bought Ward harness for 10 pts.",
            bank="75 pts",
        )
        expect(other_tab.locator("#upgrades-u1 .taken")).to_contain_text("Ward harness")
        other_tab.close()

        page.get_by_role("link", name="← Army").click()
        hero = page.locator("#unit-u1")
        hero.get_by_label("Dice you rolled").fill("3 1")  # the pair Fighter or Shooter
        hero.get_by_role("button", name="Level up").click()
        expect(page.locator(".messages")).to_contain_text("Fighter or Shooter")
        choice = page.locator("#unit-u1 .level-choice")
        expect(choice).to_contain_text("Shooter traits: ")  # each set's traits before picking
        choice.get_by_label("Shooter").check()
        choice.get_by_role("button", name="Level up with this choice").click()
        expect(page.locator(".messages")).to_contain_text("chose the Shooter skill set")
        expect(page.locator("#unit-u1")).to_contain_text("Skill set: Shooter")

        squad = page.locator("#unit-u2")
        squad.locator("summary", has_text="Disband").click()
        squad.get_by_role("button", name="Disband Lightbearer Squad").click()
        expect(page.locator(".messages")).to_contain_text("Lightbearer Squad was disbanded.")

        recruit = page.locator("#recruit")
        recruit.get_by_label("Unit").select_option(label="Lamplighter Adept (70 pts)")
        recruit.get_by_role("button", name="Recruit from the bank").click()
        warning = page.locator("#recruit-warning")
        expect(warning).to_contain_text("The list has 2 heroes")
        no_sideways_scroll(page, 375)
        warning.get_by_role("button", name="Recruit Lamplighter Adept anyway").click()
        expect(page.locator(".messages")).to_contain_text("Recruited Lamplighter Adept for")
        adept = page.locator("#unit-u3")
        adept.locator("summary", has_text="Disband").click()
        adept.get_by_role("button", name="Disband Lamplighter Adept").click()
        expect(page.locator(".messages")).to_contain_text("Lamplighter Adept was disbanded.")

        page.goto(f"{live_server.url}/lists/{army.public_id}/", timeout=60_000)
        unit = page.locator("#unit-u1")
        expect(unit).to_contain_text("Level 1 · 5 XP")
        expect(unit).to_contain_text("Skill set")
        expect(page.locator("#unit-u2")).to_contain_text("Disbanded")
        assert page.evaluate("document.documentElement.scrollWidth") <= 375

        link = share_link_create(army_list=army, kind="live")
        page.goto(f"{live_server.url}/s/{link.token}/", timeout=60_000)
        expect(page.locator("main")).to_contain_text("Skill set")
        expect(page.locator("main")).to_contain_text("Disbanded: out of the army")

        # the army is legal again without the disbanded hero: the mission is set up
        page.goto(f"{live_server.url}/campaigns/{campaign.pk}/")
        page.get_by_role("button", name="Check armies and set up").click()
        expect(page.locator(".messages")).to_contain_text("Mission set up")
    finally:
        context.close()
    # 80 + 15 (lance) + 10 (harness) + 25 (level); the disbanded squad counts for nothing
    assert ArmyList.objects.get(pk=a.army_id).points == 130

"""A campaign page that leads: each player's next step, and the set-up mission's objective,
size gap and underdog points on the page (not only in the history)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from forgebuilder.campaigns import services
from forgebuilder.campaigns.dice import EnteredDie
from forgebuilder.campaigns.steps import BattleReport
from forgebuilder.campaigns.steps import UnitOutcome as Out
from tests.campaigns.conftest import ashfall, make_army

pytestmark = pytest.mark.django_db


def next_step(client, campaign) -> str:
    page = client.get(reverse("campaigns:detail", args=[campaign.pk])).content.decode()
    start = page.index('id="next-step"')
    return page[start : page.index("</p>", start)]


def test_each_player_sees_their_next_step(client, game, users):
    campaign, a, b = game
    ana, ben, _ = users
    client.force_login(ana)
    assert "Set up mission 1" in next_step(client, campaign)
    client.force_login(ben)
    assert "Wait for the organiser to set up the next mission" in next_step(client, campaign)

    services.mission_setup(campaign=campaign, players=[a, b], die=EnteredDie([]), objective="rage")
    assert "Play and report mission 1 with ana" in next_step(client, campaign)
    client.force_login(ana)
    assert "Play and report mission 1 with ben" in next_step(client, campaign)

    mission = campaign.missions.get(number=1)
    services.mission_report(mission=mission, reports={
        a.pk: BattleReport(won=True, units={"u2": Out(killed_units=4)}),
        b.pk: BattleReport(won=False),
    }, die=EnteredDie([]))  # fmt: skip
    assert "Level up Lightbearer Squad" in next_step(client, campaign)  # 1 + 4 = 5 XP
    client.force_login(ben)
    assert "Spend 300 pts on upgrades or recruits, or keep them" in next_step(client, campaign)


def test_the_set_up_mission_shows_its_objective_size_gap_and_underdog_points(client, game, users):
    campaign, a, b = game  # Ana 180 pts, Ben 155 pts
    client.force_login(users[0])
    client.post(
        reverse("campaigns:mission_new", args=[campaign.pk]),
        {"players": [a.pk, b.pk], "objective": "rage"},
    )
    page = client.get(reverse("campaigns:detail", args=[campaign.pk])).content.decode()
    briefing = page[page.index('id="mission-1"') :]
    assert "Special objective: <strong>Rage</strong>: You are the first to wipe out" in briefing
    assert "<li>ana: 180 pts: 0 underdog points</li>" in briefing
    assert "<li>ben: 155 pts, 25 pts below the largest army: 0 underdog points</li>" in briefing


def page_of(client, campaign) -> str:
    return client.get(reverse("campaigns:detail", args=[campaign.pk])).content.decode()


def step_and_place(client, campaign) -> tuple[str, str]:
    """The next step's words, and the element of the campaign's page its link goes to (its
    opening tag; "" when the step has no link, "MISSING" when the link goes nowhere)."""
    step = next_step(client, campaign)
    page = page_of(client, campaign)
    if 'href="' not in step:
        return step, ""
    href = step.split('href="', 1)[1].split('"', 1)[0]
    path, _, anchor = href.partition("#")
    assert path == reverse("campaigns:detail", args=[campaign.pk])
    found = page.find(f'id="{anchor}"')
    return step, page[
        page.rfind("<", 0, found) : page.find(">", found) + 1
    ] if found > 0 else "MISSING"


def test_every_state_of_a_new_campaign_names_a_step_that_is_on_the_page(client, ashen, users):
    ana, ben, _ = users
    campaign = services.campaign_create(organiser=ana, module=ashen, name="Cinders")
    client.force_login(ana)

    step, place = step_and_place(client, campaign)  # nobody has joined
    assert "Invite players (a mission needs two)" in step
    assert place.startswith('<p id="invite">')
    assert "Not yet. Invite players (a mission needs two)." in page_of(client, campaign)

    services.campaign_join(
        campaign=campaign,
        user=ana,
        army_list=make_army(ashen, ana, "cinder_compact", "lantern_marshal"),
    )
    step, place = step_and_place(client, campaign)
    assert "Invite one more player (a mission needs two)" in step
    assert place.startswith('<p id="invite">')
    client.force_login(ben)
    services.campaign_join(
        campaign=campaign, user=ben, army_list=make_army(ashen, ben, "gutterfleet", "deckhand_mob")
    )
    client.force_login(ana)
    step, place = step_and_place(client, campaign)
    assert "Set up mission 1" in step
    assert place.startswith('<section id="mission-setup"')
    assert 'action="' + reverse("campaigns:mission_new", args=[campaign.pk]) in page_of(
        client, campaign
    )


def test_while_a_mission_waits_for_its_report_its_set_up_form_is_gone(client, ashen, game, users):
    campaign, _a, b = game  # ana organises and plays, but not in mission 1
    ana, _ben, cy = users
    c = services.campaign_join(
        campaign=campaign, user=cy, army_list=make_army(ashen, cy, "gutterfleet", "deckhand_mob")
    )
    services.mission_setup(campaign=campaign, players=[b, c], die=EnteredDie([]), objective="rage")
    client.force_login(ana)
    page = page_of(client, campaign)
    assert "Check armies and set up" not in page
    assert "Not yet. Wait for ben and cy to report mission 1." in page
    step, place = step_and_place(client, campaign)
    assert "Wait for ben and cy to report mission 1" in step
    assert place.startswith('<section class="mission-briefing" id="mission-1"')


def test_a_second_mission_waits_for_the_first_ones_report(ashen, game, users):
    campaign, a, b = game
    dee = get_user_model().objects.create_user("dee", "dee@example.com", "pw-123456789")
    c, d = (
        services.campaign_join(
            campaign=campaign, user=u, army_list=make_army(ashen, u, "gutterfleet", "deckhand_mob")
        )
        for u in (users[2], dee)
    )
    services.mission_setup(campaign=campaign, players=[a, b], die=EnteredDie([]), objective="rage")
    with pytest.raises(services.CampaignError, match="Mission 1 is set up and not reported yet"):
        services.mission_setup(
            campaign=campaign, players=[c, d], die=EnteredDie([]), objective="rage"
        )
    assert campaign.missions.count() == 1


def test_one_underdog_point_is_said_in_the_singular(client, ashen, users):
    ana, ben, _ = users
    campaign, a, b = ashfall(ashen, ana, ben, ana_units=("lightbearer_squad",))  # 100 vs 155 pts
    services.mission_setup(campaign=campaign, players=[a, b], die=EnteredDie([]), objective="rage")
    client.force_login(ana)
    page = client.get(reverse("campaigns:detail", args=[campaign.pk])).content.decode()
    assert "<li>ana: 100 pts, 1 underdog point</li>" in page  # the history
    assert "<li>ana: 100 pts, 55 pts below the largest army: 1 underdog point</li>" in page
    assert "underdog points" not in page.replace("0 underdog points", "")

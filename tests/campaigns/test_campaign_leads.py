"""A campaign page that leads: each player's next step, and the set-up mission's objective,
size gap and underdog points on the page (not only in the history)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from forgebuilder.campaigns import services
from forgebuilder.campaigns.dice import EnteredDie
from forgebuilder.campaigns.steps import BattleReport
from forgebuilder.campaigns.steps import UnitOutcome as Out

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

"""Correcting a report in one step: 'Correct this report' opens the report form filled in with
the recorded report (the units as they were before it, the rolls as they fell); what is
recorded replaces the report in one transaction, so a refused correction leaves the recorded
report in place. Expectations by hand from the Ashen Stars tables (winner 2 VP + 150 pts,
loser 300, objective +75; XP: survived 1, a kill 1, a casualty none)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from forgebuilder.campaigns import services
from forgebuilder.campaigns.dice import EnteredDie, NamedDie
from forgebuilder.campaigns.models import CampaignEvent, Mission
from forgebuilder.campaigns.steps import BattleReport
from forgebuilder.campaigns.steps import UnitOutcome as Out
from forgebuilder.lists.models import ArmyList

from .test_report_form import field, messages_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def reported(game):
    """Mission 1 as recorded: Ana won with the objective, her squad killed two units; Ben's mob
    was destroyed and recovered (a 4, typed in its named field)."""
    campaign, a, b = game
    setup = services.mission_setup(
        campaign=campaign, players=[a, b], die=EnteredDie([]), objective="rage"
    )
    services.mission_report(mission=setup.mission, reports={
        a.pk: BattleReport(won=True, objective=True, units={"u2": Out(killed_units=2)}),
        b.pk: BattleReport(won=False, units={"u2": Out(casualty=True)}),
    }, die=NamedDie({f"p{b.pk}-u2-casualty-roll": [4]}))  # fmt: skip
    return campaign, a, b


def standing(player) -> tuple[int, int, int, list[int]]:
    """VP, bank, missions, each unit's XP."""
    player.refresh_from_db()
    units = ArmyList.objects.get(pk=player.army_id).document["units"]
    return (
        player.victory_points,
        player.bank,
        player.missions,
        [u["campaign"]["xp"] for u in units],
    )


def amended(a, b, **more) -> dict:
    """Ben really won: his captain killed a unit; Ana's squad was destroyed and recovered (2)."""
    return {
        "winner": str(b.pk),
        f"p{b.pk}-u1-units": "1",
        f"p{a.pk}-u2-casualty": "on",
        f"p{a.pk}-u2-casualty-roll": "2",
        "reason": "Ben held the field",
        **more,
    }


def test_the_correction_form_opens_with_the_report_as_recorded(client, reported, users):
    campaign, a, b = reported
    client.force_login(users[0])  # the organiser

    page = client.get(reverse("campaigns:correct", args=[campaign.pk, 1]))

    assert page.status_code == 200
    assert "Correct the report of mission 1" in page.content.decode()
    assert "checked" in field(page, "winner", a.pk)
    assert "checked" in field(page, f"p{a.pk}-objective")
    assert 'value="2"' in field(page, f"p{a.pk}-u2-units")
    assert "checked" in field(page, f"p{b.pk}-u2-casualty")
    assert 'value="4"' in field(page, f"p{b.pk}-u2-casualty-roll")
    assert "checked" not in field(page, f"p{b.pk}-u1-casualty")


def test_a_refused_correction_leaves_the_recorded_report_in_place(client, reported, users):
    campaign, a, b = reported
    before = standing(a), standing(b)
    client.force_login(users[0])
    url = reverse("campaigns:correct", args=[campaign.pk, 1])

    response = client.post(url, amended(a, b, **{f"p{a.pk}-u2-casualty-roll": "7"}))

    assert response.status_code == 200
    assert messages_of(response) == [
        "Lightbearer Squad's casualty roll: '7' is not a die roll; enter 1 to 6."
    ]
    assert 'value="7"' in field(response, f"p{a.pk}-u2-casualty-roll")
    assert "checked" in field(response, "winner", b.pk)
    assert 'value="Ben held the field"' in field(response, "reason")
    assert (standing(a), standing(b)) == before == ((2, 225, 1, [1, 3]), (0, 300, 1, [1, 0]))
    assert Mission.objects.get(campaign=campaign, number=1).status == Mission.REPORTED
    assert not CampaignEvent.objects.filter(kind="correction").exists()
    assert not CampaignEvent.objects.filter(voided_by__isnull=False).exists()


def test_a_correction_replaces_the_report_and_recomputes_xp_and_rewards(client, reported, users):
    campaign, a, b = reported
    client.force_login(users[0])
    url = reverse("campaigns:correct", args=[campaign.pk, 1])

    response = client.post(url, amended(a, b), follow=True)

    assert messages_of(response) == ["The report of mission 1 is corrected."]
    # Ana lost without the objective: 300 pts; her marshal survived (1 XP), her squad fell
    assert standing(a) == (0, 300, 1, [1, 0])
    # Ben won: 2 VP and 150 pts; his captain survived and killed a unit, his mob survived
    assert standing(b) == (2, 150, 1, [2, 1])
    correction = CampaignEvent.objects.get(kind="correction")
    assert correction.lines == ["ana corrected the report of mission 1: Ben held the field"]
    assert correction.by == users[0]
    assert CampaignEvent.objects.filter(voided_by=correction).count() == 2  # the old report
    assert Mission.objects.get(campaign=campaign, number=1).status == Mission.REPORTED

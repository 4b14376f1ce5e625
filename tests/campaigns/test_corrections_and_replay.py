"""The history is the army: three missions with purchases and a corrected report, every army
equal to its history replayed (`manage.py check_campaigns`), and corrections that recompute
everything after them, recorded with who made them. Expectations computed by hand from the
Ashen Stars campaign tables (winner 2 VP + 150 pts, loser 300, objective 75; XP: survived 1,
a unit killed 1; 5 XP a level, +25 pts a level)."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse

from forgebuilder.campaigns import corrections, services
from forgebuilder.campaigns.dice import EnteredDie
from forgebuilder.campaigns.models import CampaignEvent, CampaignPlayer, Mission
from forgebuilder.campaigns.steps import BattleReport
from forgebuilder.campaigns.steps import UnitOutcome as Out
from forgebuilder.lists.models import ArmyList

pytestmark = pytest.mark.django_db


def xp(player) -> list[int]:
    units = ArmyList.objects.get(pk=player.army_id).document["units"]
    return [u["campaign"]["xp"] for u in units]


def standing(player) -> tuple[int, int, int, int]:
    """VP, bank, missions, army value."""
    player.refresh_from_db()
    return (
        player.victory_points,
        player.bank,
        player.missions,
        ArmyList.objects.get(pk=player.army_id).points,
    )


def play(campaign, a, b, reports: dict, dice=()) -> Mission:
    setup = services.mission_setup(
        campaign=campaign, players=[a, b], die=EnteredDie([]), objective="rage"
    )
    services.mission_report(mission=setup.mission, reports=reports, die=EnteredDie(list(dice)))
    return setup.mission


def checked() -> str:
    out = StringIO()
    call_command("check_campaigns", stdout=out)
    return out.getvalue()


def test_three_missions_a_correction_and_purchases_replay_to_the_stored_armies(game, users):
    campaign, a, b = game  # Ana: Marshal 80 + Squad 100; Ben: Captain 75 + Mob 80
    # mission 1: Ana wins with the objective, her squad kills two units; Ben's mob recovers (4)
    play(campaign, a, b, {
        a.pk: BattleReport(won=True, objective=True, units={"u2": Out(killed_units=2)}),
        b.pk: BattleReport(won=False, units={"u2": Out(casualty=True)}),
    }, dice=[4])  # fmt: skip
    assert (xp(a), xp(b)) == ([1, 3], [1, 0])
    assert standing(a) == (2, 225, 1, 180) and standing(b) == (0, 300, 1, 155)
    services.army_buy_upgrade(
        player=b, unit_id="u1", option="add_rule.ambush", choice="boarding_torpedo"
    )
    services.army_recruit(player=a, datasheet="lightbearer_squad")
    assert standing(a) == (2, 125, 1, 280) and standing(b) == (0, 285, 1, 170)

    # mission 2 as first reported: Ana wins again, her squad kills two more; it levels up (4)
    mission2 = play(campaign, a, b, {
        a.pk: BattleReport(won=True, units={"u2": Out(killed_units=2)}),
        b.pk: BattleReport(won=False),
    })  # fmt: skip
    services.army_level_up(player=a, unit_id="u2", die=EnteredDie([4]))  # Resilient
    assert xp(a) == [2, 6, 1]
    assert standing(a) == (4, 275, 2, 305) and standing(b) == (0, 585, 2, 170)

    # Ana really lost mission 2: the organiser voids the report
    voided = corrections.mission_report_void(mission=mission2, by=users[0], reason="Ben won")
    assert voided.done
    assert voided.undone == [
        "ana: Lightbearer Squad 1: level 1, rolled Resilient "
        "(Lightbearer Squad 1 needs 5 XP for level 1 (5 per level); it has 3.)"
    ]
    assert (xp(a), xp(b)) == ([1, 3, 0], [1, 0])
    assert standing(a) == (2, 125, 1, 280) and standing(b) == (0, 285, 1, 170)
    mission2.refresh_from_db()
    assert mission2.status == Mission.SET_UP
    correction = CampaignEvent.objects.get(kind="correction")
    assert correction.by == users[0]
    assert correction.lines[0] == "ana voided the report of mission 2: Ben won"
    assert correction.lines[1].startswith("Undone: ana: Lightbearer Squad 1: level 1")

    # the amended report: Ben won, his captain killed a unit, Ana's squad recovers (2)
    services.mission_report(mission=mission2, reports={
        a.pk: BattleReport(won=False, units={"u2": Out(casualty=True)}),
        b.pk: BattleReport(won=True, units={"u1": Out(killed_units=1)}),
    }, die=EnteredDie([2]))  # fmt: skip
    assert (xp(a), xp(b)) == ([2, 3, 1], [3, 1])
    assert standing(a) == (2, 425, 2, 280) and standing(b) == (2, 435, 2, 170)

    # mission 3: a draw, everybody survives; then Ben sells the torpedo (15 -> 5)
    play(campaign, a, b, {a.pk: BattleReport(won=False), b.pk: BattleReport(won=False)})
    [sold] = services.army_sell_upgrade(player=b, unit_id="u1", option="add_rule.ambush")
    assert sold.endswith("(worth 15 pts) for 5 pts.")
    assert (xp(a), xp(b)) == ([3, 4, 2], [4, 2])
    assert standing(a) == (2, 725, 3, 280) and standing(b) == (2, 740, 3, 155)

    assert checked().splitlines()[-1] == "2 armies replayed, 0 differ from their history."


def test_check_campaigns_names_an_army_changed_outside_the_campaign(game):
    campaign, a, b = game
    play(campaign, a, b, {a.pk: BattleReport(won=True), b.pk: BattleReport(won=False)})
    CampaignPlayer.objects.filter(pk=b.pk).update(bank=999)

    army = ArmyList.objects.get(pk=a.army_id)  # a unit taken out in the database
    forged = {**army.document, "units": army.document["units"][:1]}
    ArmyList.objects.filter(pk=army.pk).update(document=forged)

    with pytest.raises(CommandError, match="2 campaign armies differ"):
        checked()
    out = StringIO()
    with pytest.raises(CommandError):
        call_command("check_campaigns", stdout=out)
    report = out.getvalue()
    assert "ben (Army): bank is 999; the history gives 300." in report
    assert "ana (Army): the units differ from the history (changed outside the campaign)." in report


def test_the_two_players_void_a_report_together_and_nobody_else_can(client, game, users):
    campaign, a, b = game
    ana, ben, cy = users
    mission = play(campaign, a, b, {a.pk: BattleReport(won=True), b.pk: BattleReport(won=False)})
    campaign.organiser = cy  # the organiser plays no part here: the players correct it
    campaign.save()
    url = reverse("campaigns:void", args=[campaign.pk, 1])

    dee = type(ana).objects.create_user("dee", "dee@example.com", "pw-123456789")
    client.force_login(dee)  # not in the campaign
    assert client.post(url).status_code == 404

    client.force_login(ben)
    client.post(url, {"reason": "wrong winner"})
    client.post(url)  # asking twice is still one ask
    mission.refresh_from_db()
    assert mission.status == Mission.REPORTED and mission.void_asked_by == ben
    assert standing(a)[:3] == (2, 150, 1)

    client = Client()  # Ana's own browser
    client.force_login(ana)
    response = client.post(url, follow=True)
    mission.refresh_from_db()
    assert mission.status == Mission.SET_UP
    assert standing(a)[:3] == (0, 0, 0) and standing(b)[:3] == (0, 0, 0)
    said = [str(m) for m in response.context["messages"]]
    assert said == ["The report of mission 1 is voided: report it again."]
    line = CampaignEvent.objects.get(kind="correction").lines[0]
    assert line == "ana voided the report of mission 1 (asked by ben)."


def test_a_report_cannot_be_corrected_once_the_next_mission_is_set_up(game, users):
    campaign, a, b = game
    mission = play(campaign, a, b, {a.pk: BattleReport(won=True), b.pk: BattleReport(won=False)})
    services.mission_setup(campaign=campaign, players=[a, b], die=EnteredDie([]), objective="rage")

    with pytest.raises(services.CampaignError) as refused:
        corrections.mission_report_void(mission=mission, by=users[0])

    assert str(refused.value) == (
        "Mission 2 is set up already: only the last mission's report can be corrected."
    )
    assert standing(a)[:3] == (2, 150, 1)

"""Two players (or two tabs) at once: every campaign step locks the campaign, the mission, the
players and their lists, and re-checks what it needs inside the lock. Of two colliding posts,
one is applied and the other refused with a message; nothing is applied twice or lost.

These need PostgreSQL's row locks (SQLite takes one lock for the whole database, so the race
never happens there): run with DATABASE_URL pointing at PostgreSQL."""

from __future__ import annotations

import pytest
from django.urls import reverse

from forgebuilder.campaigns import services
from forgebuilder.campaigns.dice import SeededDie
from forgebuilder.campaigns.models import CampaignEvent, CampaignPlayer, Mission
from forgebuilder.campaigns.steps import BattleReport
from forgebuilder.campaigns.steps import UnitOutcome as Out
from forgebuilder.lists.models import ArmyList
from tests.concurrency import POSTGRES_ONLY, at_once, client_of, said

from .conftest import make_army

pytestmark = POSTGRES_ONLY

TRIALS = 4


def events(campaign, kind: str, player=None) -> list[CampaignEvent]:
    found = CampaignEvent.objects.filter(campaign=campaign, kind=kind)
    return list(found.filter(player=player) if player else found)


def reported(campaign, a, b, ana: BattleReport | None = None):
    """Mission 1 played: Ana won (bank 150), Ben lost (bank 300); nobody fell."""
    setup = services.mission_setup(campaign=campaign, players=[a, b], die=SeededDie(1))
    services.mission_report(
        mission=setup.mission,
        reports={a.pk: ana or BattleReport(won=True), b.pk: BattleReport(won=False)},
        die=SeededDie(2),
    )
    a.refresh_from_db()
    b.refresh_from_db()
    return a, b


@pytest.mark.parametrize("trial", range(TRIALS))
def test_two_reports_of_one_mission_at_once_apply_one_and_refuse_the_other(game, users, trial):
    campaign, a, b = game
    services.mission_setup(campaign=campaign, players=[a, b], die=SeededDie(1))
    url = reverse("campaigns:report", args=[campaign.pk, 1])
    # the organiser says Ana won, Ben says he won
    ana, ben = client_of(users[0]), client_of(users[1])

    answers = at_once(
        lambda: ana.post(url, {"winner": a.pk, "dice": "1 1 1 1"}),
        lambda: ben.post(url, {"winner": b.pk, "dice": "1 1 1 1"}),
    )

    codes = sorted(r.status_code for r in answers)
    assert codes == [200, 302], answers
    refused = next(r for r in answers if r.status_code == 200)
    assert "Mission 1 is already reported" in refused.content.decode()
    a.refresh_from_db()
    b.refresh_from_db()
    assert (a.missions, b.missions) == (1, 1)
    assert len(events(campaign, "mission-report", a)) == 1
    assert len(events(campaign, "mission-report", b)) == 1
    assert a.victory_points + b.victory_points == 2  # one winner, not two
    assert sorted([a.bank, b.bank]) == [150, 300]


@pytest.mark.parametrize("trial", range(TRIALS))
def test_two_recruits_from_two_tabs_keep_both_or_refuse_one_and_the_bank_agrees(game, users, trial):
    campaign, a, b = game
    a, b = reported(campaign, a, b)
    act = reverse("campaigns:army_action", args=[campaign.pk, a.pk])
    tab1, tab2 = client_of(users[0]), client_of(users[0])
    recruit = {"action": "recruit", "datasheet": "lightbearer_squad"}  # 100 pts, bank 150

    at_once(lambda: tab1.post(act, recruit), lambda: tab2.post(act, recruit))

    a.refresh_from_db()
    units = ArmyList.objects.get(pk=a.army_id).document["units"]
    assert len(events(campaign, "recruit", a)) == 1
    assert len(units) == 3  # two founders and one recruit
    assert a.bank == 50
    told = said(tab1, act.replace("act/", "")) + said(tab2, act.replace("act/", ""))
    assert sorted(told) == [
        "Lightbearer Squad costs 100 pts; the bank holds 50.",
        "Recruited Lightbearer Squad 2 for 100 pts.",
    ]


@pytest.mark.parametrize("trial", range(TRIALS))
def test_two_purchases_from_two_tabs_are_each_paid_and_kept(game, users, trial):
    campaign, a, b = game
    a, b = reported(campaign, a, b)
    act = reverse("campaigns:army_action", args=[campaign.pk, b.pk])
    tab1, tab2 = client_of(users[1]), client_of(users[1])
    offers = services_offer(b, "u1", "add_rule.ambush", "boarding_torpedo")
    buy = {"action": "buy", "unit": "u1", "pick": offers}

    at_once(lambda: tab1.post(act, buy), lambda: tab2.post(act, buy))

    b.refresh_from_db()
    bought = events(campaign, "upgrade", b)
    unit = ArmyList.objects.get(pk=b.army_id).document["units"][0]
    taken = sum(o["count"] for o in unit["options"] if o["option"] == "add_rule.ambush")
    assert taken == len(bought) >= 1
    assert b.bank == 300 - 15 * len(bought)


@pytest.mark.parametrize("trial", range(TRIALS))
def test_two_mission_setups_at_once_make_one_mission(game, users, trial):
    campaign, a, b = game
    url = reverse("campaigns:mission_new", args=[campaign.pk])
    tab1, tab2 = client_of(users[0]), client_of(users[0])
    form = {"players": [a.pk, b.pk], "objective": "rage"}

    answers = at_once(lambda: tab1.post(url, form), lambda: tab2.post(url, form))

    assert [r.status_code for r in answers] == [302, 302], answers
    assert Mission.objects.filter(campaign=campaign).count() == 1
    assert len(events(campaign, "mission-setup")) == 1
    assert CampaignPlayer.objects.filter(campaign=campaign).count() == 2


def services_offer(player, unit_id: str, option: str, choice: str) -> str:
    """The upgrade page's pick number of (option, choice) for the unit."""
    from forgebuilder.campaigns.selectors import upgrade_offers

    unit = next(u for u in upgrade_offers(player) if u["id"] == unit_id)
    return str(
        next(o["pick"] for o in unit["offers"] if (o["option"], o["choice"]) == (option, choice))
    )


def two_tabs_act(user, campaign, player, form: dict) -> list[str]:
    """`user` posts the same army action from two tabs at once; what the two tabs were told."""
    act = reverse("campaigns:army_action", args=[campaign.pk, player.pk])
    page = reverse("campaigns:army", args=[campaign.pk, player.pk])
    tab1, tab2 = client_of(user), client_of(user)
    at_once(lambda: tab1.post(act, form), lambda: tab2.post(act, form))
    return said(tab1, page) + said(tab2, page)


def one_done_one_refused(told: list[str], done: str, refused: str) -> None:
    """Of two tabs' messages, one says `done` and the other says why it was refused."""
    assert len(told) == 2, told
    assert sum(done in m for m in told) == 1, told
    assert sum(refused in m for m in told) == 1, told


@pytest.mark.parametrize("trial", range(TRIALS))
def test_two_tabs_selling_one_upgrade_sell_it_once(game, users, trial):
    campaign, a, b = game
    a, b = reported(campaign, a, b)
    services.army_buy_upgrade(
        player=b, unit_id="u1", option="add_rule.ambush", choice="boarding_torpedo"
    )  # 15 pts: the bank holds 285
    sell = {"action": "sell", "unit": "u1", "option": "add_rule.ambush"}

    told = two_tabs_act(users[1], campaign, b, sell)

    b.refresh_from_db()
    assert len(events(campaign, "sell", b)) == 1
    assert b.bank == 285 + 5  # half of 15, rounded down to 5: paid once
    one_done_one_refused(
        told,
        "Corsair Captain: sold Boarding torpedo (worth 15 pts) for 5 pts.",
        "has no 'Arrival' upgrade to sell (it may have been sold already: reload the page).",
    )


@pytest.mark.parametrize("trial", range(TRIALS))
def test_two_tabs_disbanding_one_unit_disband_it_once(game, users, trial):
    campaign, a, b = game
    a, b = reported(campaign, a, b)
    disband = {"action": "disband", "unit": "u2"}

    told = two_tabs_act(users[0], campaign, a, disband)

    assert len(events(campaign, "disband", a)) == 1
    units = ArmyList.objects.get(pk=a.army_id).document["units"]
    assert [u["campaign"]["status"] for u in units] == ["active", "disbanded"]
    one_done_one_refused(
        told,
        "Lightbearer Squad was disbanded. It stays on the list",
        "Lightbearer Squad is disbanded already.",
    )


@pytest.mark.parametrize("trial", range(TRIALS))
def test_two_tabs_levelling_one_unit_level_it_once(game, users, trial):
    campaign, a, b = game
    # the squad survives and kills four units: 5 XP, enough for level 1 and not for level 2
    a, b = reported(campaign, a, b, BattleReport(won=True, units={"u2": Out(killed_units=4)}))
    level = {"action": "level", "unit": "u2", "dice": "4"}  # 4: Resilient, nothing to choose

    told = two_tabs_act(users[0], campaign, a, level)

    assert len(events(campaign, "level-up", a)) == 1
    squad = ArmyList.objects.get(pk=a.army_id).document["units"][1]["campaign"]
    assert squad["level"] == 1
    one_done_one_refused(
        told,
        "Lightbearer Squad: level 1",
        "Lightbearer Squad needs 10 XP for level 2",
    )


@pytest.mark.parametrize("trial", range(TRIALS))
def test_one_player_joining_from_two_tabs_joins_once(game, ashen, users, trial):
    campaign, _a, _b = game
    cy = users[2]
    lists = [
        make_army(ashen, cy, "cinder_compact", "lantern_marshal", name=f"Cy {n}") for n in (1, 2)
    ]
    url = reverse("campaigns:join", args=[campaign.invite_token])
    tab1, tab2 = client_of(cy), client_of(cy)

    answers = at_once(
        lambda: tab1.post(url, {"army": lists[0].pk}),
        lambda: tab2.post(url, {"army": lists[1].pk}),
    )

    # the second tab is refused inside the lock, or (when the first had committed before it
    # began) sent to the campaign it is already in
    assert sorted(r.status_code for r in answers) in ([200, 302], [302, 302]), answers
    for refused in (r for r in answers if r.status_code == 200):
        assert "You already have an army in this campaign." in refused.content.decode()
    assert CampaignPlayer.objects.filter(campaign=campaign, user=cy).count() == 1
    assert len(events(campaign, "joined")) == 3  # ana, ben and cy once


@pytest.mark.parametrize("trial", range(TRIALS))
def test_leaving_while_the_organiser_sets_up_a_mission_does_one_or_the_other(game, users, trial):
    campaign, a, b = game
    setup = reverse("campaigns:mission_new", args=[campaign.pk])
    leave = reverse("campaigns:leave", args=[campaign.pk, b.pk])
    page = reverse("campaigns:detail", args=[campaign.pk])
    organiser, ben = client_of(users[0]), client_of(users[1])

    at_once(
        lambda: organiser.post(setup, {"players": [a.pk, b.pk], "objective": "rage"}),
        lambda: ben.post(leave),
    )

    b.refresh_from_db()
    missions = Mission.objects.filter(campaign=campaign).count()
    told = said(organiser, page) + said(ben, page)
    if b.left_at is None:  # the mission came first: Ben plays it and may leave after
        assert missions == 1
        assert any("ben plays mission 1, which is not reported yet" in m for m in told), told
    else:  # Ben left first: no mission with a player who has gone
        assert missions == 0
        assert any("ben left the campaign and cannot play a mission." in m for m in told), told
    assert len(events(campaign, "left")) == 1 - missions


@pytest.mark.parametrize("trial", range(TRIALS))
def test_two_tabs_voiding_one_report_void_it_once(game, users, trial):
    campaign, a, b = game
    a, b = reported(campaign, a, b)
    url = reverse("campaigns:void", args=[campaign.pk, 1])
    page = reverse("campaigns:detail", args=[campaign.pk])
    tab1, tab2 = client_of(users[0]), client_of(users[0])

    at_once(lambda: tab1.post(url), lambda: tab2.post(url))

    assert len(events(campaign, "correction")) == 1
    a.refresh_from_db()
    b.refresh_from_db()
    assert [(p.missions, p.bank, p.victory_points) for p in (a, b)] == [(0, 0, 0), (0, 0, 0)]
    assert Mission.objects.get(campaign=campaign, number=1).status == Mission.SET_UP
    one_done_one_refused(
        said(tab1, page) + said(tab2, page),
        "The report of mission 1 is voided",
        "Mission 1 has no report to correct.",
    )

"""Two players (or two tabs) at once: every campaign step locks the campaign, the mission, the
players and their lists, and re-checks what it needs inside the lock. Of two colliding posts,
one is applied and the other refused with a message; nothing is applied twice or lost.

These need PostgreSQL's row locks (SQLite takes one lock for the whole database, so the race
never happens there): run with DATABASE_URL pointing at PostgreSQL."""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from forgebuilder.armylists.models import ArmyList
from forgebuilder.campaigns import services
from forgebuilder.campaigns.dice import SeededDie
from forgebuilder.campaigns.models import CampaignEvent, CampaignPlayer, Mission
from forgebuilder.campaigns.steps import BattleReport

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="concurrent clients need PostgreSQL's row locks; SQLite serialises every write",
    ),
]

TRIALS = 4


def at_once(*posts: Callable[[], object]) -> list:
    """Run the posts in threads released together; each thread closes its own connection."""
    barrier = threading.Barrier(len(posts))
    results: list = [None] * len(posts)

    def run(i: int) -> None:
        from django.db import connection as own

        try:
            barrier.wait()
            results[i] = posts[i]()
        except Exception as exc:  # the test asserts on what went wrong
            results[i] = exc
        finally:
            own.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(posts))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return results


def client_of(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def events(campaign, kind: str, player=None) -> list[CampaignEvent]:
    found = CampaignEvent.objects.filter(campaign=campaign, kind=kind)
    return list(found.filter(player=player) if player else found)


def reported(campaign, a, b):
    """Mission 1 played: Ana won (bank 150), Ben lost (bank 300); nobody fell."""
    setup = services.mission_setup(campaign=campaign, players=[a, b], die=SeededDie(1))
    services.mission_report(
        mission=setup.mission,
        reports={a.pk: BattleReport(won=True), b.pk: BattleReport(won=False)},
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
    said = [
        str(m) for c in (tab1, tab2) for m in c.get(act.replace("act/", "")).context["messages"]
    ]
    assert sorted(said) == ["Lightbearer Squad costs 100 pts; the bank holds 50.", "Recruited."]


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
        next(o["index"] for o in unit["offers"] if (o["option"], o["choice"]) == (option, choice))
    )

"""One client cannot starve the PDF queue (issue 23: six 400-unit rosters queued by one client
held a small roster back for 462 s): queued drawing is limited per client and per list, weighed
by the list's size, and small lists are drawn ahead of heavy ones."""

from __future__ import annotations

from django.test import Client
from django.urls import reverse
from django_tasks_db.models import DBTaskResult

from forgebuilder.armylists.models import ArmyList
from forgebuilder.armylists.printouts import UNITS_PER_WEIGHT, render_priority


def with_units(army_list: ArmyList, count: int) -> ArmyList:
    document = dict(army_list.document)
    document["units"] = [
        {"id": f"u{i}", "datasheet": "spearmen", "force": "f1"} for i in range(1, count + 1)
    ]
    ArmyList.objects.filter(pk=army_list.pk).update(document=document)
    return army_list


def pdf(army_list: ArmyList, paper: str = "a4") -> str:
    return reverse("armylists:roster_pdf", args=[army_list.public_id]) + f"?paper={paper}"


def test_a_heavy_list_weighs_more_and_is_drawn_after_small_ones():
    assert render_priority(1) == 50
    assert render_priority(1 + 400 // UNITS_PER_WEIGHT) < render_priority(2) < render_priority(1)
    assert render_priority(10_000) == -100  # within the queue's range


def test_one_client_queues_only_so_much_heavy_drawing(client, make_list, owner, settings):
    assert settings.RATE_LIMITS["render-queue"] == (12, 600)
    heavy = [with_units(make_list(owner=owner, name=f"Horde {n}"), 400) for n in range(3)]

    answers = [client.get(pdf(army_list)).status_code for army_list in heavy]

    assert answers == [202, 429, 429]  # each weighs 9
    assert DBTaskResult.objects.count() == 1
    refused = client.get(pdf(heavy[1]))
    assert "Too many PDFs being drawn for you at once" in refused.text


def test_small_lists_stay_within_the_limit_for_a_normal_player(client, make_list, owner):
    lists = [make_list(owner=owner, name=f"Patrol {n}") for n in range(6)]
    for army_list in lists:
        for paper in ("a4", "letter"):
            assert client.get(pdf(army_list, paper)).status_code == 202
    assert DBTaskResult.objects.count() == 12


def test_a_list_shared_with_many_clients_is_limited_on_the_list_too(make_list, owner, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "render-list": (1, 600)}
    army_list = make_list(owner=owner)
    from forgebuilder.armylists.sharing import share_link_create

    link = share_link_create(army_list=army_list, kind="live")
    url = reverse("armylists:shared_roster_pdf", args=[link.token])
    answers = [
        Client(REMOTE_ADDR=f"10.3.0.{i}").get(url + f"?paper={paper}").status_code
        for i, paper in enumerate(["a4", "letter"])
    ]
    assert answers == [202, 429]


def test_a_small_roster_asked_after_a_heavy_one_is_drawn_first(client, make_list, owner):
    heavy = with_units(make_list(owner=owner, name="Horde"), 400)
    small = make_list(owner=owner, name="Patrol")
    client.get(pdf(heavy))
    client.get(pdf(small))  # a moment later

    queued = list(DBTaskResult.objects.all())  # in the order the worker takes them
    assert [task.args_kwargs["kwargs"]["list_id"] for task in queued] == [small.pk, heavy.pk]

"""One client cannot starve the PDF queue (issue 23: six 400-unit rosters queued by one client
held a small roster back for 462 s): queued drawing is limited per client and per list, weighed
by the list's size, a client has only so many renders waiting at any moment, and small lists
are drawn ahead of heavy ones."""

from __future__ import annotations

import pytest
from django.db import connection
from django.tasks import TaskResultStatus
from django.test import Client
from django.urls import reverse
from django_tasks_db.models import DBTaskResult

from forgebuilder.lists.models import ArmyList
from forgebuilder.lists.printables import UNITS_PER_WEIGHT
from forgebuilder.lists.sharing import share_link_create
from forgebuilder.printing.queue import QUEUED_RETRY_AFTER, render_priority
from tests.concurrency import at_once

POSTGRES_REASON = "concurrent clients need PostgreSQL's row locks; SQLite serialises every write"


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
    assert "Too many PDFs asked for at once from you" in refused.text


def drawn() -> None:
    """The worker has drawn everything queued."""
    DBTaskResult.objects.update(status=TaskResultStatus.SUCCESSFUL)


def test_small_lists_stay_within_the_limit_for_a_normal_player(client, make_list, owner):
    lists = [make_list(owner=owner, name=f"Patrol {n}") for n in range(6)]
    for army_list in lists:
        for paper in ("a4", "letter"):
            assert client.get(pdf(army_list, paper)).status_code == 202
        drawn()  # a player asks for the next list's PDFs once these are drawn
    assert DBTaskResult.objects.count() == 12


def test_a_client_has_only_so_many_renders_waiting_at_once(client, make_list, owner, settings):
    """The N+1th render queued while N wait answers 429 with when to retry; once one is
    drawn, the next one is queued."""
    assert settings.PDF_QUEUED_PER_CLIENT == 6
    lists = [make_list(owner=owner, name=f"Patrol {n}") for n in range(7)]

    answers = [client.get(pdf(army_list)) for army_list in lists]

    assert [a.status_code for a in answers] == [202] * 6 + [429]
    assert answers[-1]["Retry-After"] == str(QUEUED_RETRY_AFTER)
    refused = answers[-1].text
    assert "Too many PDFs asked for at once from you. Try again in 15 seconds." in refused
    assert DBTaskResult.objects.count() == 6
    DBTaskResult.objects.filter(pk=DBTaskResult.objects.first().pk).update(
        status=TaskResultStatus.RUNNING  # being drawn still counts
    )
    assert client.get(pdf(lists[-1])).status_code == 429
    DBTaskResult.objects.filter(status=TaskResultStatus.RUNNING).update(
        status=TaskResultStatus.SUCCESSFUL
    )
    assert client.get(pdf(lists[-1])).status_code == 202


def test_another_client_is_not_held_up_by_ones_waiting_renders(make_list, owner, settings):
    settings.PDF_QUEUED_PER_CLIENT = 1

    links = [share_link_create(army_list=make_list(owner=owner), kind="live") for _ in range(3)]
    urls = [reverse("armylists:shared_roster_pdf", args=[link.token]) for link in links]
    one, other = Client(REMOTE_ADDR="10.4.0.1"), Client(REMOTE_ADDR="10.4.0.2")

    assert [one.get(urls[0]).status_code, one.get(urls[1]).status_code] == [202, 429]
    assert other.get(urls[2]).status_code == 202
    stored = DBTaskResult.objects.values_list("args_kwargs", flat=True)
    assert all("10.4.0" not in str(kwargs) for kwargs in stored)  # a digest, not the address


def test_a_list_shared_with_many_clients_is_limited_on_the_list_too(make_list, owner, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "render-list": (1, 600)}
    army_list = make_list(owner=owner)

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


@pytest.mark.parametrize("trial", range(3))
@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "postgresql", reason=POSTGRES_REASON)
def test_tabs_asking_at_once_never_pass_the_cap(make_list, owner, settings, trial):
    """Five tabs of one visitor ask for five PDFs at the same moment: two are queued."""
    settings.PDF_QUEUED_PER_CLIENT = 2
    links = [share_link_create(army_list=make_list(owner=owner), kind="live") for _ in range(5)]
    urls = [reverse("armylists:shared_roster_pdf", args=[link.token]) for link in links]
    tabs = [Client(REMOTE_ADDR="10.5.0.1") for _ in urls]

    answers = at_once(*[lambda t=t, u=u: t.get(u) for t, u in zip(tabs, urls, strict=True)])

    assert sorted(getattr(a, "status_code", a) for a in answers) == [202, 202, 429, 429, 429]
    assert DBTaskResult.objects.count() == 2

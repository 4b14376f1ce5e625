"""Players who ask get their table by e-mail when a round is paired, once, after the pairing is
committed: "Round 1 of Ember Cup: table 1 against bob"; a bye says so; nobody else is written
to, and a retried task sends nothing twice."""

from __future__ import annotations

import random

import pytest
from django.core import mail
from django.urls import reverse
from django_tasks_db.models import DBTaskResult

from forgebuilder.events import notices, services

pytestmark = pytest.mark.django_db
BASE = "https://forge.example/"


@pytest.fixture
def three(event, players):
    entrants = []
    for p in players[:3]:
        p.email = f"{p.username}@example.com"
        p.save()
        entrant = services.entrant_register(event=event, player=p)
        services.entrant_check_in(event=event, entrant=entrant)
        entrants.append(entrant)
    for entrant in entrants:
        services.entrant_notify(entrant=entrant, on=entrant.player.username != "bob")
    return entrants


def test_a_paired_round_sends_each_asking_player_their_table_once(
    event, three, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        round_ = services.round_pair(event=event, rng=random.Random(1), base_url=BASE)
    assert DBTaskResult.objects.filter(task_path__endswith="notify_round").count() == 1

    sent = notices.notify_round.call(round_id=round_.pk, base_url=BASE)
    again = notices.notify_round.call(round_id=round_.pk, base_url=BASE)

    assert (sent, again) == (2, 0)  # ann and cat asked, bob did not; a retry sends none
    by_player = {m.to[0].split("@")[0]: m for m in mail.outbox}
    assert set(by_player) == {"ann", "cat"}
    link = BASE.rstrip("/") + reverse("events:detail", args=[event.public_id])
    for name, message in by_player.items():
        game = next(
            g
            for g in round_.games.all()
            if name in (g.first.name, g.second.name if g.second else "")
        )
        if game.second is None:
            assert message.subject == "Round 1 of Ember Cup: you have the bye"
        else:
            them = game.second.name if game.first.name == name else game.first.name
            assert message.subject == f"Round 1 of Ember Cup: table {game.table} against {them}"
        assert link in message.body


def test_a_player_asks_and_stops_asking_on_the_event_page(client, event, players):
    players[0].email = "ann@example.com"
    players[0].save()
    client.force_login(players[0])
    url = reverse("events:notify", args=[event.public_id])
    answer = client.post(url, {"notify": "on"}, follow=True)
    assert "Register for the event first" in answer.content.decode()
    services.entrant_register(event=event, player=players[0])

    page = client.post(url, {"notify": "on"}, follow=True).content.decode()
    assert "You will get your table by e-mail at ann@example.com" in page
    assert "Stop the e-mails" in page
    page = client.post(url, {"notify": "off"}, follow=True).content.decode()
    assert "No more e-mails about your tables." in page
    assert "E-mail me my table each round" in page


def test_an_account_without_an_address_is_told_to_add_one(client, event, players):
    players[1].email = ""
    players[1].save()
    services.entrant_register(event=event, player=players[1])
    client.force_login(players[1])
    page = client.post(
        reverse("events:notify", args=[event.public_id]), {"notify": "on"}, follow=True
    )
    assert (
        "Your account has no e-mail address: add one on your account page first."
        in page.content.decode()
    )
    assert not event.entrants.get(player=players[1]).notify


def test_pairing_without_a_site_address_queues_nothing(
    event, three, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        services.round_pair(event=event, rng=random.Random(1))
    assert not DBTaskResult.objects.filter(task_path__endswith="notify_round").exists()

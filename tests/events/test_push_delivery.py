"""A round's pushes go out side by side (`pushes.AT_ONCE` at a time), not one after another: a
round of 1,024 players' devices reaches the last phone in seconds. What each push service
answered is still counted, logged or acted on (a gone subscription deleted) once they are all
back."""

from __future__ import annotations

import threading

import pytest

from forgebuilder.events import pushes, services, webpush
from forgebuilder.events.models import PushSubscription

VAPID_KEY, _PUBLIC = webpush.new_key()


@pytest.fixture
def devices(db, event, players, settings):
    """Six devices of six players: Push objects for each, as a round would send them."""
    settings.WEBPUSH_VAPID_PRIVATE_KEY = VAPID_KEY
    settings.WEBPUSH_SUBJECT = "mailto:events@forge.example"
    made = []
    for p in players[:6]:
        entrant = services.entrant_register(event=event, player=p)
        sub = PushSubscription.objects.create(
            entrant=entrant, endpoint=f"https://push.example/{p.username}", p256dh="k", auth="a"
        )
        made.append(pushes.Push(sub.pk, sub.endpoint, "k", "a", {"body": p.username}))
    return made


def test_pushes_go_out_side_by_side_and_every_answer_counts(devices, monkeypatch, caplog):
    # each push service holds its answer until all six pushes are in flight: one after another,
    # the first would wait for the others for ever (the barrier breaks after 10 s)
    all_in_flight = threading.Barrier(len(devices), timeout=10)
    answers = {"ann": 201, "bob": 410, "cat": 201, "dan": 500, "eve": 404}  # fay: no answer

    def send(vapid, endpoint, p256dh, auth, message):
        all_in_flight.wait()
        name = endpoint.rsplit("/", 1)[1]
        if name not in answers:
            raise OSError("connection refused")
        return answers[name]

    monkeypatch.setattr(webpush, "send", send)

    assert pushes.deliver(devices) == 2

    kept = set(PushSubscription.objects.values_list("endpoint", flat=True))
    assert {e.rsplit("/", 1)[1] for e in kept} == {"ann", "cat", "dan", "fay"}  # 410, 404 gone
    assert "answered a push with 500" in caplog.text
    assert "could not be sent" in caplog.text

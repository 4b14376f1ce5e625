"""The player's two phones send their taps on one counter at the same moment (one coming back
online with the taps it kept, the other tapping): the sync locks the game's row and applies
each batch on the state it finds there, so every tap counts once and a batch sent again in
the same moment (an answer lost) counts once too.

These need PostgreSQL's row locks: run with DATABASE_URL pointing at PostgreSQL."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from forgebuilder.lists.selectors import evaluated_list
from forgebuilder.play import services, tracker
from tests.concurrency import POSTGRES_ONLY, at_once, client_of

pytestmark = POSTGRES_ONLY


def taps(state, sheet, prefix: str, n: int) -> list[dict]:
    made = []
    for i in range(n):
        change = tracker.add(state, sheet, "vp", 1, at=1000 + i, change_id=f"{prefix}{i}")
        state = tracker.apply(state, sheet, change).state
        made.append(change)
    return made


@pytest.mark.parametrize("trial", range(3))
def test_two_phones_syncing_taps_at_once_count_every_tap_once(ember_list, players, trial):
    ada = players[0]
    game = services.start_game(player=ada, evaluated=evaluated_list(army_list=ember_list))
    first, second = client_of(ada), client_of(ada)
    kept = taps(game.state, game.sheet, "a", 2)  # the phone that was offline
    tapped = taps(game.state, game.sheet, "b", 1)  # the other phone, online
    url = reverse("play:sync", args=[game.public_id])

    def send(client, changes):
        body = json.dumps({"changes": changes})
        return lambda: client.post(url, body, content_type="application/json")

    answers = at_once(send(first, kept), send(second, tapped), send(first, kept))

    assert [a.status_code for a in answers] == [200, 200, 200], answers
    assert all(a.json()["refused"] == [] for a in answers)
    game.refresh_from_db()
    assert game.state["values"]["vp"] == 3

"""A game played for a pairing of an event round: 'Play this game' beside the player's pairing
starts it with the list they submitted, and finishing it enters the round's result (the
tracker's VP and the opponent's, from their linked game or as typed) for the opponent to
confirm; a result already entered is told and kept, and the game is finished all the same."""

from __future__ import annotations

import pytest
from django.urls import reverse

from forgebuilder.events.models import Game as Pairing
from forgebuilder.play.models import Game

from .test_after_mission import client_of, finish, messages_of, sets

pytestmark = pytest.mark.django_db


def start_for(client, pairing) -> Game:
    url = reverse("play:start_event", args=[pairing.round.event.public_id, pairing.pk])
    response = client.post(url)
    assert response.status_code == 302, response.content[:300]
    return Game.objects.get(public_id=response["Location"].strip("/").split("/")[-1])


def seats(pairing, entrants):
    """(ann's client, bob's client, ann is the first player)."""
    ann, bob = client_of(entrants[0]), client_of(entrants[1])
    return ann, bob, pairing.first.player_id == entrants[0].pk


def test_the_pairing_offers_play_this_game_and_starts_with_the_submitted_list(pairing, entrants):
    ann, _bob, _ = seats(pairing, entrants)
    event_page = reverse("events:detail", args=[pairing.round.event.public_id])
    page = ann.get(event_page).content.decode()
    action = reverse("play:start_event", args=[pairing.round.event.public_id, pairing.pk])
    assert f'action="{action}"' in page and "Play this game" in page
    assert "Play this game" not in client_of(entrants[2]).get(event_page).content.decode()

    game = start_for(ann, pairing)
    assert (game.event_game, game.opponent_name, game.army_list) == (pairing, "bob", None)
    assert [u["name"] for u in game.sheet["units"]] == ["Lantern-Marshal", "Lightbearer Squad"]


def test_finishing_enters_the_result_and_the_opponent_confirms_it(pairing, entrants):
    ann, bob, ann_first = seats(pairing, entrants)
    game = start_for(ann, pairing)
    sets(ann, game, "ann's VP", vp=12)

    response = finish(ann, game, "win", opponent_vp="7", follow=True)
    event_page = reverse("events:detail", args=[pairing.round.event.public_id])
    assert response.redirect_chain[-1][0] == f"{event_page}#game-{pairing.pk}"
    first_vp, second_vp = (12, 7) if ann_first else (7, 12)
    first, second = ("ann", "bob") if ann_first else ("bob", "ann")
    assert messages_of(response)[-1] == (
        f"Your result is entered: {first} {first_vp}–{second_vp} {second}. "
        "bob confirms it on the event page."
    )
    pairing.refresh_from_db()
    assert (pairing.status, pairing.first_vp, pairing.second_vp) == (
        Pairing.REPORTED, first_vp, second_vp,
    )  # fmt: skip
    assert pairing.reported_by == entrants[0]

    result = reverse("events:result", args=[pairing.round.event.public_id, pairing.pk])
    confirm = {"action": "confirm", "first_vp": first_vp, "second_vp": second_vp}
    assert bob.post(result, confirm).status_code == 302
    pairing.refresh_from_db()
    assert pairing.status == Pairing.CONFIRMED


def test_a_linked_game_gives_the_opponents_victory_points(pairing, entrants):
    ann, bob, ann_first = seats(pairing, entrants)
    ann_game, bob_game = start_for(ann, pairing), start_for(bob, pairing)
    bob.post(reverse("play:link", args=[ann_game.link_code]), {"game": bob_game.public_id})
    sets(ann, ann_game, "ann's VP", vp=5)
    sets(bob, bob_game, "bob's VP", vp=9)

    finish(bob, bob_game, "win", opponent_vp="3")  # the linked game's 5 wins over the typed 3
    pairing.refresh_from_db()
    assert (pairing.first_vp, pairing.second_vp) == ((5, 9) if ann_first else (9, 5))
    assert pairing.reported_by == entrants[1]


def test_a_result_already_entered_is_told_and_kept_and_the_game_is_finished(pairing, entrants):
    ann, bob, _ = seats(pairing, entrants)
    game = start_for(ann, pairing)
    result = reverse("events:result", args=[pairing.round.event.public_id, pairing.pk])
    assert bob.post(result, {"first_vp": "3", "second_vp": "4"}).status_code == 302

    response = finish(ann, game, "win", opponent_vp="1", follow=True)
    assert messages_of(response)[-2:] == [
        "Game over: it is in your game history.",
        "Your game is finished and kept; the round's result was not entered: The result of "
        f"table {pairing.table} is already entered by bob: confirm or change it on the event page.",
    ]
    game.refresh_from_db()
    pairing.refresh_from_db()
    assert game.finished and game.result == Game.WIN
    assert (pairing.first_vp, pairing.second_vp, pairing.reported_by) == (3, 4, entrants[1])


def test_without_the_opponents_victory_points_nothing_is_entered(pairing, entrants):
    ann, _bob, _ = seats(pairing, entrants)
    response = finish(ann, start_for(ann, pairing), "loss", follow=True)
    assert messages_of(response)[-1] == (
        "Your game is finished and kept; the round's result was not entered: your opponent's "
        "victory points were not given; enter it on the event page."
    )
    pairing.refresh_from_db()
    assert pairing.status == Pairing.PAIRED


def test_a_pairing_that_is_not_yours_or_already_entered_starts_no_game(pairing, entrants):
    ann, bob, _ = seats(pairing, entrants)
    url = reverse("play:start_event", args=[pairing.round.event.public_id, pairing.pk])
    response = client_of(entrants[2]).post(url, follow=True)
    assert messages_of(response) == ["This pairing is not yours to play."]
    result = reverse("events:result", args=[pairing.round.event.public_id, pairing.pk])
    bob.post(result, {"first_vp": "3", "second_vp": "4"})
    response = ann.post(url, follow=True)
    assert messages_of(response)[-1] == "This game's result is already entered: see the event page."
    assert not Game.objects.exists()


def test_the_smaller_side_starts_with_the_underdog_points_of_its_pairing(pairing, entrants):
    ann, bob, ann_first = seats(pairing, entrants)
    # the pairing's match check: the smaller army earns 1 per full 50 points below the larger
    sides = [["ann", 600, 0], ["bob", 480, 2]] if ann_first else [["bob", 480, 2], ["ann", 600, 0]]
    Pairing.objects.filter(pk=pairing.pk).update(match={"sides": sides, "problems": []})
    pairing.refresh_from_db()
    ups = {}
    for name, client in (("ann", ann), ("bob", bob)):
        game = start_for(client, pairing)
        ups[name] = next(c for c in game.sheet["counters"] if c["key"] == "up")["start"]
        assert game.state["values"]["up"] == ups[name]
    assert ups == {"ann": 0, "bob": 2}

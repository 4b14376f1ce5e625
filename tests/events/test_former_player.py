"""A player who deletes their account keeps their place in each event's results as a "former
player": the other players' games and standings stand, the entry is dropped and never paired
again; an event they organise passes to an entrant, or goes when nobody can take it."""

from __future__ import annotations

import random

from django.urls import reverse

from forgebuilder.accounts.deletion import account_delete, account_deletion_preview
from forgebuilder.events import services
from forgebuilder.events.models import Entrant, Event, Game
from forgebuilder.events.selectors import standings_of
from forgebuilder.people import FORMER_PLAYER


def _played_round(event, players, organiser):
    for player in players:
        entrant = services.entrant_register(event=event, player=player)
        services.entrant_check_in(event=event, entrant=entrant)
    game = services.round_pair(event=event, rng=random.Random(1)).games.get()
    services.game_report(game=game, by=organiser, first_vp=12, second_vp=7)
    return game


def test_a_players_games_stay_in_the_results_under_former_player(client, event, players, organiser):
    game = _played_round(event, players[:2], organiser)
    winner = game.first.player

    assert account_deletion_preview(user=winner).events.entries_kept == ("Ember Cup",)
    account_delete(user=winner)

    game = Game.objects.get(pk=game.pk)
    assert game.first.player is None and game.first.name == FORMER_PLAYER
    assert game.first.dropped  # never paired again
    assert [s.points for s in standings_of(event=event)] == [3, 0]  # the result stands
    page = client.get(reverse("events:detail", args=[event.public_id])).text
    assert FORMER_PLAYER in page


def test_the_organiser_leaving_hands_the_event_to_the_first_entrant(event, players, organiser):
    for player in players[:2]:
        services.entrant_register(event=event, player=player)

    assert account_deletion_preview(user=organiser).events.handed_over == (("Ember Cup", "ann"),)
    account_delete(user=organiser)

    assert Event.objects.get(pk=event.pk).organiser == players[0]


def test_the_leaving_organisers_api_keys_stop_answering(client, event, players, organiser):
    # A key belongs to the organiser who made it for their tool: it goes with them.
    from forgebuilder.events import api

    services.entrant_register(event=event, player=players[0])
    key = api.token_make(event=event, name="Overlay")
    headers = {"Authorization": f"Bearer {key}"}
    assert client.get(f"/events/{event.public_id}/api/", headers=headers).status_code == 200
    account_delete(user=organiser)
    assert client.get(f"/events/{event.public_id}/api/", headers=headers).status_code == 401
    new_key = api.token_make(event=Event.objects.get(pk=event.pk), name="Overlay")
    headers = {"Authorization": f"Bearer {new_key}"}
    assert client.get(f"/events/{event.public_id}/api/", headers=headers).status_code == 200


def test_an_event_nobody_entered_goes_with_its_organiser(event, organiser):
    assert account_deletion_preview(user=organiser).events.deleted == ("Ember Cup",)

    account_delete(user=organiser)

    assert not Event.objects.exists()
    assert not Entrant.objects.exists()

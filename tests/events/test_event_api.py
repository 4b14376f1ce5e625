"""The event's read-only API: a revocable key, paged JSON, lists only once they are public."""

from __future__ import annotations

import datetime as dt
import random

from django.utils import timezone

from forgebuilder.engine.listdoc import ListDocument
from forgebuilder.events import api, services
from forgebuilder.events.models import ApiToken
from tests.events.conftest import entered


def _get(client, event, path="", key=None):
    headers = {"Authorization": f"Bearer {key}"} if key else {}
    return client.get(f"/events/{event.public_id}/api/{path}", headers=headers)


def _played(event, players):
    for player in players:
        entered(event, player, "lightbearer_squad", club="Leeds")
    round_ = services.round_pair(event=event, rng=random.Random(1))
    for game in round_.games.filter(second__isnull=False):
        services.game_report(game=game, by=event.organiser, first_vp=11, second_vp=6)
    return round_


def test_without_a_live_key_of_this_event_the_api_answers_401(client, event, organiser):
    assert _get(client, event).status_code == 401
    assert _get(client, event, key="fbe_wrong").json() == {
        "error": "This key is not a live key of this event."
    }
    key = api.token_make(event=event, name="Overlay")
    assert _get(client, event, key=key).status_code == 200
    ApiToken.objects.update(revoked_at=timezone.now())
    assert _get(client, event, key=key).status_code == 401
    # The key is never stored, only its digest.
    assert not ApiToken.objects.filter(digest=key).exists()
    assert ApiToken.objects.get().prefix == key[4:10]


def test_a_key_of_another_event_opens_nothing_here(client, event, organiser):
    other = type(event).objects.get(pk=event.pk)
    other.pk = None
    other.public_id = "other-event-id"
    other.save()
    key = api.token_make(event=other, name="x")
    assert _get(client, event, key=key).status_code == 401


def test_the_api_round_trips_the_event_players_rounds_and_results(client, event, players):
    round_ = _played(event, players[:3])
    key = api.token_make(event=event, name="Overlay")
    about = _get(client, event, key=key).json()
    assert (about["name"], about["points_limit"], about["rounds"]) == ("Ember Cup", 1000, 3)
    assert about["scoring"]["tiebreakers"] == ["points", "sos", "vp_diff"]
    standing = _get(client, event, "players", key).json()
    assert standing["count"] == 3
    assert [p["points"] for p in standing["results"]] == [3, 3, 0]  # a win and a bye
    rounds = _get(client, event, "rounds", key).json()["results"]
    games = {tuple(g["players"]): g for g in rounds[0]["games"]}
    for game in round_.games.all():
        shown = games[(game.first_id, game.second_id)]
        assert shown["bye"] == game.bye
        assert shown["result"] == (None if game.bye else [11, 6])


def test_lists_are_served_only_once_they_are_public(client, event, players):
    _played(event, players[:2])
    key = api.token_make(event=event, name="Overlay")
    hidden = _get(client, event, "lists", key)
    assert hidden.status_code == 403
    assert "hidden until" in hidden.json()["error"]
    event.reveal_at = timezone.now() - dt.timedelta(minutes=1)
    event.save()
    lists = _get(client, event, "lists", key).json()
    assert lists["count"] == 2
    document = ListDocument.model_validate(lists["results"][0]["list"])  # our list JSON
    assert document.points_limit == 1000


def test_pages_hold_fifty_and_say_how_many(client, event, organiser, django_user_model):
    for n in range(51):
        player = django_user_model.objects.create_user(f"p{n}")
        services.entrant_register(event=event, player=player)
    key = api.token_make(event=event, name="x")
    first = _get(client, event, "players", key).json()
    assert (first["count"], first["pages"], len(first["results"])) == (51, 2, 50)
    second = client.get(
        f"/events/{event.public_id}/api/players?page=2", headers={"Authorization": f"Bearer {key}"}
    ).json()
    assert len(second["results"]) == 1


def test_the_organiser_makes_a_key_sees_it_once_and_revokes_it(client, event, organiser):
    client.force_login(organiser)
    response = client.post(f"/events/{event.public_id}/api-keys/", {"name": "Overlay"}, follow=True)
    page = response.content.decode()
    token = ApiToken.objects.get()
    assert "Your new key, shown only now" in page
    key = page.split('id="new-key-value" value="')[1].split('"')[0]
    assert _get(client, event, key=key).status_code == 200
    again = client.get(f"/events/{event.public_id}/desk/").content.decode()
    assert key not in again  # shown once
    client.post(f"/events/{event.public_id}/api-keys/", {"revoke": token.pk})
    assert _get(client, event, key=key).status_code == 401

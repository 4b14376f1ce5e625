"""The organiser's hand on a round: swapping two players, the match check beside each pairing,
and the CSV of the whole event."""

from __future__ import annotations

import csv
import io
import random

import pytest

from forgebuilder.events import services
from forgebuilder.events.models import Game
from forgebuilder.events.services import EventRefused
from tests.events.conftest import entered


def _entered(event, players, sheets):
    return [entered(event, p, *units) for p, units in zip(players, sheets, strict=True)]


def _pairs(round_) -> set[frozenset]:
    return {frozenset((g.first_id, g.second_id)) for g in round_.games.all()}


def test_each_pairing_carries_its_match_check(client, event, players):
    # 180 pts (marshal 80 + squad 100) against 100 (a squad): Ashen Stars gives an underdog
    # point per full 50 points below the larger army, so 80 below is 1 point.
    big = ("lantern_marshal", "lightbearer_squad")
    _entered(event, players[:2], [big, ("lightbearer_squad",)])
    game = services.round_pair(event=event, rng=random.Random(1)).games.get()
    assert sorted(game.match["sides"]) == [["ann", 180, 0], ["bob", 100, 1]]
    assert game.match["problems"] == []
    client.force_login(players[0])
    page = client.get(f"/events/{event.public_id}/").content.decode()
    assert "bob 100 pts, 1 underdog point" in page


def test_a_battle_forge_event_has_no_match_check(event, players, starter_modules):
    from factions.models import GameModule

    event.module = GameModule.objects.get(slug="ember-reach")
    event.save()
    for player in players[:2]:
        services.entrant_check_in(
            event=event, entrant=services.entrant_register(event=event, player=player)
        )
    game = services.round_pair(event=event, rng=random.Random(1)).games.get()
    assert game.match == {}


def test_the_organiser_swaps_two_players_and_is_warned_of_a_rematch(event, players):
    entrants = _entered(event, players[:4], [("lightbearer_squad",)] * 4)
    first = services.round_pair(event=event, rng=random.Random(1))
    for game in first.games.all():
        services.game_report(game=game, by=event.organiser, first_vp=9, second_vp=1)
    second = services.round_pair(event=event, rng=random.Random(1))
    game = second.games.order_by("table").first()
    met_before = next(
        g.second if g.first_id == game.first_id else g.first
        for g in first.games.all()
        if game.first_id in (g.first_id, g.second_id)
    )
    # Swap the first game's opponent with the player it met in round 1: a rematch.
    warnings = services.games_swap(event=event, first=game.second, second=met_before)
    # With four players, undoing round 2's pairing repeats both games of round 1.
    assert f"{game.first.name} and {met_before.name} met in an earlier round." in warnings
    assert len(warnings) == 2
    assert _pairs(second) == _pairs(first)
    assert len(entrants) == 4


def test_a_swap_is_refused_once_a_game_has_a_result(event, players):
    _entered(event, players[:4], [("lightbearer_squad",)] * 4)
    round_ = services.round_pair(event=event, rng=random.Random(1))
    a, b = round_.games.order_by("table")
    services.game_report(game=a, by=event.organiser, first_vp=1, second_vp=0)
    with pytest.raises(EventRefused, match=f"Table {a.table} has a result"):
        services.games_swap(event=event, first=a.first, second=b.first)
    with pytest.raises(EventRefused, match="already play each other"):
        services.games_swap(event=event, first=b.first, second=b.second)


def test_the_csv_holds_every_player_list_result_and_standing(client, event, players, organiser):
    entrants = _entered(event, players[:3], [("lightbearer_squad",)] * 3)
    type(entrants[0]).objects.filter(pk=entrants[0].pk).update(club="=HYPERLINK(1)")
    round_ = services.round_pair(event=event, rng=random.Random(1))
    game = round_.games.get(second__isnull=False)
    services.game_report(game=game, by=organiser, first_vp=12, second_vp=5)
    client.force_login(players[0])
    assert client.get(f"/events/{event.public_id}/event.csv").status_code == 403
    client.force_login(organiser)
    response = client.get(f"/events/{event.public_id}/event.csv")
    assert response["Content-Disposition"] == 'attachment; filename="ember-cup.csv"'
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    assert [r["player"] for r in rows] == [r["player"] for r in rows if r["player"]]
    by_name = {r["player"]: r for r in rows}
    winner, loser = game.first.name, game.second.name
    assert by_name[winner]["round 1"] == f"{loser} 12-5"
    assert by_name[loser]["round 1"] == f"{winner} 5-12"
    bye = Game.objects.get(round=round_, second__isnull=True).first.name
    assert by_name[bye]["round 1"] == "bye"
    assert {r["tournament points"] for r in rows} == {"3", "0"}
    assert by_name[players[0].username]["club"] == "'=HYPERLINK(1)"
    assert by_name[winner]["list"] and by_name[winner]["legal"] == "yes"

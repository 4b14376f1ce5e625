"""Games through HTTP: start from an own list or a share link, tap without JavaScript, sync the
changes a phone kept offline, link to the opponent's game, finish into the history; nobody
else's game can be read or written."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.urls import reverse

from factions.catalog import catalog_for
from factions.models import GameModule
from forgebuilder.lists.sharing import share_link_create
from forgebuilder.play.models import Game

from .conftest import make_list

pytestmark = pytest.mark.django_db


def client_of(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def start(client, army_list) -> Game:
    response = client.post(reverse("play:start", args=[army_list.public_id]))
    assert response.status_code == 302, response.content[:300]
    return Game.objects.get(public_id=response["Location"].strip("/").split("/")[-1])


def sync(client, game, *changes):
    url = reverse("play:sync", args=[game.public_id])
    return client.post(url, json.dumps({"changes": list(changes)}), content_type="application/json")


def change(cid, at, label, **sets):
    return {"id": cid, "at": at, "label": label, "sets": sets, "old": {}}


def test_a_battle_forge_game_starts_with_the_lists_units_pools_and_tokens(ember_list, players):
    ada = client_of(players[0])
    game = start(ada, ember_list)
    sheet = game.sheet
    assert [u["name"] for u in sheet["units"]] == ["Pike-and-Shot", "Brass Juggernaut"]
    # 150 points: 1 + 150 // 50 = 4 strategy points a round, all of them in round 1
    assert sheet["pools"] == [
        {"key": "sp", "label": "Strategy points", "short": "SP", "first": 4, "each": 4, "gain": 1}
    ]
    assert sheet["last_round"] == 6
    assert [s["key"] for s in sheet["statuses"]] == [
        "shock", "focus", "evade", "hold", "critical", "activated",
    ]  # fmt: skip
    assert any(s["name"] == "Hold the Line" and s["cost"] == 1 for s in sheet["spends"])
    page = ada.get(reverse("play:tracker", args=[game.public_id])).content.decode()
    assert "Strategy points" in page and "Pike-and-Shot" in page and "Hold the Line" in page
    assert "Card: profile, weapons, rules" in page


def test_a_grimdark_game_has_command_points_for_the_game_underdog_points_and_wounds(
    ashen_list, players
):
    bo = client_of(players[1])
    game = start(bo, ashen_list)
    pools = {p["key"]: p for p in game.sheet["pools"]}
    assert set(pools) == {"cp"} and pools["cp"]["each"] is None
    assert pools["cp"]["first"] == game.sheet["points"] * 4 // 1000
    assert "up" in {c["key"] for c in game.sheet["counters"]}
    keys = [s["key"] for s in game.sheet["statuses"]]
    assert keys == ["shaken", "fatigued", "activated"]


def test_taps_without_javascript_apply_and_a_refusal_says_why(ember_list, players):
    ada = client_of(players[0])
    game = start(ada, ember_list)
    tap = reverse("play:tap", args=[game.public_id])
    ada.post(tap, {"do": "add:vp:1"})
    ada.post(tap, {"do": "add:vp:1"})
    ada.post(tap, {"do": "spend:sp:Hold the Line"})
    response = ada.post(tap, {"do": "add:vp:-5"}, follow=True)
    assert "Victory points cannot go below 0." in response.content.decode()
    game.refresh_from_db()
    assert game.state["values"]["vp"] == 2 and game.state["values"]["sp.spent"] == 1
    assert ada.post(tap, {"do": "toggle:u.u1.focus"})["Location"].endswith("#u-u1")
    ada.post(tap, {"do": "undo"})
    ada.post(tap, {"do": "undo"})
    game.refresh_from_db()
    assert game.state["values"]["sp.spent"] == 0


def test_without_javascript_an_ability_adds_one_point_a_round_and_round_6_ends_the_game(
    ember_list, players
):
    ada = client_of(players[0])
    game = start(ada, ember_list)
    tap = reverse("play:tap", args=[game.public_id])
    ada.post(tap, {"do": "gain:sp"})
    response = ada.post(tap, {"do": "gain:sp"}, follow=True)
    assert "Abilities add at most 1 SP a round: round 1 has had it." in response.content.decode()
    game.refresh_from_db()
    assert game.state["values"]["sp.gained"] == 1
    page = ada.get(reverse("play:tracker", args=[game.public_id])).content.decode()
    assert 'data-pool-size="sp">5<' in page  # 4 a round, 1 from an ability
    for _ in range(5):
        ada.post(tap, {"do": "next_round"})
    page = ada.post(tap, {"do": "next_round"}, follow=True).content.decode()
    assert "The game ends after round 6: enter the result below." in page
    assert 'id="to-result">Last round: enter the result</a>' in page
    game.refresh_from_db()
    assert (game.state["values"]["round"], game.state["values"]["sp.gained"]) == (6, 0)


def test_changes_kept_offline_are_applied_once_in_order_and_refusals_named(ember_list, players):
    ada = client_of(players[0])
    game = start(ada, ember_list)
    unit = game.sheet["units"][0]["id"]
    queued = [
        change("a", 10, "Lost 2", **{f"u.{unit}.lost": 2}),
        change("b", 20, "VP 3", vp=3),
        change("c", 30, "Too many", vp=-1),
    ]
    answer = sync(ada, game, *queued).json()
    assert answer["applied"] == 2
    assert answer["refused"] == ["Too many: Victory points cannot go below 0."]
    assert answer["state"]["values"]["vp"] == 3
    again = sync(ada, game, *queued[:2]).json()  # the phone resends after a lost answer
    assert again["applied"] == 0 and again["version"] == answer["version"]
    assert sync(ada, game, "not a change").json()["refused"] == ["A change must be an object."]
    assert sync(ada, game, *[change(str(i), i, "x", vp=1) for i in range(201)]).status_code == 400


def test_nobody_else_reads_or_writes_a_game(ember_list, players):
    game = start(client_of(players[0]), ember_list)
    bo = client_of(players[1])
    for name in ("play:tracker", "play:state"):
        assert bo.get(reverse(name, args=[game.public_id])).status_code == 404
    assert sync(bo, game, change("x", 1, "VP", vp=9)).status_code == 404
    assert Client().get(reverse("play:tracker", args=[game.public_id])).status_code == 302
    game.refresh_from_db()
    assert game.state["values"]["vp"] == 0


def test_a_game_from_a_share_link_and_linked_games_show_each_others_counters(
    ember_list, ashen_list, players
):
    ada, bo = client_of(players[0]), client_of(players[1])
    link = share_link_create(army_list=ashen_list, kind="live")
    response = ada.post(reverse("play:start_shared", args=[link.token]))
    shared_game = Game.objects.get(player=players[0])
    assert shared_game.army_list is None and shared_game.name == "Lanterns"
    bo_game = start(bo, ashen_list)
    sync(bo, bo_game, change("v", 5, "VP", vp=4))
    page = bo.get(reverse("play:link", args=[shared_game.link_code]))
    assert "Link my game: Lanterns" in page.content.decode()
    response = bo.post(reverse("play:link", args=[shared_game.link_code]),
                       {"game": bo_game.public_id})  # fmt: skip
    assert response.status_code == 302
    seen = ada.get(reverse("play:state", args=[shared_game.public_id])).json()["opponent"]
    assert seen["player"] == "bo" and seen["vp"] == 4
    assert seen["as_of"]  # when the opponent's counters were read: shown beside them
    page = ada.get(reverse("play:tracker", args=[shared_game.public_id])).content.decode()
    assert '<time class="as-of" datetime="' in page
    # the opponent's counters are read only: Ada's sync writes only her game
    sync(ada, shared_game, change("w", 6, "VP", vp=1))
    bo_game.refresh_from_db()
    assert bo_game.state["values"]["vp"] == 4


def test_finishing_keeps_the_game_in_the_history(ember_list, players):
    ada = client_of(players[0])
    game = start(ada, ember_list)
    unit = game.sheet["units"][1]
    sync(ada, game, change("a", 1, "Lost", **{f"u.{unit['id']}.lost": unit["models"]}),
         change("b", 2, "VP", vp=7), change("c", 3, "Round 3", round=3))  # fmt: skip
    finish = reverse("play:finish", args=[game.public_id])
    assert "won, drew or lost" in ada.post(finish, {}, follow=True).content.decode()
    ada.post(finish, {"result": "win", "opponent_vp": "4"})
    game.refresh_from_db()
    assert game.summary == {"rounds": 3, "vp": 7, "destroyed": [unit["id"]]}
    history = ada.get(reverse("play:games")).content.decode()
    assert "Won · 7 VP to 4 · 3 rounds" in history


def test_stratagems_of_the_lists_doctrines_cost_command_points(ashen_list, players):
    game = start(client_of(players[1]), ashen_list)
    spends = {s["name"]: (s["cost"], s["pool"]) for s in game.sheet["spends"]}
    # the universal Standing Orders and the chosen Iron Vigil, not another doctrine's
    assert spends["Second Opinion"] == (1, "cp") and spends["Shift the Line"] == (2, "cp")
    strategies = catalog_for(ashen_list.module).strategies("cinder_compact").values()
    vigil = {s.name for s in strategies if s.doctrine == "iron_vigil"}
    other = {s.name for s in strategies if s.doctrine == "blood_and_ash"}
    assert vigil and vigil <= set(spends) and not other & set(spends)


def test_pre_game_strategies_come_out_of_round_ones_strategy_points(starter_modules, players):
    army = make_list(GameModule.objects.get(slug="ember-reach"), players[0], "gilt_ledger",
                     [{"datasheet": "free_swords"}],
                     pre_game_strategies=[{"strategy": "forced_march"}])  # fmt: skip
    ada = client_of(players[0])
    game = start(ada, army)
    assert game.sheet["pools"][0] == {
        "key": "sp", "label": "Strategy points", "short": "SP", "first": 3, "each": 4, "gain": 1,
    }  # fmt: skip
    assert game.sheet["pre_game"] == ["Forced March"]
    page = ada.get(reverse("play:tracker", args=[game.public_id])).content.decode()
    assert "round 1: 3 after Forced March, then 4 each round" in page


def test_a_finished_games_counters_stay_as_they_ended(ember_list, players):
    ada = client_of(players[0])
    game = start(ada, ember_list)
    sync(ada, game, change("a", 1, "VP", vp=4))
    ada.post(reverse("play:finish", args=[game.public_id]), {"result": "loss"})
    late = sync(ada, game, change("b", 2, "VP", vp=9))
    assert late.status_code == 400
    assert late.json()["error"] == "This game is finished: its counters stay as they ended."
    tapped = ada.post(reverse("play:tap", args=[game.public_id]), {"do": "add:vp:1"}, follow=True)
    assert "This game is finished" in tapped.content.decode()
    page = ada.get(reverse("play:tracker", args=[game.public_id])).content.decode()
    assert "lost, 4 VP after 1 round." in page
    game.refresh_from_db()
    assert game.state["values"]["vp"] == 4


def test_a_tap_that_names_no_control_of_the_game_is_refused(ember_list, players):
    ada = client_of(players[0])
    game = start(ada, ember_list)
    tap = reverse("play:tap", args=[game.public_id])
    for bad in (
        "add:vp:0",
        "add:vp:many",
        "add:u.nobody.lost:1",
        "jump",
        "spend:zz:",
        "spend:sp:A strategy the forces do not offer",
    ):
        page = ada.post(tap, {"do": bad}, follow=True).content.decode()
        assert "That control is not part of this game." in page or "no counter" in page, bad
    game.refresh_from_db()
    assert game.version == 1 and game.state["values"]["vp"] == 0

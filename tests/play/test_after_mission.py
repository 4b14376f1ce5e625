"""A game played for a campaign mission: started from the campaign army (or the campaign page's
'Play this mission'), it tracks the mission's special objective and each unit's kills, and
finishing it pre-fills the mission's battle report as a draft, both sides when the two games
are linked; a mission already reported is told, and the game is finished and kept."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from forgebuilder.campaigns.models import Mission
from forgebuilder.play.models import Game
from tests.campaigns.conftest import make_army
from tests.concurrency import client_of

from .test_play_pages import start

pytestmark = pytest.mark.django_db


def sets(client, game, label, **values):
    """One change setting tracker paths (`u__u1__lost` is `u.u1.lost`)."""
    change = {
        "id": f"c-{label}", "at": 1000, "label": label, "old": {},
        "sets": {path.replace("__", "."): value for path, value in values.items()},
    }  # fmt: skip
    url = reverse("play:sync", args=[game.public_id])
    response = client.post(url, json.dumps({"changes": [change]}), content_type="application/json")
    assert response.status_code == 200 and response.json()["applied"] == 1, response.content


def finish(client, game, result, *, follow=False, **extra):
    url = reverse("play:finish", args=[game.public_id])
    return client.post(url, {"result": result, **extra}, follow=follow)


def messages_of(response) -> list[str]:
    return [str(m) for m in response.context["messages"]]


def test_the_campaign_page_offers_each_player_their_mission_to_play(mission, campaigners):
    campaign, a, _b = mission
    ana = client_of(campaigners[0])
    page = ana.get(reverse("campaigns:detail", args=[campaign.pk])).content.decode()
    assert f'action="{reverse("play:start", args=[a.army.public_id])}"' in page
    assert "Play this mission" in page

    game = start(ana, a.army)
    assert game.mission == Mission.objects.get(campaign=campaign, number=1)
    objective = game.sheet["counters"][-1]
    assert (objective["key"], objective["max"]) == ("special", 1)
    assert objective["label"] == "Special objective: Rage (1 = achieved)"
    statuses = [s["key"] for s in game.sheet["statuses"]]
    assert statuses[-3:] == ["kills_units", "kills_heroes", "kills_both"]
    tracker = ana.get(reverse("play:tracker", args=[game.public_id])).content.decode()
    assert "Special objective: Rage" in tracker and "Enemy units killed" in tracker


def test_a_list_outside_a_campaign_plays_no_mission(ashen, campaigners):
    army = make_army(ashen, campaigners[0], "cinder_compact", "lantern_marshal")
    game = start(client_of(campaigners[0]), army)
    assert game.mission is None
    assert "special" not in [c["key"] for c in game.sheet["counters"]]


def test_finishing_linked_mission_games_prefills_both_sides_of_the_report(mission, campaigners):
    campaign, a, b = mission
    ana, ben = client_of(campaigners[0]), client_of(campaigners[1])
    ana_game, ben_game = start(ana, a.army), start(ben, b.army)
    ben.post(reverse("play:link", args=[ana_game.link_code]), {"game": ben_game.public_id})
    squad = ana_game.sheet["units"][1]
    mob = ben_game.sheet["units"][1]
    # ana: objective made, her marshal killed the mob; her squad was wiped out
    sets(ana, ana_game, "ana's game", special=1, u__u1__kills_units=1, **{
        "u__u2__lost": squad["models"]})  # fmt: skip
    # ben: his captain killed the squad; his mob was wiped out
    sets(ben, ben_game, "ben's game", u__u1__kills_units=1, u__u2__lost=mob["models"])

    response = finish(ana, ana_game, "win", follow=True)
    assert response.redirect_chain[-1][0] == reverse("campaigns:report", args=[campaign.pk, 1])
    assert "The battle report of mission 1 is pre-filled: check it and record it." in (
        messages_of(response)
    )
    draft = Mission.objects.get(campaign=campaign, number=1).draft
    assert draft["winner"] == str(a.pk)
    assert draft[f"p{a.pk}-objective"] == "on"
    assert draft[f"p{a.pk}-u2-casualty"] == "on"
    assert draft[f"p{a.pk}-u1-units"] == "1"
    assert draft[f"p{b.pk}-u2-casualty"] == "on"  # ben's game is linked: his side too
    assert f"p{b.pk}-u1-casualty" not in draft and f"p{a.pk}-u1-casualty" not in draft

    finish(ben, ben_game, "loss")
    mission_now = Mission.objects.get(campaign=campaign, number=1)
    draft = mission_now.draft
    assert (mission_now.status, mission_now.draft_by) == (Mission.SET_UP, campaigners[1])
    assert draft["winner"] == str(a.pk)
    assert draft[f"p{b.pk}-u1-units"] == "1" and draft[f"p{a.pk}-u1-units"] == "1"
    assert f"p{b.pk}-objective" not in draft
    # the draft opens the report form filled in; nothing is recorded until a player submits
    page = ben.get(reverse("campaigns:report", args=[campaign.pk, 1])).content.decode()
    assert "Draft saved by ben" in page
    assert ben.post(reverse("campaigns:report", args=[campaign.pk, 1]), {
        **draft, f"p{a.pk}-u2-casualty-roll": "4", f"p{b.pk}-u2-casualty-roll": "5",
    }).status_code == 302  # fmt: skip
    assert Mission.objects.get(pk=mission_now.pk).status == Mission.REPORTED


def test_results_that_disagree_leave_the_winner_to_the_players(mission, campaigners):
    campaign, a, b = mission
    ana, ben = client_of(campaigners[0]), client_of(campaigners[1])
    ana_game, ben_game = start(ana, a.army), start(ben, b.army)
    ben.post(reverse("play:link", args=[ana_game.link_code]), {"game": ben_game.public_id})
    finish(ana, ana_game, "win")
    response = finish(ben, ben_game, "win", follow=True)
    assert any(
        "You said won and ana said won: choose the winner" in m for m in messages_of(response)
    )
    assert "winner" not in Mission.objects.get(campaign=campaign, number=1).draft


def test_a_loss_in_a_two_player_mission_makes_the_other_player_the_winner(mission, campaigners):
    campaign, a, b = mission
    ben = client_of(campaigners[1])
    finish(ben, start(ben, b.army), "loss")
    draft = Mission.objects.get(campaign=campaign, number=1).draft
    assert draft["winner"] == str(a.pk)
    # unlinked: only ben's side is known; nothing of ana's is ticked
    assert not any(k.startswith(f"p{a.pk}-") and v == "on" and not k.endswith("-server")
                   for k, v in draft.items())  # fmt: skip


def test_a_mission_reported_meanwhile_is_told_and_the_game_is_kept(mission, campaigners):
    campaign, a, b = mission
    ana = client_of(campaigners[0])
    game = start(ana, a.army)
    reported = {
        "winner": str(b.pk), f"p{a.pk}-u1-casualty-roll": "4", f"p{a.pk}-u2-casualty-roll": "4",
        f"p{b.pk}-u1-casualty-roll": "4", f"p{b.pk}-u2-casualty-roll": "4",
    }  # fmt: skip
    assert ana.post(reverse("campaigns:report", args=[campaign.pk, 1]), reported).status_code == 302

    response = finish(ana, game, "loss", follow=True)
    assert response.redirect_chain[-1][0] == reverse("play:games")
    assert messages_of(response)[-2:] == [
        "Game over: it is in your game history.",
        "Your game is finished and kept; the report was not pre-filled: "
        "Mission 1 is already reported (see the history).",
    ]
    game.refresh_from_db()
    assert game.finished and game.result == Game.LOSS
    assert Mission.objects.get(campaign=campaign, number=1).draft == {}

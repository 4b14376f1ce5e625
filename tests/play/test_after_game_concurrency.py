"""Both players finish their linked games at the same moment: a mission's report is pre-filled
once with both sides (the second finish fills the draft the first left, read with the mission
locked), never as two drafts that each miss the other side; an event round's result is entered
once, never replaced by the second.

These need PostgreSQL's row locks: run with DATABASE_URL pointing at PostgreSQL."""

from __future__ import annotations

import pytest
from django.urls import reverse

from forgebuilder.campaigns.models import Mission
from forgebuilder.events.models import Game as Pairing
from forgebuilder.play.models import Game
from tests.concurrency import POSTGRES_ONLY, at_once, client_of

from .test_after_mission import sets, start
from .test_after_round import start_for

pytestmark = POSTGRES_ONLY

TRIALS = 3


@pytest.mark.parametrize("trial", range(TRIALS))
def test_two_linked_games_finished_at_once_prefill_one_draft_with_both_sides(
    mission, campaigners, trial
):
    campaign, a, b = mission
    ana, ben = client_of(campaigners[0]), client_of(campaigners[1])
    ana_game, ben_game = start(ana, a.army), start(ben, b.army)
    ben.post(reverse("play:link", args=[ana_game.link_code]), {"game": ben_game.public_id})
    squad, mob = ana_game.sheet["units"][1], ben_game.sheet["units"][1]
    sets(ana, ana_game, "ana", special=1, u__u1__kills_units=1, u__u2__lost=squad["models"])
    sets(ben, ben_game, "ben", u__u1__kills_units=1, u__u2__lost=mob["models"])

    answers = at_once(
        lambda: ana.post(reverse("play:finish", args=[ana_game.public_id]), {"result": "win"}),
        lambda: ben.post(reverse("play:finish", args=[ben_game.public_id]), {"result": "loss"}),
    )

    report = reverse("campaigns:report", args=[campaign.pk, 1])
    assert [r["Location"] for r in answers] == [report, report], answers
    assert Game.objects.filter(finished_at__isnull=False).count() == 2
    draft = Mission.objects.get(campaign=campaign, number=1).draft
    facts = {k: v for k, v in draft.items() if not k.endswith("-server") and v not in ("0", "")}
    assert facts == {
        "winner": str(a.pk),
        f"p{a.pk}-objective": "on",
        f"p{a.pk}-u1-units": "1",
        f"p{a.pk}-u2-casualty": "on",
        f"p{b.pk}-u1-units": "1",
        f"p{b.pk}-u2-casualty": "on",
    }


@pytest.mark.parametrize("trial", range(TRIALS))
def test_two_players_claiming_the_win_at_once_leave_the_winner_to_the_report(
    mission, campaigners, trial
):
    """Each finish reads the other game with the mission locked: the second sees the first's
    claim, so the draft names no winner rather than the one whose finish came last."""
    campaign, a, b = mission
    ana, ben = client_of(campaigners[0]), client_of(campaigners[1])
    ana_game, ben_game = start(ana, a.army), start(ben, b.army)
    ben.post(reverse("play:link", args=[ana_game.link_code]), {"game": ben_game.public_id})

    at_once(
        lambda: ana.post(reverse("play:finish", args=[ana_game.public_id]), {"result": "win"}),
        lambda: ben.post(reverse("play:finish", args=[ben_game.public_id]), {"result": "win"}),
    )

    draft = Mission.objects.get(campaign=campaign, number=1).draft
    assert "winner" not in draft
    assert Game.objects.filter(result=Game.WIN).count() == 2


@pytest.mark.parametrize("trial", range(TRIALS))
def test_two_players_finishing_an_event_game_at_once_enter_one_result(pairing, entrants, trial):
    """The first finish enters the result; the second is told it is entered (and by whom),
    never replaces it, and its game is finished all the same."""
    ann, bob = client_of(entrants[0]), client_of(entrants[1])
    ann_game, bob_game = start_for(ann, pairing), start_for(bob, pairing)
    bob.post(reverse("play:link", args=[ann_game.link_code]), {"game": bob_game.public_id})
    sets(ann, ann_game, "ann", vp=6)
    sets(bob, bob_game, "bob", vp=2)

    at_once(
        lambda: ann.post(reverse("play:finish", args=[ann_game.public_id]), {"result": "win"}),
        lambda: bob.post(reverse("play:finish", args=[bob_game.public_id]), {"result": "loss"}),
    )

    pairing.refresh_from_db()
    ann_first = pairing.first.player_id == entrants[0].pk
    assert (pairing.first_vp, pairing.second_vp) == ((6, 2) if ann_first else (2, 6))
    assert pairing.status == Pairing.REPORTED and pairing.reported_by in entrants[:2]
    assert Game.objects.filter(finished_at__isnull=False).count() == 2
    told = [
        [str(m) for m in client.get(reverse("play:games")).context["messages"]]
        for client in (ann, bob)
    ]
    entered = [any(m.startswith("Your result is entered") for m in t) for t in told]
    refused = [any("is already entered by" in m for m in t) for t in told]
    assert sorted(entered) == [False, True] and refused == [not e for e in entered], told

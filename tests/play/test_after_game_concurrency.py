"""Both players finish their linked games of one mission at the same moment: the mission's
report is pre-filled once with both sides (the second finish fills the draft the first left,
read with the mission locked), never as two drafts that each miss the other side.

These need PostgreSQL's row locks: run with DATABASE_URL pointing at PostgreSQL."""

from __future__ import annotations

import pytest
from django.urls import reverse

from forgebuilder.campaigns.models import Mission
from forgebuilder.play.models import Game
from tests.concurrency import POSTGRES_ONLY, at_once, client_of

from .test_after_mission import sets, start

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

"""A correction confirmed at the moment the organiser sets up the next mission: both lock the
campaign first, so one goes first and the other sees what it did. Either the correction is
recorded and the mission is set up on the corrected armies, or the mission is set up first and
the confirmation is refused by name ("Mission 2 is set up already"), nothing of it written.
PostgreSQL only (tests/concurrency.py)."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse

from forgebuilder.campaigns import corrections
from forgebuilder.campaigns.models import CampaignEvent, Mission
from tests.concurrency import POSTGRES_ONLY, at_once, client_of, said

from .test_campaign_concurrency import reported

pytestmark = POSTGRES_ONLY

TRIALS = 4


@pytest.mark.parametrize("trial", range(TRIALS))
def test_confirming_a_correction_while_the_next_mission_is_set_up(game, users, trial):
    campaign, a, b = game
    ana, ben, cy = users
    a, b = reported(campaign, a, b)  # Ana won: 2 VP, 150 pts; Ben lost: 300 pts
    type(campaign).objects.filter(pk=campaign.pk).update(organiser=cy)
    corrections.mission_report_propose(
        mission=Mission.objects.get(campaign=campaign, number=1),
        by=ben,
        values={"winner": str(b.pk)},
        reason="Ben won",
    )
    page = reverse("campaigns:detail", args=[campaign.pk])
    confirm = reverse("campaigns:correct", args=[campaign.pk, 1])
    setup = reverse("campaigns:mission_new", args=[campaign.pk])
    ana_tab, organiser = client_of(ana), client_of(cy)

    at_once(
        lambda: ana_tab.post(confirm, {"action": "confirm"}),
        lambda: organiser.post(setup, {"players": [a.pk, b.pk], "objective": "rage"}),
    )

    a.refresh_from_db()
    b.refresh_from_db()
    assert Mission.objects.filter(campaign=campaign, number=2).exists()  # set up either way
    told = said(ana_tab, page)
    corrected = CampaignEvent.objects.filter(kind="correction")
    if corrected.exists():  # the confirmation came first: mission 2 sees the corrected armies
        assert told == ["The report of mission 1 is corrected."]
        assert [(p.victory_points, p.bank) for p in (a, b)] == [(0, 300), (2, 150)]
        assert corrected.get().lines == [
            "ana confirmed ben's correction of the report of mission 1: Ben won"
        ]
    else:  # the mission came first: the confirmation is refused and writes nothing
        assert told == [
            "Mission 2 is set up already: only the last mission's report can be corrected."
        ]
        assert [(p.victory_points, p.bank) for p in (a, b)] == [(2, 150), (0, 300)]
    out = StringIO()
    call_command("check_campaigns", stdout=out)
    assert out.getvalue().splitlines()[-1] == "2 armies replayed, 0 differ from their history."

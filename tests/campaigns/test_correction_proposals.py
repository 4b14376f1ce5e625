"""The two players correct a report together, until the next mission is set up: one proposes a
correction (kept with every value typed), the other confirms it (then it takes the recorded
report's place) or declines it; the organiser records a correction alone. The history says who
proposed and who confirmed. Expectations by hand as in test_report_amendment."""

from __future__ import annotations

import pytest
from django.urls import reverse

from forgebuilder.campaigns import corrections, services
from forgebuilder.campaigns.dice import EnteredDie
from forgebuilder.campaigns.models import CampaignEvent, Mission

from .test_report_amendment import amended, standing
from .test_report_amendment import reported as reported  # the fixture: mission 1 recorded
from .test_report_form import field, messages_of

pytestmark = pytest.mark.django_db

RECORDED = ((2, 225, 1, [1, 3]), (0, 300, 1, [1, 0]))  # Ana's and Ben's, as first recorded


@pytest.fixture
def players_only(reported, users):
    """The same campaign organised by cy, who plays no part: ana and ben correct it together."""
    campaign, a, b = reported
    type(campaign).objects.filter(pk=campaign.pk).update(organiser=users[2])
    campaign.refresh_from_db()
    return campaign, a, b


def url(campaign) -> str:
    return reverse("campaigns:correct", args=[campaign.pk, 1])


def proposed_by_ben(client, campaign, a, b, users, **more):
    client.force_login(users[1])
    return client.post(url(campaign), {**amended(a, b), "action": "propose", **more}, follow=True)


def test_ben_proposes_a_correction_and_ana_confirms_it(client, players_only, users):
    campaign, a, b = players_only
    client.force_login(users[1])
    assert "Propose this correction" in client.get(url(campaign)).content.decode()

    response = proposed_by_ben(client, campaign, a, b, users)

    assert messages_of(response) == [
        "Your correction of mission 1 is proposed: the other player (or the organiser) "
        "confirms or declines it."
    ]
    assert (standing(a), standing(b)) == RECORDED  # nothing applied yet
    mission = Mission.objects.get(campaign=campaign, number=1)
    assert mission.proposed_by == users[1]
    assert mission.proposal["values"]["winner"] == str(b.pk)
    assert mission.proposal["reason"] == "Ben held the field"
    asked = CampaignEvent.objects.get(kind="correction-proposed")
    assert asked.lines == [
        "ben proposes a correction of the report of mission 1: Ben held the field"
    ]
    assert asked.by == users[1]

    client.force_login(users[0])  # ana
    home = client.get(reverse("campaigns:detail", args=[campaign.pk]))
    assert home.context["next_step"] == (
        "Confirm or decline ben's correction of mission 1",
        url(campaign),
    )
    review = client.get(url(campaign))
    assert "checked" in field(review, "winner", b.pk)  # the proposal, as ben typed it
    assert 'value="2"' in field(review, f"p{a.pk}-u2-casualty-roll")
    assert '<fieldset class="report-sides" disabled>' in review.content.decode()

    confirmed = client.post(url(campaign), {"action": "confirm"}, follow=True)

    assert messages_of(confirmed) == ["The report of mission 1 is corrected."]
    assert standing(a) == (0, 300, 1, [1, 0])  # lost; the squad fell (a 2: recovered)
    assert standing(b) == (2, 150, 1, [2, 1])  # won; the captain killed a unit
    correction = CampaignEvent.objects.get(kind="correction")
    assert correction.lines == [
        "ana confirmed ben's correction of the report of mission 1: Ben held the field"
    ]
    assert correction.by == users[0]
    mission.refresh_from_db()
    assert (mission.proposal, mission.proposed_by) == ({}, None)


def test_the_proposer_cannot_confirm_their_own_correction(client, players_only, users):
    campaign, a, b = players_only
    proposed_by_ben(client, campaign, a, b, users)

    response = client.post(url(campaign), {"action": "confirm"}, follow=True)

    assert messages_of(response) == [
        "You proposed this correction of mission 1: the other player (or the organiser) "
        "confirms it."
    ]
    assert (standing(a), standing(b)) == RECORDED
    with pytest.raises(services.CampaignError, match="Only the organiser corrects a report"):
        corrections.mission_report_amend(
            mission=Mission.objects.get(number=1), by=users[1], values=amended(a, b)
        )


def test_ana_declines_bens_correction_and_the_report_stays(client, players_only, users):
    campaign, a, b = players_only
    proposed_by_ben(client, campaign, a, b, users)
    client.force_login(users[0])

    response = client.post(url(campaign), {"action": "decline"}, follow=True)

    assert messages_of(response) == [
        "The proposed correction of mission 1 is off: the report stays."
    ]
    assert (standing(a), standing(b)) == RECORDED
    declined = CampaignEvent.objects.get(kind="correction-declined")
    assert declined.lines == ["ana declined ben's correction of the report of mission 1."]
    assert Mission.objects.get(number=1).proposal == {}
    again = client.post(url(campaign), {"action": "confirm"}, follow=True)
    assert messages_of(again) == [
        "No correction of mission 1 is waiting: it was recorded, declined or withdrawn meanwhile."
    ]


def test_a_proposal_missing_a_roll_is_refused_by_name_and_keeps_what_was_typed(
    client, players_only, users
):
    campaign, a, b = players_only

    response = proposed_by_ben(client, campaign, a, b, users, **{f"p{a.pk}-u2-casualty-roll": ""})

    assert messages_of(response) == [
        "Lightbearer Squad's casualty roll is needed: enter it, or tick its 'Roll for me'."
    ]
    assert 'aria-invalid="true"' in field(response, f"p{a.pk}-u2-casualty-roll")
    assert "checked" in field(response, "winner", b.pk)
    assert Mission.objects.get(number=1).proposal == {}
    assert not CampaignEvent.objects.filter(kind__startswith="correction").exists()
    assert (standing(a), standing(b)) == RECORDED


def test_a_proposal_cannot_be_confirmed_once_the_next_mission_is_set_up(
    client, players_only, users
):
    campaign, a, b = players_only
    proposed_by_ben(client, campaign, a, b, users)
    services.mission_setup(campaign=campaign, players=[a, b], die=EnteredDie([]), objective="rage")
    client.force_login(users[0])

    response = client.post(url(campaign), {"action": "confirm"}, follow=True)

    assert messages_of(response) == [
        "Mission 2 is set up already: only the last mission's report can be corrected."
    ]
    assert (standing(a)[:3], standing(b)[:3]) == ((2, 225, 1), (0, 300, 1))


def test_the_organiser_records_a_correction_alone_over_a_proposal(client, reported, users):
    campaign, a, b = reported  # ana organises and plays
    proposed_by_ben(client, campaign, a, b, users)
    client.force_login(users[0])
    form = client.get(url(campaign)).content.decode()
    assert "Record the corrected report" in form and "Decline this correction" in form

    client.post(url(campaign), {**amended(a, b), "action": "record", "reason": "checked"})

    assert standing(b) == (2, 150, 1, [2, 1])
    assert CampaignEvent.objects.get(kind="correction").lines == [
        "ana corrected the report of mission 1: checked"
    ]
    assert Mission.objects.get(number=1).proposal == {}


def test_ben_withdraws_his_own_proposal(client, players_only, users):
    campaign, a, b = players_only
    proposed_by_ben(client, campaign, a, b, users)
    assert "Withdraw my proposal" in client.get(url(campaign)).content.decode()

    client.post(url(campaign), {"action": "decline"})

    assert CampaignEvent.objects.get(kind="correction-declined").lines == [
        "ben withdrew their correction of the report of mission 1."
    ]
    assert Mission.objects.get(number=1).proposal == {}
    assert (standing(a), standing(b)) == RECORDED

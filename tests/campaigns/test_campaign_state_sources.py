"""Only the campaign writes campaign state: an imported, copied or forked list drops it (and
the player is told), a joining army starts fresh, and joining and mission setup check that each
army is legal for the campaign, saying what to fix."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from forgebuilder.campaigns import services
from forgebuilder.campaigns.dice import SeededDie
from forgebuilder.campaigns.models import CampaignEvent, Mission
from forgebuilder.engine.listdoc import ListDocument, campaign_state_left_behind
from forgebuilder.lists.models import ArmyList
from forgebuilder.lists.services import army_list_edit

from .conftest import make_army

pytestmark = pytest.mark.django_db

FORGED = {"xp": 999, "level": 10, "traits": ["leader"]}


def messages_of(response) -> list[str]:
    return [str(m) for m in response.context["messages"]] if response.context else []


def forged(army: ArmyList) -> ArmyList:
    """The list's units given campaign state behind the campaign's back."""

    def change(document: ListDocument, catalog) -> ListDocument:
        data = document.model_dump()
        for unit in data["units"]:
            unit["campaign"] = dict(FORGED)
        return ListDocument.model_validate(data)

    army_list_edit(army_list=army, expected_version=None, change=change, label="forged")
    army.refresh_from_db()
    return army


def states(army: ArmyList) -> list:
    return [u.get("campaign") for u in ArmyList.objects.get(pk=army.pk).document["units"]]


def test_an_imported_list_drops_campaign_state_and_says_so(client, ashen, users):
    document = forged(make_army(ashen, users[0], "cinder_compact", "lantern_marshal")).document
    client.force_login(users[1])

    response = client.post(
        reverse("armylists:import"), {"document": json.dumps(document)}, follow=True
    )

    imported = ArmyList.objects.get(owner=users[1])
    assert states(imported) == [None]
    assert campaign_state_left_behind(1) in messages_of(response)


def test_a_copy_of_a_campaign_army_drops_campaign_state_and_says_so(client, game, users):
    _campaign, a, _b = game
    client.force_login(users[0])
    army = ArmyList.objects.get(pk=a.army_id)

    response = client.post(reverse("armylists:duplicate", args=[army.public_id]), follow=True)

    copy = ArmyList.objects.exclude(pk=army.pk).get(owner=users[0])
    assert states(copy) == [None, None]
    assert campaign_state_left_behind(2) in messages_of(response)
    assert states(army)[0] is not None  # the campaign's army keeps its own


def test_joining_with_a_forged_list_starts_every_unit_fresh(client, ashen, users):
    ana, _, cy = users
    campaign = services.campaign_create(organiser=ana, module=ashen, name="Ashfall")
    army = forged(make_army(ashen, cy, "gutterfleet", "corsair_captain", "deckhand_mob"))
    client.force_login(cy)

    response = client.post(
        reverse("campaigns:join", args=[campaign.invite_token]), {"army": army.pk}, follow=True
    )

    assert campaign_state_left_behind(2) in messages_of(response)
    fresh = {"xp": 0, "level": 0, "traits": [], "status": "active"}
    assert all({k: s[k] for k in fresh} == fresh for s in states(army))
    joined = CampaignEvent.objects.get(campaign=campaign, kind="joined")
    assert joined.lines[-1] == campaign_state_left_behind(2)


def test_an_army_over_the_starting_size_cannot_join_and_is_told_how_much_to_cut(
    client, ashen, users
):
    ana, _, cy = users
    campaign = services.campaign_create(
        organiser=ana, module=ashen, name="Skirmish", starting_points=150
    )
    army = make_army(
        ashen, cy, "cinder_compact", "lantern_marshal", "lightbearer_squad", name="Big"
    )
    client.force_login(cy)

    response = client.post(
        reverse("campaigns:join", args=[campaign.invite_token]), {"army": army.pk}, follow=True
    )

    assert messages_of(response) == [
        "Big is 180 pts; armies start at 150 pts in Skirmish: take 30 pts out."
    ]
    assert campaign.players.count() == 0
    assert states(army) == [None, None]


def test_a_list_the_rules_refuse_cannot_join_and_the_rules_say_why(ashen, users):
    ana, _, cy = users
    campaign = services.campaign_create(organiser=ana, module=ashen, name="Ashfall")
    army = make_army(ashen, cy, "cinder_compact", "lantern_marshal", name="Tiny")

    def over(document: ListDocument, catalog) -> ListDocument:
        return document.model_copy(update={"points_limit": 50})

    army_list_edit(army_list=army, expected_version=None, change=over, label="smaller")

    with pytest.raises(services.CampaignError, match=r"^Tiny: .*points"):
        services.campaign_join(campaign=campaign, user=cy, army_list=army)
    assert campaign.players.count() == 0


def test_a_mission_is_not_set_up_with_an_army_whose_faction_left_the_module(game):
    campaign, a, b = game

    army = ArmyList.objects.get(pk=b.army_id)  # changed in the database, behind the site
    ArmyList.objects.filter(pk=army.pk).update(document={**army.document, "faction": "nowhere"})

    with pytest.raises(services.CampaignError) as refused:
        services.mission_setup(campaign=campaign, players=[a, b], die=SeededDie(1))

    assert str(refused.value) == (
        f"Fix the armies before this mission: {army.name}: its faction is not in Ashen Stars; "
        "pick one that is."
    )
    assert not Mission.objects.filter(campaign=campaign).exists()

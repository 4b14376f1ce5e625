"""A recruit that breaks the army's composition limits: the army page warns and asks to
confirm (without JavaScript too), and once the recruit is disbanded the mission is set up:
set-up judges the army as the campaign and the editor see it, dead and disbanded units out."""

from __future__ import annotations

import pytest
from django.urls import reverse

from forgebuilder.campaigns import services
from forgebuilder.campaigns.dice import SeededDie
from forgebuilder.campaigns.models import CampaignPlayer
from forgebuilder.lists.models import ArmyList
from forgebuilder.lists.selectors import evaluated_list

pytestmark = pytest.mark.django_db

# 749 // 375 = 1: the Lantern-Marshal is the one hero a 749-point army may field
HEROES_LIMIT = "a 749-point list may field 1 (one per full 375 points)"


def at_749_points(player: CampaignPlayer, bank: int = 200) -> None:
    """The player's army held to 749 points (one hero), with `bank` points to recruit from."""
    army = ArmyList.objects.get(pk=player.army_id)
    army.document["points_limit"] = 749
    army.save()
    player.bank = bank
    player.save()


def state(player: CampaignPlayer) -> tuple:
    army = ArmyList.objects.get(pk=player.army_id)
    player.refresh_from_db()
    return army.version, len(army.document["units"]), player.bank


def test_a_disbanded_recruit_no_longer_keeps_the_mission_from_being_set_up(game):
    campaign, a, b = game
    at_749_points(a)
    services.army_recruit(player=a, datasheet="lamplighter_adept")  # a second hero: too many
    services.army_disband_unit(player=a, unit_id="u3")

    army = ArmyList.objects.get(pk=a.army_id)
    assert evaluated_list(army_list=army).report.legal  # what the editor says
    assert services.army_problems(campaign=campaign, army_list=army, founding=False) == []
    setup = services.mission_setup(campaign=campaign, players=[a, b], die=SeededDie(1))
    assert setup.mission.number == 1


def test_a_dead_unit_is_out_of_the_army_set_up_judges(game):
    campaign, a, _b = game
    at_749_points(a)
    services.army_recruit(player=a, datasheet="lamplighter_adept")
    army = ArmyList.objects.get(pk=a.army_id)
    assert any(HEROES_LIMIT in p for p in services.army_problems(campaign=campaign, army_list=army, founding=False))  # fmt: skip
    army.document["units"][2]["campaign"]["status"] = "dead"
    army.save()

    assert services.army_problems(campaign=campaign, army_list=army, founding=False) == []


def test_recruiting_past_the_limits_asks_first_and_changes_nothing(client, game, users):
    campaign, a, _b = game
    at_749_points(a)
    client.force_login(users[0])
    army_page = reverse("campaigns:army", args=[campaign.pk, a.pk])
    act = reverse("campaigns:army_action", args=[campaign.pk, a.pk])
    before = state(a)

    asked = client.post(act, {"action": "recruit", "datasheet": "lamplighter_adept"})

    assert asked.status_code == 200
    page = asked.content.decode()
    assert "The list has 2 heroes; " + HEROES_LIMIT in page
    assert 'name="confirmed" value="1"' in page
    assert "Recruit Lamplighter Adept anyway" in page
    assert f'href="{army_page}#recruit"' in page  # cancel: back to the army, untouched
    assert state(a) == before


def test_confirming_recruits_past_the_limits(client, game, users):
    campaign, a, _b = game
    at_749_points(a)
    client.force_login(users[0])
    act = reverse("campaigns:army_action", args=[campaign.pk, a.pk])

    done = client.post(
        act, {"action": "recruit", "datasheet": "lamplighter_adept", "confirmed": "1"}
    )

    assert done.status_code == 302
    army = ArmyList.objects.get(pk=a.army_id)
    assert [u["datasheet"] for u in army.document["units"]][-1] == "lamplighter_adept"
    a.refresh_from_db()
    assert a.bank == 200 - 70


def test_a_recruit_within_the_limits_is_not_asked_about(client, game, users):
    campaign, a, _b = game
    at_749_points(a)
    client.force_login(users[0])
    act = reverse("campaigns:army_action", args=[campaign.pk, a.pk])

    done = client.post(act, {"action": "recruit", "datasheet": "pathwarden_scouts"})

    assert done.status_code == 302
    assert len(ArmyList.objects.get(pk=a.army_id).document["units"]) == 3

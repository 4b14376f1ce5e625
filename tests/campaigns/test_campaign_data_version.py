"""A campaign's armies on its version of the game data, moved by its organiser: refused while a
mission waits for its report, the history replaying to the armies as moved, and a report from
before the move no longer corrected (the armies' histories start again at the move)."""

from __future__ import annotations

import copy

import pytest

from factions.catalog import catalog_for
from factions.gamedata.loader import game_module_load
from factions.gamedata.schemas import ModuleSpec
from forgebuilder.campaigns import corrections, selectors, services
from forgebuilder.campaigns.dice import EnteredDie
from forgebuilder.campaigns.steps import BattleReport
from forgebuilder.lists.models import ArmyList

from .conftest import ANA_UNITS
from .test_corrections_and_replay import play


def republished(module) -> None:
    """The module as it is, republished with the Lantern Marshal 7 points dearer."""
    spec = catalog_for(module).spec.model_dump(mode="json")
    new = copy.deepcopy(spec)
    new["factions"]["cinder_compact"]["datasheets"][ANA_UNITS[0]]["points"] += 7
    new["version"] = "7.2"
    game_module_load(spec=ModuleSpec.model_validate(new), note="Points update")
    module.refresh_from_db()


def test_the_move_replays_and_a_report_from_before_it_is_no_longer_corrected(game, users):
    campaign, a, b = game
    mission = play(campaign, a, b, {a.pk: BattleReport(won=True), b.pk: BattleReport(won=False)})
    points = ArmyList.objects.get(pk=a.army_id).points
    republished(campaign.module)

    with pytest.raises(services.CampaignForbidden):
        services.campaign_move_data(campaign=campaign, by=users[1])
    services.campaign_move_data(campaign=campaign, by=users[0])

    assert ArmyList.objects.get(pk=a.army_id).points == points + 7
    assert selectors.army_differences(a) == [] and selectors.army_differences(b) == []
    mission.refresh_from_db()
    assert corrections.correctable(mission) == (
        "The campaign moved to a new version of the game data after mission 1: its report can "
        "no longer be corrected."
    )
    with pytest.raises(services.CampaignError, match="already plays the newest version"):
        services.campaign_move_data(campaign=campaign, by=users[0])


def test_moving_waits_for_the_set_up_missions_report(game, users):
    campaign, a, b = game
    services.mission_setup(campaign=campaign, players=[a, b], die=EnteredDie([]), objective="rage")
    republished(campaign.module)

    with pytest.raises(services.CampaignError, match="Mission 1 is set up and not reported yet"):
        services.campaign_move_data(campaign=campaign, by=users[0])

    campaign.refresh_from_db()
    assert campaign.data_version == 1

"""`manage.py check_campaigns` in CI: a campaign taken through every step a player or organiser
can take replays to its stored armies (exit 0); an army changed behind the campaign's back is
named and fails the command; an army kept from before the history recorded every step cannot
be replayed until `--adopt` takes it as it stands as its starting point."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from forgebuilder.campaigns import corrections, services
from forgebuilder.campaigns.dice import EnteredDie, NamedDie
from forgebuilder.campaigns.models import CampaignEvent
from forgebuilder.campaigns.steps import BattleReport
from forgebuilder.campaigns.steps import UnitOutcome as Out
from forgebuilder.lists.models import ArmyList

from .conftest import make_army
from .test_corrections_and_replay import play

pytestmark = pytest.mark.django_db


def checked(*args: str) -> str:
    out = StringIO()
    call_command("check_campaigns", *args, stdout=out)
    return out.getvalue()


def refused(*args: str) -> tuple[str, str]:
    """The command's output and the error it exits with."""
    out = StringIO()
    with pytest.raises(CommandError) as error:
        call_command("check_campaigns", *args, stdout=out)
    return out.getvalue(), str(error.value)


def every_step(campaign, a, b, users, ashen):
    """Join, set up, report (a hero's casualty and injury rolls), level up, buy, sell, recruit,
    disband, a third player joining, a report corrected, leaving, closing."""
    setup = services.mission_setup(
        campaign=campaign, players=[a, b], die=EnteredDie([]), objective="rage"
    )
    services.mission_report(mission=setup.mission, reports={
        a.pk: BattleReport(won=True, objective=True, units={"u2": Out(killed_units=4)}),
        b.pk: BattleReport(won=False, units={"u1": Out(casualty=True)}),
    }, die=NamedDie({f"p{b.pk}-u1-casualty-roll": [1], f"p{b.pk}-u1-hero-roll": [3]}))  # fmt: skip
    services.army_level_up(player=a, unit_id="u2", die=EnteredDie([4]))
    services.army_buy_upgrade(
        player=b, unit_id="u1", option="add_rule.ambush", choice="boarding_torpedo"
    )
    services.army_sell_upgrade(player=b, unit_id="u1", option="add_rule.ambush")
    services.army_recruit(player=a, datasheet="pathwarden_scouts")
    services.army_disband_unit(player=b, unit_id="u2")
    cy = users[2]
    c = services.campaign_join(
        campaign=campaign, user=cy,
        army_list=make_army(ashen, cy, "cinder_compact", "lantern_marshal", "lightbearer_squad"),
    )  # fmt: skip
    mission = play(campaign, a, c, {a.pk: BattleReport(won=True), c.pk: BattleReport(won=False)})
    corrections.mission_report_amend(
        mission=mission, by=users[0], values={"winner": str(c.pk)}, reason="cy won"
    )
    services.campaign_leave(player=c, by=cy)
    services.campaign_close(campaign=campaign, by=users[0])


def test_a_campaign_through_every_step_replays_to_its_armies(game, users, ashen):
    campaign, a, b = game
    every_step(campaign, a, b, users, ashen)
    kinds = set(CampaignEvent.objects.values_list("kind", flat=True))
    assert kinds >= {
        "created", "joined", "mission-setup", "mission-report", "level-up", "upgrade", "sell",
        "recruit", "disband", "correction", "left", "closed",
    }  # fmt: skip

    assert checked().splitlines()[-1] == "3 armies replayed, 0 differ from their history."


def test_an_army_changed_behind_the_campaign_fails_the_check_by_name(game, users, ashen):
    campaign, a, b = game
    every_step(campaign, a, b, users, ashen)
    army = ArmyList.objects.get(pk=a.army_id)
    units = army.document["units"]
    units[1]["campaign"]["xp"] = 999  # the squad's XP written in the database
    ArmyList.objects.filter(pk=army.pk).update(document={**army.document, "units": units})

    out, error = refused()

    assert "Ashfall: ana (Army): the units differ from the history" in out
    assert out.splitlines()[-1] == "3 armies replayed, 1 differ from their history."
    assert error == "1 campaign armies differ from their history."


def test_an_army_from_before_replays_is_adopted_as_it_stands_and_replays_after(game, users):
    campaign, a, b = game
    play(campaign, a, b, {a.pk: BattleReport(won=True), b.pk: BattleReport(won=False)})
    # the history as it was kept before every step recorded its facts
    CampaignEvent.objects.filter(player=b).update(data={})

    out, error = refused()
    assert "Ashfall: cannot replay: ben joined before the history kept the founding army" in out
    assert error == "1 cannot be replayed: run `check_campaigns --adopt`."

    out = checked("--adopt")
    assert "Ashfall: ben's army adopted as it is." in out
    assert out.splitlines()[-1] == "2 armies replayed, 0 differ from their history."
    adopted = CampaignEvent.objects.get(kind="adopted")
    assert (adopted.player, adopted.data["bank"], adopted.data["missions"]) == (b, 300, 1)

    # later steps replay from the adopted army; adopting again writes nothing
    services.army_buy_upgrade(
        player=b, unit_id="u1", option="add_rule.ambush", choice="boarding_torpedo"
    )
    assert "adopted" not in checked("--adopt")
    assert CampaignEvent.objects.filter(kind="adopted").count() == 1
    assert checked().splitlines()[-1] == "2 armies replayed, 0 differ from their history."

"""A whole campaign through the services: two players, three missions, a seeded die.

The seeds roll (random.Random, d6):  seed 1: 2 ...   seed 2: 1, 1, 1, 3 ...   seed 3: 2, 5 ...
seed 4: 2, 3 ...   seed 5: 5 ...   seed 6: 5 ...   seed 7: 3 ...
Every number below is worked out by hand from those rolls and the seed's tables.
"""

from __future__ import annotations

import pytest

from forgebuilder.campaigns import services
from forgebuilder.campaigns.dice import SeededDie
from forgebuilder.campaigns.models import CampaignEvent
from forgebuilder.campaigns.steps import BattleReport, StepError
from forgebuilder.campaigns.steps import UnitOutcome as Out
from forgebuilder.lists.models import ArmyList, ListRevision

from .conftest import make_army

pytestmark = pytest.mark.django_db


def rolls(seed: int, n: int) -> list[int]:
    die = SeededDie(seed)
    return [die.roll() for _ in range(n)]


def test_the_seeds_roll_what_the_hand_computation_assumes():
    assert rolls(1, 1) == [2]
    assert rolls(2, 4) == [1, 1, 1, 3]
    assert rolls(3, 2) == [2, 5]
    assert rolls(4, 2) == [2, 3]
    assert rolls(5, 1) == [5]
    assert rolls(6, 1) == [5]
    assert rolls(7, 1) == [3]


def state(player, unit_id):
    army = ArmyList.objects.get(pk=player.army_id)
    unit = next(u for u in army.document["units"] if u["id"] == unit_id)
    return unit["campaign"]


def standing(player):
    player.refresh_from_db()
    return player.victory_points, player.bank, ArmyList.objects.get(pk=player.army_id).points


def unchanged(*players):
    """A snapshot of everything a refused action must not touch."""
    rows = [(standing(p), ArmyList.objects.get(pk=p.army_id).document) for p in players]
    return rows, CampaignEvent.objects.count(), ListRevision.objects.count()


def test_two_players_play_three_missions(ashen, users):
    ana, ben, _ = users
    campaign = services.campaign_create(organiser=ana, module=ashen, name="Ashfall")
    # Ana: Lantern Marshal (hero, 80), Lightbearer Squad (100), Pathwarden Scouts (90) = 270
    a = services.campaign_join(
        campaign=campaign,
        user=ana,
        army_list=make_army(
            ashen, ana, "cinder_compact", "lantern_marshal", "lightbearer_squad",
            "pathwarden_scouts",
        ),
    )  # fmt: skip
    # Ben: Corsair Captain (hero, 75), Deckhand Mob (80), Junk Gunners (90) = 245
    b = services.campaign_join(
        campaign=campaign,
        user=ben,
        army_list=make_army(
            ashen, ben, "gutterfleet", "corsair_captain", "deckhand_mob", "junk_gunners"
        ),
    )
    assert standing(a) == (0, 0, 270) and standing(b) == (0, 0, 245)

    # --- mission 1 -------------------------------------------------------------------------
    setup = services.mission_setup(campaign=campaign, players=[a, b], die=SeededDie(1))
    assert setup.mission.objective == "honor"  # roll 2
    assert setup.underdog == {a.pk: 0, b.pk: 0}  # 25 points apart: less than 50
    services.mission_report(
        mission=setup.mission,
        reports={
            a.pk: BattleReport(
                won=True,
                objective=True,
                units={"u2": Out(killed_units=1), "u3": Out(casualty=True)},
            ),
            b.pk: BattleReport(
                won=False,
                units={
                    "u2": Out(casualty=True),
                    "u1": Out(casualty=True),
                    "u3": Out(killed_units=1),
                },
            ),
        },
        die=SeededDie(2),
    )
    # Ana's scouts roll 1: dead. Ben's mob rolls 1: dead; his captain rolls 1, a hero rolls on
    # the injuries instead: 3, Blinded Eye (-5).
    assert state(a, "u3")["status"] == "dead"
    assert state(b, "u2")["status"] == "dead"
    assert state(b, "u1")["injuries"] == ["blinded_eye"]
    # XP: survived +1, a kill +1
    assert [state(a, u)["xp"] for u in ("u1", "u2", "u3")] == [1, 2, 0]
    assert [state(b, u)["xp"] for u in ("u1", "u2", "u3")] == [0, 0, 2]
    # Ana won (2 VP, 150) and made the objective (75); Ben lost (300).
    assert standing(a) == (2, 225, 180)  # 270 - 90 dead scouts
    assert standing(b) == (0, 300, 160)  # 245 - 80 dead mob - 5 injury

    # upgrades and recruiting
    assert services.army_recruit(player=a, datasheet="lightbearer_squad", veteran=True) == [
        "Recruited Lightbearer Squad 2 (veteran) for 150 pts."
    ]
    recruit = state(a, "u4")
    assert (recruit["xp"], recruit["veteran"], recruit["recruited_after"]) == (5, True, 1)
    assert standing(a) == (2, 75, 330)  # 100 + 50 for a veteran
    services.army_buy_upgrade(
        player=b, unit_id="u1", option="add_rule.ambush", choice="boarding_torpedo"
    )
    assert standing(b) == (0, 285, 175)
    services.army_recruit(player=b, datasheet="chief_riveter")
    assert standing(b) == (0, 225, 235)
    before = unchanged(a, b)
    with pytest.raises(StepError, match="at most 1 per mission"):
        services.army_recruit(player=b, datasheet="corsair_captain")
    assert unchanged(a, b) == before

    # --- mission 2 -------------------------------------------------------------------------
    setup = services.mission_setup(campaign=campaign, players=[a, b], die=SeededDie(3))
    assert setup.mission.objective == "honor"  # roll 2
    assert setup.underdog == {a.pk: 0, b.pk: 1}  # 330 - 235 = 95: one full 50
    services.mission_report(
        mission=setup.mission,
        reports={
            a.pk: BattleReport(
                won=False, units={"u1": Out(casualty=True), "u2": Out(killed_heroes=1)}
            ),
            b.pk: BattleReport(
                won=True, units={"u3": Out(killed_units=1), "u4": Out(casualty=True)}
            ),
        },
        die=SeededDie(4),
    )
    # Ana's marshal rolls 2 and Ben's riveter 3: both recover.
    assert [state(a, u)["xp"] for u in ("u1", "u2", "u4")] == [1, 5, 6]  # u2: +1 +2
    assert [state(b, u)["xp"] for u in ("u1", "u3", "u4")] == [1, 4, 0]
    assert standing(a) == (2, 375, 330)
    assert standing(b) == (2, 375, 235)

    services.army_level_up(player=a, unit_id="u2", die=SeededDie(5))  # 5: Elite
    services.army_level_up(player=a, unit_id="u4", die=SeededDie(6))  # 5: Elite
    assert state(a, "u2")["traits"] == ["elite"] and state(a, "u4")["traits"] == ["elite"]
    assert standing(a) == (2, 375, 380)  # +25 per level
    before = unchanged(a, b)
    with pytest.raises(StepError, match="needs 5 XP for level 1"):
        services.army_level_up(player=b, unit_id="u1", die=SeededDie(5))
    assert unchanged(a, b) == before
    # the boarding torpedo cost 15: half is 7, rounded down to 5
    assert services.army_sell_upgrade(player=b, unit_id="u1", option="add_rule.ambush") == [
        "Corsair Captain: sold Boarding torpedo (worth 15 pts) for 5 pts."
    ]
    assert standing(b) == (2, 380, 220)

    # --- mission 3 -------------------------------------------------------------------------
    setup = services.mission_setup(campaign=campaign, players=[a, b], die=SeededDie(7))
    assert setup.mission.objective == "casting"  # roll 3
    assert setup.underdog == {a.pk: 0, b.pk: 3}  # 160 apart
    before = unchanged(a, b)
    with pytest.raises(StepError, match="The report names unit 'u9', which is not in this army"):
        services.mission_report(
            mission=setup.mission,
            reports={a.pk: BattleReport(won=True), b.pk: BattleReport(False, units={"u9": Out()})},
            die=SeededDie(3),
        )
    assert unchanged(a, b) == before
    services.mission_report(
        mission=setup.mission,
        reports={
            a.pk: BattleReport(won=True, objective=True, units={"u2": Out(casualty=True)}),
            b.pk: BattleReport(won=False, units={"u3": Out(casualty=True)}),
        },
        die=SeededDie(3),
    )
    # Ana's squad rolls 2 and Ben's gunners 5: both recover.
    assert [state(a, u)["xp"] for u in ("u1", "u2", "u4")] == [2, 5, 7]
    assert [state(b, u)["xp"] for u in ("u1", "u3", "u4")] == [2, 4, 1]

    # final standings: VP, bank, army value
    assert standing(a) == (4, 600, 380)
    assert standing(b) == (2, 680, 220)
    campaign.refresh_from_db()
    assert campaign.missions_played == 3
    history = list(CampaignEvent.objects.filter(campaign=campaign, kind="mission-report"))
    assert len(history) == 6
    assert history[1].dice == {"seed": 2, "skip": 1, "results": [1, 1, 3]}

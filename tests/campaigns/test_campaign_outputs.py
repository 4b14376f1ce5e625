"""What a campaign army shows outside the campaign pages: each unit card (editor, share page, PDF
roster) carries its level, XP, traits, skill sets, injuries and talents with their effects, or
that it is dead; the token sheet adds the underdog points of the mission it is set up for."""

from __future__ import annotations

import pytest
from django.urls import reverse

from forgebuilder.campaigns import services
from forgebuilder.campaigns.card_lines import campaign_extras
from forgebuilder.campaigns.dice import SeededDie
from forgebuilder.campaigns.pricing import level_progress
from forgebuilder.campaigns.steps import BattleReport
from forgebuilder.engine.listdoc import ListDocument, UnitCampaign
from forgebuilder.engine.presenters.cards import chosen_card
from forgebuilder.lists import exports
from forgebuilder.lists.exports.tokens import token_plan
from forgebuilder.lists.models import ArmyList
from forgebuilder.lists.selectors import evaluated_list
from forgebuilder.lists.services import army_list_edit
from forgebuilder.lists.sharing import share_link_create

from .conftest import make_army
from .tables import campaign_spec

pytestmark = pytest.mark.django_db

VETERAN_MARSHAL = {
    "xp": 7, "level": 1, "skill_sets": ["captain"], "traits": ["leader"],
    "injuries": ["chest_wound"], "talents": ["toughened"],
}  # fmt: skip


def extras(state, spec):
    """The card lines of a unit whose progress the report carries as the campaign measures it."""
    return campaign_extras(state, spec, level_progress(state, spec) if spec else None)


def test_card_lines_name_progress_and_every_gain_with_its_effect():
    lines = extras(UnitCampaign(**VETERAN_MARSHAL), campaign_spec())
    assert lines == [
        ("Campaign", "Level 1 · 7 XP (3 more for level 2: 7/10)"),
        ("Skill set", "Captain"),
        ("Trait: Leader", 'Friendly units within 6" get +1 to morale tests.'),
        ("Injury: Chest Wound", "-1 to its Defense rolls. (-5 pts)"),
        ("Talent: Toughened", "Gains Tough(+1). (+5 pts)"),
    ]


def test_card_lines_say_when_a_unit_may_level_up_or_is_dead():
    spec = campaign_spec()
    assert extras(UnitCampaign(xp=5), spec) == [
        ("Campaign", "Level 0 · 5 XP (ready to level up to 1)")
    ]
    dead = extras(UnitCampaign(xp=3, status="dead"), spec)
    assert dead[0][0] == "Dead" and "counts for nothing" in dead[0][1]
    assert dead[1] == ("Campaign", "Level 0 · 3 XP")


def test_a_module_with_other_xp_steps_shows_its_own_progress():
    spec = campaign_spec(experience={"per_level": 3})
    assert extras(UnitCampaign(xp=2), spec) == [
        ("Campaign", "Level 0 · 2 XP (1 more for level 1: 2/3)")
    ]


def test_a_unit_outside_a_campaign_gets_no_campaign_lines():
    assert extras(None, campaign_spec()) == []
    assert extras(UnitCampaign(xp=3), None) == []


def with_state(army: ArmyList, **states: dict) -> ArmyList:
    def change(document: ListDocument, catalog) -> ListDocument:
        data = document.model_dump()
        for unit in data["units"]:
            if unit["id"] in states:
                unit["campaign"] = {**UnitCampaign().model_dump(), **states[unit["id"]]}
        return ListDocument.model_validate(data)

    army_list_edit(army_list=army, expected_version=None, change=change, label="test")
    army.refresh_from_db()
    return army


@pytest.fixture
def marshal_army(ashen, users):
    army = make_army(ashen, users[0], "cinder_compact", "lantern_marshal", "lightbearer_squad")
    return with_state(army, u1=VETERAN_MARSHAL, u2={"status": "dead", "xp": 2})


def test_the_chosen_card_carries_the_campaign_lines(marshal_army):
    evaluated = evaluated_list(army_list=marshal_army)
    marshal, squad = evaluated.roster.units
    card = chosen_card(evaluated.roster, marshal, evaluated.report)
    assert ("Trait: Leader", 'Friendly units within 6" get +1 to morale tests.') in card.extras
    dead = chosen_card(evaluated.roster, squad, evaluated.report)
    assert dead.extras[0][0] == "Dead" and dead.points == 0


def test_the_editor_shows_campaign_state_on_the_unit_cards(client, users, marshal_army):
    client.force_login(users[0])
    page = client.get(reverse("armylists:editor", args=[marshal_army.public_id])).content.decode()
    assert "Level 1 · 7 XP (3 more for level 2: 7/10)" in page
    assert "Trait: Leader" in page and "Injury: Chest Wound" in page
    assert "Dead: out of the army" in page


def test_the_share_page_shows_campaign_state_on_the_unit_cards(client, marshal_army):
    link = share_link_create(army_list=marshal_army, kind="live")
    page = client.get(reverse("armylists:shared", args=[link.token])).content.decode()
    assert "Talent: Toughened" in page and "Gains Tough(+1). (+5 pts)" in page
    assert "Dead: out of the army" in page


def test_the_pdf_roster_cards_show_campaign_state(marshal_army):
    source = exports.source_from_evaluated(evaluated_list(army_list=marshal_army))
    html = exports.roster_html(source, paper=exports.paper_from("a4"))
    assert "Skill set" in html and "Captain" in html
    assert "Trait: Leader" in html and "Dead: out of the army" in html


def tokens_of(army: ArmyList) -> dict[str, int]:
    source = exports.source_from_evaluated(evaluated_list(army_list=army))
    return {kind.key: kind.count for kind, _ in token_plan(source)}


def test_dead_units_get_no_unit_marker(marshal_army):
    source = exports.source_from_evaluated(evaluated_list(army_list=marshal_army))
    plan = dict((kind.key, tokens) for kind, tokens in token_plan(source))
    assert [(t.number, t.name) for t in plan["unit"]] == [(1, "Lantern-Marshal")]


def test_the_token_sheet_adds_the_underdog_points_of_the_mission_set_up(ashen, users):
    ana, ben, _ = users
    campaign = services.campaign_create(organiser=ana, module=ashen, name="Ashfall")
    small = make_army(ashen, ana, "cinder_compact", "lightbearer_squad")
    big = make_army(ashen, ben, "cinder_compact", "lightbearer_squad", "lantern_marshal")
    a = services.campaign_join(campaign=campaign, user=ana, army_list=small)
    b = services.campaign_join(campaign=campaign, user=ben, army_list=big)
    assert "underdog" not in tokens_of(small)
    setup = services.mission_setup(campaign=campaign, players=[a, b], die=SeededDie(1))
    gap = big.points - small.points
    assert gap >= 50  # the test needs an underdog
    assert setup.underdog[a.pk] == gap // 50
    assert tokens_of(small)["underdog"] == gap // 50
    assert "underdog" not in tokens_of(big)
    source = exports.source_from_evaluated(evaluated_list(army_list=small))
    html = exports.token_sheet_html(source, paper=exports.paper_from("a4"), size=25)
    assert f"Underdog point × {gap // 50}" in html
    # once the mission is reported, the sheet has no underdog tokens any more
    services.mission_report(
        mission=setup.mission,
        reports={a.pk: BattleReport(won=True), b.pk: BattleReport(won=False)},
        die=SeededDie(2),
    )
    assert "underdog" not in tokens_of(small)


def test_the_army_page_lists_the_gains_the_card_lines_show():
    # one walk of the campaign tables (card_lines.gains) serves the card and the army page
    from forgebuilder.campaigns.unit_rows import _details

    details = _details(UnitCampaign(**VETERAN_MARSHAL), campaign_spec())
    assert details == [
        ("Skill set", "Captain", ""),
        ("Trait", "Leader", 'Friendly units within 6" get +1 to morale tests.'),
        ("Injury", "Chest Wound", "-1 to its Defense rolls."),
        ("Talent", "Toughened", "Gains Tough(+1)."),
    ]
    card = extras(UnitCampaign(**VETERAN_MARSHAL), campaign_spec())[1:]
    assert [line[1].removesuffix(" (-5 pts)").removesuffix(" (+5 pts)") for line in card[1:]] == [
        effect for _, _, effect in details[1:]
    ]

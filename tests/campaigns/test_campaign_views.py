"""Campaign pages: members read every army, a player changes only their own (404 otherwise),
the battle report and the post-mission actions work through the forms, bad input is refused
with a message and changes nothing."""

from __future__ import annotations

import pytest
from django.urls import reverse

from forgebuilder.campaigns import selectors, services, steps
from forgebuilder.campaigns.dice import EnteredDie, SeededDie
from forgebuilder.campaigns.models import Campaign, CampaignPlayer, Mission
from forgebuilder.campaigns.steps import StepError
from forgebuilder.engine.api import plural
from forgebuilder.lists.models import ArmyList

from .conftest import make_army, with_xp

pytestmark = pytest.mark.django_db


def messages_of(response) -> list[str]:
    return [str(m) for m in response.context["messages"]] if response.context else []


def test_the_organiser_starts_a_campaign_and_gets_an_invite_link(client, ashen, users):
    client.force_login(users[0])
    response = client.post(reverse("campaigns:list"), {"name": "Embers", "module": ashen.pk})
    campaign = Campaign.objects.get(name="Embers")
    assert response.url == reverse("campaigns:detail", args=[campaign.pk])
    page = client.get(response.url).content.decode()
    assert f"/campaigns/join/{campaign.invite_token}/" in page
    assert len(campaign.invite_token) >= 32
    # the link can be copied in one tap
    assert '<input id="invite-link" readonly' in page
    assert 'data-copy-target="#invite-link">Copy the link</button>' in page


def test_a_player_joins_with_the_link_and_one_of_their_lists(client, ashen, users):
    ana, _, cy = users
    campaign = services.campaign_create(organiser=ana, module=ashen, name="Embers")
    army = make_army(ashen, cy, "gutterfleet", "deckhand_mob")
    client.force_login(cy)
    url = reverse("campaigns:join", args=[campaign.invite_token])
    assert army.name in client.get(url).content.decode()
    client.post(url, {"army": army.pk})
    assert CampaignPlayer.objects.get(campaign=campaign, user=cy).army == army


def test_a_wrong_invite_token_is_404(client, users):
    client.force_login(users[2])
    assert client.get(reverse("campaigns:join", args=["nope"])).status_code == 404


def test_outsiders_cannot_see_a_campaign_or_its_armies(client, game, users):
    campaign, a, _ = game
    client.force_login(users[2])
    assert client.get(reverse("campaigns:detail", args=[campaign.pk])).status_code == 404
    assert client.get(reverse("campaigns:army", args=[campaign.pk, a.pk])).status_code == 404


def test_members_read_every_army_and_the_standings(client, game, users):
    campaign, a, _b = game
    client.force_login(users[1])
    page = client.get(reverse("campaigns:army", args=[campaign.pk, a.pk])).content.decode()
    assert "Lantern-Marshal" in page and "Recruit from the bank" not in page
    standings = client.get(reverse("campaigns:detail", args=[campaign.pk])).content.decode()
    assert "ana" in standings and "ben" in standings and "180 pts" in standings


def test_editing_another_players_army_is_404_and_changes_nothing(client, game, users):
    campaign, a, _ = game
    before = ArmyList.objects.get(pk=a.army_id).document
    client.force_login(users[1])  # ben
    url = reverse("campaigns:army_action", args=[campaign.pk, a.pk])
    response = client.post(url, {"action": "recruit", "datasheet": "lightbearer_squad"})
    assert response.status_code == 404
    assert ArmyList.objects.get(pk=a.army_id).document == before


def test_a_mission_is_set_up_reported_on_a_form_and_levelled_up(client, game, users):
    campaign, a, b = game
    client.force_login(users[0])
    client.post(
        reverse("campaigns:mission_new", args=[campaign.pk]),
        {"players": [a.pk, b.pk], "objective": "rage"},
    )
    mission = Mission.objects.get(campaign=campaign, number=1)
    assert mission.objective == "rage"
    url = reverse("campaigns:report", args=[campaign.pk, 1])
    response = client.post(
        url,
        {
            "winner": a.pk,
            f"p{a.pk}-objective": "on",
            f"p{a.pk}-u2-units": "2",
            f"p{a.pk}-u2-heroes": "1",
            f"p{b.pk}-u2-casualty": "on",
            f"p{b.pk}-u2-casualty-roll": "4",
        },
    )
    assert response.status_code == 302
    a.refresh_from_db()
    b.refresh_from_db()
    assert (a.victory_points, a.bank, b.bank) == (2, 225, 300)
    squad = ArmyList.objects.get(pk=a.army_id).document["units"][1]["campaign"]
    assert squad["xp"] == 5  # survived 1 + 2 units + 1 hero (2)
    act = reverse("campaigns:army_action", args=[campaign.pk, a.pk])
    response = client.post(act, {"action": "level", "unit": "u2", "dice": "2"}, follow=True)
    assert "Lightbearer Squad: level 1, rolled Headstrong" in " ".join(messages_of(response))
    assert ArmyList.objects.get(pk=a.army_id).points == 180 + 25


def test_a_report_with_bad_numbers_says_so_and_changes_nothing(client, game, users):
    campaign, a, b = game
    services.mission_setup(campaign=campaign, players=[a, b], die=SeededDie(1))
    before = ArmyList.objects.get(pk=a.army_id).document
    client.force_login(users[0])
    url = reverse("campaigns:report", args=[campaign.pk, 1])
    response = client.post(url, {"winner": a.pk, f"p{a.pk}-u1-units": "lots"})
    assert response.status_code == 200
    assert messages_of(response) == [
        "Lantern-Marshal: enemy units killed: 'lots' is not a number from 0 to 99."
    ]
    assert ArmyList.objects.get(pk=a.army_id).document == before
    assert Mission.objects.get(campaign=campaign, number=1).status == Mission.SET_UP


def test_a_level_up_without_enough_xp_is_refused_with_a_message(client, game, users):
    campaign, a, _ = game
    client.force_login(users[0])
    act = reverse("campaigns:army_action", args=[campaign.pk, a.pk])
    response = client.post(act, {"action": "level", "unit": "u2", "dice": "2"}, follow=True)
    assert messages_of(response) == [
        "Lightbearer Squad needs 5 XP for level 1 (5 per level); it has 0."
    ]


def test_a_hero_picks_a_skill_set_of_the_rolled_pair_from_radio_buttons(client, game, users):
    campaign, a, _ = game
    with_xp(a, 0)
    client.force_login(users[0])
    act = reverse("campaigns:army_action", args=[campaign.pk, a.pk])
    response = client.post(act, {"action": "level", "unit": "u1"}, follow=True)
    [message] = messages_of(response)
    assert message.startswith("The dice give a choice: ")
    choosing = response.context["choosing"]
    keys = [c["key"] for c in choosing["choices"]]
    assert len(keys) == 2  # the rolled pair
    page = response.content.decode()
    assert all(f'type="radio" name="pick" value="{k}"' in page for k in keys)
    assert page.count("traits: ") == 2  # each skill set shows its traits before the pick
    assert ArmyList.objects.get(pk=a.army_id).document["units"][0]["campaign"]["level"] == 0
    response = client.post(
        act,
        {"action": "level", "unit": "u1", "seed": choosing["seed"], "pick": keys[1]},
        follow=True,
    )
    state = ArmyList.objects.get(pk=a.army_id).document["units"][0]["campaign"]
    assert state["skill_sets"] == [keys[1]] and state["level"] == 1


def test_a_pick_outside_the_rolled_choices_is_refused_and_changes_nothing(client, game, users):
    campaign, a, _ = game
    with_xp(a, 0)
    before = ArmyList.objects.get(pk=a.army_id).document
    client.force_login(users[0])
    act = reverse("campaigns:army_action", args=[campaign.pk, a.pk])
    # entered dice: a 1 rolls the pair Captain or Support; Healer is not one of them
    response = client.post(
        act, {"action": "level", "unit": "u1", "dice": "1 3", "pick": "healer"}, follow=True
    )
    assert messages_of(response) == ["Lantern-Marshal rolled Captain or Support: pick one of them."]
    assert ArmyList.objects.get(pk=a.army_id).document == before


def test_campaign_posts_need_a_csrf_token(game, users):
    from django.test import Client

    campaign, a, _ = game
    client = Client(enforce_csrf_checks=True)
    client.force_login(users[0])
    url = reverse("campaigns:army_action", args=[campaign.pk, a.pk])
    assert client.post(url, {"action": "recruit", "datasheet": "x"}).status_code == 403


def test_a_specialist_records_whether_it_is_melee_or_shooting(client, game, users):
    campaign, a, _ = game
    with_xp(a, 1)
    client.force_login(users[0])
    act = reverse("campaigns:army_action", args=[campaign.pk, a.pk])

    # a 3 rolls Specialist: "+1 to hit in melee or when shooting (choose one)"
    response = client.post(act, {"action": "level", "unit": "u2", "dice": "3"}, follow=True)
    assert messages_of(response) == [
        "The dice give a choice: Specialist: melee or Specialist: shooting. Pick one below."
    ]
    assert [c["key"] for c in response.context["choosing"]["choices"]] == ["melee", "shooting"]
    response = client.post(
        act, {"action": "level", "unit": "u2", "dice": "3", "pick": "shooting"}, follow=True
    )

    state = ArmyList.objects.get(pk=a.army_id).document["units"][1]["campaign"]
    assert (state["traits"], state["choices"]) == (["specialist"], {"specialist": ["shooting"]})
    assert "Lightbearer Squad: chose shooting" in messages_of(response)[0]
    page = client.get(reverse("campaigns:army", args=[campaign.pk, a.pk])).content.decode()
    assert "Specialist (shooting)" in page


def test_a_specialist_without_a_choice_is_refused_and_changes_nothing(game):
    _campaign, a, _ = game
    with_xp(a, 1)
    before = ArmyList.objects.get(pk=a.army_id).document

    with pytest.raises(StepError) as no:
        services.army_level_up(player=a, unit_id="u2", die=EnteredDie([3]), pick="ranged")

    assert str(no.value) == "Specialist: choose melee or shooting for Lightbearer Squad."
    assert ArmyList.objects.get(pk=a.army_id).document == before


def test_a_refused_sale_names_the_unit_as_the_army_does(client, game, users):
    campaign, _a, b = game
    client.force_login(users[1])
    act = reverse("campaigns:army_action", args=[campaign.pk, b.pk])
    services.army_disband_unit(player=b, unit_id="u2")

    nothing = client.post(
        act, {"action": "sell", "unit": "u1", "option": "add_rule.ambush"}, follow=True
    )
    gone = client.post(
        act, {"action": "sell", "unit": "u2", "option": "add_rule.ambush"}, follow=True
    )

    assert messages_of(nothing) == [
        "Corsair Captain has no 'Arrival' upgrade to sell (it may have been sold already: "
        "reload the page)."
    ]
    assert messages_of(gone) == ["Deckhand Mob is disbanded and takes no part any more."]


def test_my_lists_marks_a_campaign_army_with_its_campaign(client, ashen, game, users):
    campaign, a, _b = game
    ana = users[0]
    make_army(ashen, ana, "cinder_compact", "lantern_marshal", name="Free Lance")
    client.force_login(ana)
    page = client.get(reverse("armylists:my_lists")).content.decode()
    rows = {
        row.split('">', 2)[1].split("</a>")[0]: row for row in page.split('<th scope="row">')[1:]
    }
    army = ArmyList.objects.get(pk=a.army_id)
    assert f'<span class="badge accent">Campaign: {campaign.name}</span>' in rows[army.name]
    assert "Campaign:" not in rows["Free Lance"]


def test_each_step_between_missions_says_which_unit_and_what_it_bought_or_sold(client, game, users):
    """The message after a recruit, a purchase, a sale or a disband names the unit (numbered
    when the army has two alike) and the upgrade, as the army's history does."""
    campaign, a, _b = game
    CampaignPlayer.objects.filter(pk=a.pk).update(bank=500)
    client.force_login(users[0])
    act = reverse("campaigns:army_action", args=[campaign.pk, a.pk])

    def said(**post) -> list[str]:
        return messages_of(client.post(act, post, follow=True))

    assert said(action="recruit", datasheet="lightbearer_squad") == [
        "Recruited Lightbearer Squad 2 for 100 pts."
    ]
    [offer] = [
        o
        for u in selectors.upgrade_offers(a) if u["id"] == "u3"
        for o in u["offers"] if o["price"] == "+10 pts"
    ][:1]  # fmt: skip
    [bought] = said(action="buy", unit="u3", pick=offer["pick"])
    assert bought == f"Lightbearer Squad 2: bought {offer['label']} for 10 pts."
    assert said(action="sell", unit="u3", option=offer["option"]) == [
        f"Lightbearer Squad 2: sold {offer['label']} (worth 10 pts) for 5 pts."
    ]
    assert said(action="disband", unit="u3") == [
        "Lightbearer Squad 2 was disbanded. It stays on the list for the record."
    ]


def test_a_sale_names_each_choice_it_sells_and_counts_the_ones_taken_twice(ashen):
    """An option taken twice of one choice and once of another sells as both, the first
    counted ("2 Flamers and Meltagun")."""
    from factions.cards import choice_label
    from factions.catalog import catalog_for
    from forgebuilder.engine.listdoc import ListDocument

    catalog = catalog_for(ashen)
    sheet = catalog.datasheet("cinder_compact", "lightbearer_squad")
    option = next(o for _m, o in sheet.all_options() if len(o.choices) >= 2)
    first, second = option.choices[:2]
    army = ListDocument.model_validate({
        "name": "Army", "module": catalog.slug, "module_version": catalog.spec.version,
        "faction": "cinder_compact", "points_limit": 2000,
        "units": [{"id": "u1", "datasheet": "lightbearer_squad", "options": [
            {"option": option.id, "choice": first.id, "count": 2},
            {"option": option.id, "choice": second.id, "count": 1},
        ]}],
    })  # fmt: skip
    names = [choice_label(catalog, "cinder_compact", option, c) for c in (first, second)]

    said = steps.upgrade_names(army, army.units[0], option.id, catalog)

    assert said == f"{plural(2, names[0])} and {names[1]}"

"""The campaign pages added for play between missions: buying and selling upgrades, picking from
the tables (never typing), disbanding a unit or an army, and the organiser's own actions.
Bad input gets a message and changes nothing; outsiders get 404, other members 403."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from forgebuilder.campaigns import services
from forgebuilder.campaigns.dice import SeededDie
from forgebuilder.campaigns.models import CampaignEvent, CampaignPlayer, Mission
from forgebuilder.lists.models import ArmyList

from .conftest import make_army, with_xp
from .test_campaign_views import messages_of

pytestmark = pytest.mark.django_db


def with_bank(player: CampaignPlayer, bank: int) -> CampaignPlayer:
    player.bank = bank
    player.save()
    return player


def document(player: CampaignPlayer) -> dict:
    return ArmyList.objects.get(pk=player.army_id).document


def pick_of(player: CampaignPlayer, unit_id: str, label: str) -> str:
    """The upgrade page's pick for the unit's offer whose label starts with `label`."""
    from forgebuilder.campaigns.selectors import upgrade_offers

    unit = next(u for u in upgrade_offers(player) if u["id"] == unit_id)
    return next(o["pick"] for o in unit["offers"] if o["label"].startswith(label))


def act(client, campaign, player, **data):
    url = reverse("campaigns:army_action", args=[campaign.pk, player.pk])
    return client.post(url, data, follow=True)


# --- upgrades -----------------------------------------------------------------------------


def test_the_upgrade_page_offers_each_units_options_with_prices(client, game, users):
    campaign, a, _ = game
    client.force_login(users[0])
    page = client.get(reverse("campaigns:upgrades", args=[campaign.pk, a.pk])).content.decode()
    assert "Searing lance (+15 pts)" in page and "Squad Medic (+25 pts)" in page
    assert "Bank: <strong>0 pts</strong>" in page


def test_buying_an_upgrade_pays_from_the_bank_and_is_recorded(client, game, users):
    campaign, a, _ = game
    with_bank(a, 100)
    client.force_login(users[0])
    response = act(client, campaign, a, action="buy", unit="u1", pick=pick_of(a, "u1", "Searing"))
    assert messages_of(response) == ["Lantern-Marshal: bought Searing lance for 15 pts."]
    a.refresh_from_db()
    assert a.bank == 85
    assert ArmyList.objects.get(pk=a.army_id).points == 180 + 15
    event = CampaignEvent.objects.filter(player=a, kind="upgrade").get()
    assert event.lines == ["Lantern-Marshal: bought Searing lance for 15 pts."]
    # it is on the upgrade page now, with what it sells for (half of 15, down to 5)
    assert "Sell for 5 pts" in response.content.decode()


STALE = "Pick one of the upgrades the page offers now (reload it: another tab may have bought one)."


@pytest.mark.parametrize(
    ("pick", "bank", "message"),
    [
        ("99", 100, STALE),
        ("x", 100, STALE),
        ("marshal.replace_weapon.lumen_pistol", 100, STALE),  # an option without its choice
        ("Searing", 10, "The upgrade costs 15 pts; the bank holds 10."),
    ],
)
def test_a_bad_purchase_says_why_and_changes_nothing(client, game, users, pick, bank, message):
    campaign, a, _ = game
    with_bank(a, bank)
    before = document(a)
    client.force_login(users[0])
    if pick == "Searing":
        pick = pick_of(a, "u1", pick)
    response = act(client, campaign, a, action="buy", unit="u1", pick=pick)
    assert messages_of(response) == [message]
    a.refresh_from_db()
    assert (a.bank, document(a)) == (bank, before)


def test_the_rules_refuse_an_upgrade_the_unit_cannot_take(client, game, users):
    # the marshal has one pistol: a second replacement of it is refused
    campaign, a, _ = game
    with_bank(a, 100)
    client.force_login(users[0])
    act(client, campaign, a, action="buy", unit="u1", pick=pick_of(a, "u1", "Searing"))
    before = document(a)
    response = act(client, campaign, a, action="buy", unit="u1", pick=pick_of(a, "u1", "Lumen c"))
    [message] = messages_of(response)
    assert "may be taken 1 time" in message
    a.refresh_from_db()
    assert (a.bank, document(a)) == (85, before)


def test_a_page_left_open_in_another_tab_buys_what_it_shows(client, game, users):
    """Buying in one tab takes that upgrade off the offers; the other tab's page, opened before,
    still buys the upgrade its player picked there (picks name the upgrade, not its place)."""
    campaign, a, _ = game
    with_bank(a, 100)
    client.force_login(users[0])
    page = client.get(reverse("campaigns:upgrades", args=[campaign.pk, a.pk])).content.decode()
    ward = re.search(r'<option value="([^"]+)">Wargear: upgrade with Ward harness', page)[1]
    act(client, campaign, a, action="buy", unit="u1", pick=pick_of(a, "u1", "Searing"))
    response = act(client, campaign, a, action="buy", unit="u1", pick=ward)
    assert messages_of(response) == [
        "Lantern-Marshal: bought Ward harness for 10 pts."
    ]  # harness's price, not the vox's
    bought = [o["choice"] for o in document(a)["units"][0]["options"]]
    assert sorted(bought) == ["searing_lance", "ward_harness"]


def test_selling_from_the_upgrade_page_returns_half(client, game, users):
    campaign, a, _ = game
    with_bank(a, 100)
    client.force_login(users[0])
    act(client, campaign, a, action="buy", unit="u1", pick=pick_of(a, "u1", "Searing"))
    option = document(a)["units"][0]["options"][0]["option"]
    response = act(client, campaign, a, action="sell", unit="u1", option=option, back="upgrades")
    assert response.request["PATH_INFO"] == reverse("campaigns:upgrades", args=[campaign.pk, a.pk])
    a.refresh_from_db()
    assert a.bank == 85 + 5
    assert document(a)["units"][0]["options"] == []


def test_nothing_is_bought_while_a_mission_is_set_up(client, game, users):
    campaign, a, b = game
    with_bank(a, 100)
    services.mission_setup(campaign=campaign, players=[a, b], die=SeededDie(1))
    client.force_login(users[0])
    response = act(client, campaign, a, action="buy", unit="u1", pick=pick_of(a, "u1", "Searing"))
    assert messages_of(response) == [
        "Mission 1 is set up and not reported yet: upgrades wait until it is."
    ]
    a.refresh_from_db()
    assert a.bank == 100


def test_another_players_upgrade_page_is_404(client, game, users):
    campaign, a, _ = game
    client.force_login(users[1])
    assert client.get(reverse("campaigns:upgrades", args=[campaign.pk, a.pk])).status_code == 404


# --- choices from the tables ----------------------------------------------------------------


def test_fast_learner_offers_every_other_trait_as_radio_buttons(client, game, users):
    campaign, a, _ = game
    with_xp(a, 1)
    client.force_login(users[0])
    # a 6 is Fast Learner: the player picks any other trait
    response = act(client, campaign, a, action="level", unit="u2", dice="6")
    choosing = response.context["choosing"]
    assert [c["name"] for c in choosing["choices"]] == [
        "Agile", "Headstrong", "Specialist: melee", "Specialist: shooting", "Resilient", "Elite",
    ]  # fmt: skip
    assert 'type="radio" name="pick" value="elite"' in response.content.decode()
    response = act(client, campaign, a, action="level", unit="u2", dice="6", pick="elite")
    state = document(a)["units"][1]["campaign"]
    assert (state["level"], state["traits"]) == (1, ["elite"])


def test_the_level_up_form_has_no_typed_choice(client, game, users):
    campaign, a, _ = game
    with_xp(a, 1)
    client.force_login(users[0])
    page = client.get(reverse("campaigns:army", args=[campaign.pk, a.pk])).content.decode()
    assert 'name="pick"' not in page  # picks come as radio buttons from the rolled table


def test_a_second_veteran_after_one_mission_is_refused(client, game, users):
    campaign, a, _ = game
    with_bank(a, 1000)
    client.force_login(users[0])
    act(client, campaign, a, action="recruit", datasheet="lightbearer_squad", veteran="on")
    before = document(a)
    response = act(
        client, campaign, a, action="recruit", datasheet="lightbearer_squad", veteran="on"
    )
    assert messages_of(response) == [
        "A veteran was already recruited after mission 0; at most 1 per mission."
    ]
    assert document(a) == before


def test_a_hero_cannot_be_a_veteran_recruit(client, game, users):
    campaign, a, _ = game
    with_bank(a, 1000)
    client.force_login(users[0])
    response = act(client, campaign, a, action="recruit", datasheet="lantern_marshal", veteran="on")
    assert messages_of(response) == [
        "Lantern-Marshal is a hero: only regular units may be recruited as veterans."
    ]
    assert len(document(a)["units"]) == 2


# --- disbanding, leaving, the organiser's actions ----------------------------------------------


def test_a_disbanded_unit_stays_for_the_record_and_costs_nothing(client, game, users):
    campaign, a, _ = game
    client.force_login(users[0])
    response = act(client, campaign, a, action="disband", unit="u2")
    assert messages_of(response) == [
        "Lightbearer Squad was disbanded. It stays on the list for the record."
    ]
    assert document(a)["units"][1]["campaign"]["status"] == "disbanded"
    assert ArmyList.objects.get(pk=a.army_id).points == 80
    again = act(client, campaign, a, action="disband", unit="u2")
    assert messages_of(again) == ["Lightbearer Squad is disbanded already."]


def test_a_player_disbands_their_army_and_leaves(client, game, users):
    campaign, _a, b = game
    client.force_login(users[1])
    response = client.post(reverse("campaigns:leave", args=[campaign.pk, b.pk]), follow=True)
    assert messages_of(response) == ["ben has left the campaign."]
    b.refresh_from_db()
    assert b.left_at is not None
    # still readable, no longer writable
    assert client.get(reverse("campaigns:army", args=[campaign.pk, b.pk])).status_code == 200
    refused = act(client, campaign, b, action="disband", unit="u2")
    assert messages_of(refused) == ["ben has left Ashfall; the army can only be read."]


def test_only_the_organiser_removes_another_player(client, game, users):
    campaign, a, b = game
    client.force_login(users[1])  # ben is a member, not the organiser
    assert client.post(reverse("campaigns:leave", args=[campaign.pk, a.pk])).status_code == 403
    client.force_login(users[2])  # cy is not in the campaign
    assert client.post(reverse("campaigns:leave", args=[campaign.pk, a.pk])).status_code == 404
    a.refresh_from_db()
    assert a.left_at is None
    client.force_login(users[0])  # ana organises
    client.post(reverse("campaigns:leave", args=[campaign.pk, b.pk]))
    b.refresh_from_db()
    assert b.left_at is not None
    assert CampaignEvent.objects.filter(kind="left").get().lines == [
        "ana removed ben (Army) from the campaign."
    ]


def test_only_the_organiser_sets_up_missions(client, game, users):
    campaign, a, b = game
    url = reverse("campaigns:mission_new", args=[campaign.pk])
    client.force_login(users[1])
    assert client.post(url, {"players": [a.pk, b.pk]}).status_code == 403
    page = client.get(reverse("campaigns:detail", args=[campaign.pk])).content.decode()
    assert "mission-setup" not in page
    client.force_login(users[2])
    assert client.post(url, {"players": [a.pk, b.pk]}).status_code == 404
    assert not Mission.objects.filter(campaign=campaign).exists()
    with pytest.raises(services.CampaignForbidden):
        services.mission_setup(campaign=campaign, players=[a, b], die=SeededDie(1), by=users[1])


def test_a_report_is_for_the_missions_players_and_the_organiser(client, ashen, game, users):
    campaign, a, b = game
    cy = users[2]
    c = services.campaign_join(
        campaign=campaign, user=cy, army_list=make_army(ashen, cy, "gutterfleet", "deckhand_mob")
    )
    services.mission_setup(campaign=campaign, players=[a, b], die=SeededDie(1))
    client.force_login(cy)  # in the campaign, not in this mission
    assert client.get(reverse("campaigns:report", args=[campaign.pk, 1])).status_code == 403
    assert c.pk


def test_the_organiser_closes_the_campaign_and_it_becomes_read_only(client, game, users):
    campaign, a, b = game
    client.force_login(users[1])
    assert client.post(reverse("campaigns:close", args=[campaign.pk])).status_code == 403
    client.force_login(users[0])
    client.post(reverse("campaigns:close", args=[campaign.pk]))
    campaign.refresh_from_db()
    assert campaign.closed
    page = client.get(reverse("campaigns:detail", args=[campaign.pk])).content.decode()
    assert "The campaign is closed" in page and "mission-setup" not in page
    refused = act(client, campaign, a, action="disband", unit="u2")
    assert messages_of(refused) == ["Ashfall is closed: it can be read, not changed."]
    with pytest.raises(services.CampaignError):
        services.mission_setup(campaign=campaign, players=[a, b], die=SeededDie(1))


def test_a_second_hero_recruit_after_one_mission_says_why_and_changes_nothing(client, game, users):
    campaign, a, _ = game
    campaign.missions_played = 1
    campaign.save()
    with_bank(a, 1000)
    client.force_login(users[0])
    act(client, campaign, a, action="recruit", datasheet="lantern_marshal")
    before = document(a)
    response = act(client, campaign, a, action="recruit", datasheet="lantern_marshal")
    assert messages_of(response) == [
        "A hero was already recruited after mission 1; at most 1 per mission."
    ]
    a.refresh_from_db()
    assert (document(a), a.bank) == (before, 1000 - 80)


# every kind of event the services record, as the history pages title it
HISTORY_TITLES = {
    "created": "Campaign started",
    "joined": "Joined",
    "adopted": "Army taken as it stood",
    "left": "Left",
    "closed": "Campaign closed",
    "mission-setup": "Set-up",
    "mission-report": "Report",
    "level-up": "Level-up",
    "upgrade": "Purchase",
    "sell": "Sale",
    "recruit": "Recruit",
    "disband": "Disbanded",
    "correction": "Correction",
    "correction-asked": "Correction asked for",
    "correction-proposed": "Correction proposed",
    "correction-declined": "Correction declined",
}


def test_the_history_titles_each_entry_in_players_words(client, game, users):
    """The histories titled each entry by its kind's key ("mission-report", "sell")."""
    from forgebuilder.campaigns.history_page import history_rows

    campaign, _a, b = game
    CampaignPlayer.objects.filter(pk=b.pk).update(bank=300)
    services.army_buy_upgrade(
        player=b, unit_id="u1", option="add_rule.ambush", choice="boarding_torpedo"
    )
    services.army_sell_upgrade(player=b, unit_id="u1", option="add_rule.ambush")
    events = [CampaignEvent(kind=kind, lines=["A line."]) for kind in HISTORY_TITLES]
    assert [row["title"] for row in history_rows(events)] == list(HISTORY_TITLES.values())

    client.force_login(users[0])
    page = client.get(reverse("campaigns:detail", args=[campaign.pk])).content.decode()
    titles = re.findall(r"<li><strong>([^<]+)</strong>", page)
    assert titles == ["Sale", "Purchase", "Joined", "Joined", "Campaign started"], titles
    army = client.get(reverse("campaigns:army", args=[campaign.pk, b.pk])).content.decode()
    assert "<li>Sale: Corsair Captain: sold Boarding torpedo" in army

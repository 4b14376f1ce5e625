"""A player who deletes their account stays in their campaigns' history as a "former player":
their army is kept (and can no longer change), a campaign they organise passes to the next
player, and one nobody can take over goes with them."""

from __future__ import annotations

from django.urls import reverse

from forgebuilder.accounts.deletion import account_delete, account_deletion_preview
from forgebuilder.campaigns import services
from forgebuilder.campaigns.models import Campaign, CampaignEvent, CampaignPlayer
from forgebuilder.lists.models import ArmyList, ShareLink
from forgebuilder.lists.sharing import share_link_create
from forgebuilder.people import FORMER_PLAYER

from .conftest import make_army


def test_a_players_army_stays_in_the_history_as_a_former_players(client, game, users):
    campaign, _a, b = game
    ana, ben, _ = users
    link = share_link_create(army_list=b.army, kind="live")

    account_delete(user=ben)

    seat = CampaignPlayer.objects.get(pk=b.pk)
    assert seat.user is None and seat.left_at is not None and seat.name == FORMER_PLAYER
    army = ArmyList.objects.get(pk=b.army_id)
    assert army.owner is None and army.owner_token == ""
    assert ShareLink.objects.get(pk=link.pk).revoked_at is not None
    client.force_login(ana)
    page = client.get(reverse("campaigns:detail", args=[campaign.pk])).text
    assert f"{FORMER_PLAYER}</a>" in page or f">{FORMER_PLAYER}<" in page
    assert army.name in page
    army_page = client.get(reverse("campaigns:army", args=[campaign.pk, b.pk]))
    assert army_page.status_code == 200 and f"{FORMER_PLAYER}'s army" in army_page.text
    assert CampaignEvent.objects.filter(campaign=campaign, kind="left", player=seat).exists()


def test_the_organiser_leaving_hands_the_campaign_to_the_next_player(game, users):
    campaign, a, _b = game
    ana, ben, _ = users

    assert account_deletion_preview(user=ana).campaigns.handed_over == (("Ashfall", "ben"),)
    account_delete(user=ana)

    assert Campaign.objects.get(pk=campaign.pk).organiser == ben
    assert CampaignPlayer.objects.get(pk=a.pk).name == FORMER_PLAYER
    event = CampaignEvent.objects.get(campaign=campaign, kind="organiser")
    assert event.lines == ["The organiser deleted their account; ben now organises the campaign."]


def test_a_player_still_in_the_campaign_takes_it_over_before_one_who_left(ashen, users):
    ana, ben, cy = users
    campaign = services.campaign_create(organiser=ana, module=ashen, name="Dusk")
    for user in (ben, cy):
        army = make_army(ashen, user, "gutterfleet", "corsair_captain", name=f"{user}'s")
        services.campaign_join(campaign=campaign, user=user, army_list=army)
    services.campaign_leave(player=campaign.players.get(user=ben), by=ben)

    account_delete(user=ana)

    assert Campaign.objects.get(pk=campaign.pk).organiser == cy


def test_a_campaign_nobody_else_can_take_over_is_deleted_with_its_armies(ashen, users):
    ana, ben, _ = users
    campaign = services.campaign_create(organiser=ana, module=ashen, name="Alone")
    army = make_army(ashen, ana, "gutterfleet", "corsair_captain")
    services.campaign_join(campaign=campaign, user=ana, army_list=army)
    other = make_army(ashen, ben, "gutterfleet", "corsair_captain", name="Ben's")

    assert account_deletion_preview(user=ana).campaigns.deleted == ("Alone",)
    account_delete(user=ana)

    assert not Campaign.objects.exists()
    assert list(ArmyList.objects.all()) == [other]


def test_an_administrator_can_delete_an_account_holding_a_campaign_seat(admin_client, game, users):
    _campaign, _a, b = game
    url = reverse("admin:auth_user_delete", args=[users[1].pk])

    confirm = admin_client.get(url)
    assert "kept as a former player&#x27;s army" in confirm.text
    admin_client.post(url, {"post": "yes"})

    assert CampaignPlayer.objects.get(pk=b.pk).user is None
    assert ArmyList.objects.filter(pk=b.army_id).exists()


def test_the_daily_cleanup_keeps_a_former_players_army(game, users):
    from forgebuilder.lists.cleanup import cleanup_expired

    _campaign, _a, b = game
    account_delete(user=users[1])
    ArmyList.objects.filter(pk=b.army_id).update(updated_at="2020-01-01T00:00Z")

    cleanup_expired(retention_days=1)

    assert ArmyList.objects.filter(pk=b.army_id).exists()

"""An invitation survives the way in: anyone with the link sees the campaign, a visitor signs
up or logs in and comes back to it, and an invited player without a list starts one for the
campaign and joins with it."""

from __future__ import annotations

import pytest
from django.urls import reverse

from forgebuilder.campaigns.models import CampaignPlayer
from forgebuilder.lists import edits
from forgebuilder.lists.models import ArmyList
from forgebuilder.lists.services import army_list_edit

pytestmark = pytest.mark.django_db


def test_a_visitor_sees_the_campaign_and_a_way_to_sign_up_that_comes_back(client, game):
    campaign, _a, _b = game
    url = reverse("campaigns:join", args=[campaign.invite_token])

    page = client.get(url).content.decode()

    assert "Join Ashfall" in page
    assert "A campaign of <strong>Ashen Stars</strong>, organised by <strong>ana</strong>" in page
    assert "Playing: ana, ben." in page
    assert f'href="/accounts/signup/?next={url.replace("/", "%2F")}"' in page
    assert f'href="/accounts/login/?next={url.replace("/", "%2F")}"' in page


def test_signing_up_from_an_invitation_comes_back_to_it(client, game):
    campaign, _a, _b = game
    url = reverse("campaigns:join", args=[campaign.invite_token])
    form = {
        "username": "dee",
        "email": "dee@example.com",
        "password1": "pw-12345xyz!",
        "password2": "pw-12345xyz!",
    }

    response = client.post(f"{reverse('accounts:signup')}?next={url}", {**form, "next": url})

    assert response.status_code == 302 and response["Location"] == url


def test_signing_up_never_goes_to_another_site(client, db):
    form = {
        "username": "dee",
        "email": "dee@example.com",
        "password1": "pw-12345xyz!",
        "password2": "pw-12345xyz!",
    }

    response = client.post(reverse("accounts:signup"), {**form, "next": "https://evil.example/"})

    assert response["Location"] == reverse("armylists:my_lists")


def test_an_invited_player_starts_an_army_builds_it_and_joins_with_it(client, game, users):
    campaign, _a, _b = game
    cy = users[2]
    client.force_login(cy)
    url = reverse("campaigns:join", args=[campaign.invite_token])
    assert "You have no Ashen Stars list free to bring yet" in client.get(url).content.decode()

    response = client.post(url, {"action": "start", "faction": "gutterfleet", "name": "Rust"})

    army = ArmyList.objects.get(owner=cy)
    assert response["Location"] == reverse("armylists:editor", args=[army.public_id])
    assert (army.name, army.document["points_limit"]) == ("Rust", 1000)
    editor = client.get(response["Location"]).content.decode()
    assert "You are joining Ashfall" in editor and f'href="{url}"' in editor

    # an empty army cannot join yet, and the page says what to do
    page = client.get(url).content.decode()
    assert "Rust has no unit yet: add the units of your founding army." in page

    def founders(document, catalog):
        document, _ = edits.add_unit(document, catalog, datasheet="corsair_captain", force=None)
        document, _ = edits.add_unit(document, catalog, datasheet="deckhand_mob", force=None)
        return document.model_copy(update={"doctrine": "iron_vigil"})

    army_list_edit(army_list=army, expected_version=None, change=founders, label="built")
    response = client.post(url, {"army": army.pk})

    assert response["Location"] == reverse("campaigns:detail", args=[campaign.pk])
    assert CampaignPlayer.objects.get(campaign=campaign, user=cy).army == army
    assert "You are joining" not in client.get(response["Location"]).content.decode()

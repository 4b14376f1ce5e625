"""Limits on what one client may repeat (issue 23): password-reset mails per client and per
address, new campaigns, and joins, missions, reports and army actions of one player."""

from __future__ import annotations

import pytest
from django.core import mail
from django.urls import reverse

from forgebuilder.campaigns.models import Campaign

RESET = reverse("accounts:password_reset")


def test_one_address_gets_at_most_three_reset_mails_an_hour_from_any_clients(client, ada, settings):
    assert settings.RATE_LIMITS["reset-email"] == (3, 3600)
    answers = [
        client.post(RESET, {"email": ada.email}, REMOTE_ADDR=f"10.1.0.{i}").status_code
        for i in range(5)
    ]

    assert answers == [302, 302, 302, 429, 429]
    assert len(mail.outbox) == 3


def test_one_client_asks_for_at_most_five_resets_an_hour(client, ada, settings):
    assert settings.RATE_LIMITS["reset"] == (5, 3600)
    answers = [
        client.post(RESET, {"email": f"someone{i}@example.com"}).status_code for i in range(6)
    ]

    assert answers == [302] * 5 + [429]
    refused = client.post(RESET, {"email": ada.email})
    assert "Too many password-reset mails from you" in refused.text
    assert mail.outbox == []  # nobody had those addresses; ada's was refused


def test_starting_campaigns_is_limited_per_player(client, ashen, users, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "campaign-create": (2, 3600)}
    client.force_login(users[0])
    answers = [
        client.post(reverse("campaigns:list"), {"name": f"C{i}", "module": ashen.pk}).status_code
        for i in range(3)
    ]

    assert answers == [302, 302, 429]
    assert Campaign.objects.count() == 2


@pytest.mark.parametrize("action", ["mission_new", "army_action", "close"])
def test_campaign_actions_are_limited_per_player(client, game, users, settings, action):
    campaign, a, _b = game
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "campaign": (1, 3600)}
    client.force_login(users[0])
    url = {
        "mission_new": reverse("campaigns:mission_new", args=[campaign.pk]),
        "army_action": reverse("campaigns:army_action", args=[campaign.pk, a.pk]),
        "close": reverse("campaigns:close", args=[campaign.pk]),
    }[action]
    client.post(reverse("campaigns:join", args=[campaign.invite_token]), {"army": "0"})

    refused = client.post(url, {"action": "level", "unit": "u1"})

    assert refused.status_code == 429
    assert "Too many campaign actions from you" in refused.text
    assert Campaign.objects.get(pk=campaign.pk).closed_at is None

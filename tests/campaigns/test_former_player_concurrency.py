"""A campaign's organiser and the player who would take it over delete their accounts at once:
both go, without an error, and no campaign is left with nobody to run it (PostgreSQL only)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from forgebuilder.accounts.deletion import account_delete
from forgebuilder.campaigns.models import Campaign, CampaignPlayer
from forgebuilder.lists.models import ArmyList
from tests.concurrency import POSTGRES_ONLY, at_once

pytestmark = POSTGRES_ONLY


@pytest.mark.parametrize("trial", range(4))
def test_the_organiser_and_the_heir_deleting_accounts_at_once_leave_no_campaign(game, users, trial):
    ana, ben, cy = users

    answers = at_once(lambda: account_delete(user=ana), lambda: account_delete(user=ben))

    assert not [a for a in answers if isinstance(a, Exception)], answers
    assert not Campaign.objects.exists()  # nobody with an account is left to run it
    assert not CampaignPlayer.objects.exists()
    assert not ArmyList.objects.exists()
    assert get_user_model().objects.get() == cy

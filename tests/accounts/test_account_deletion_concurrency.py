"""Two tabs deleting one account at once: both end logged out, without an error (the campaign
side is in tests/campaigns/test_former_player_concurrency.py).

PostgreSQL only (tests/concurrency.py)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from tests.concurrency import POSTGRES_ONLY, at_once, client_of

from .conftest import PASSWORD

pytestmark = POSTGRES_ONLY


@pytest.mark.parametrize("trial", range(3))
def test_two_tabs_deleting_one_account_both_end_logged_out(ada, trial):
    first, second = client_of(ada), client_of(ada)
    url = reverse("accounts:delete")

    answers = at_once(
        lambda: first.post(url, {"password": PASSWORD}),
        lambda: second.post(url, {"password": PASSWORD}),
    )

    assert [getattr(a, "status_code", a) for a in answers] == [302, 302]
    assert not get_user_model().objects.filter(pk=ada.pk).exists()

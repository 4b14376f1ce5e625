"""Two tabs creating lists at once pick their names one after the other, so they never end up
with one name twice. Needs PostgreSQL's locks (SQLite serialises every write)."""

from __future__ import annotations

import json

import pytest

from forgebuilder.lists.models import ArmyList
from tests.concurrency import POSTGRES_ONLY, at_once, client_of

from .test_list_names import IMPORT

pytestmark = POSTGRES_ONLY


@pytest.mark.parametrize("trial", range(3))
def test_two_tabs_importing_one_list_at_once_get_two_names(
    django_user_model, mini_module, mini_list, trial
):
    user = django_user_model.objects.create_user(f"player{trial}", password="x")
    tabs = [client_of(user), client_of(user)]
    pasted = json.dumps(mini_list)

    results = at_once(*(lambda tab=tab: tab.post(IMPORT, {"document": pasted}) for tab in tabs))

    assert [r.status_code for r in results] == [302, 302]
    names = sorted(ArmyList.objects.filter(owner=user).values_list("name", flat=True))
    assert names == ["River Patrol", "River Patrol (2)"]

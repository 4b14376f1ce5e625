"""A player never has two lists of one name: the same list imported or copied again becomes
"name (2)", "name (3)"..., whoever else has a list of that name."""

from __future__ import annotations

import json

from django.test import Client
from django.urls import reverse

from forgebuilder.lists.models import ArmyList
from forgebuilder.lists.services import army_list_delete

from .helpers import session_owner

IMPORT = reverse("armylists:import")


def import_list(client, data: dict) -> str:
    response = client.post(IMPORT, {"document": json.dumps(data)})
    assert response.status_code == 302, response.content.decode()[:500]
    return ArmyList.objects.order_by("-pk").values_list("name", flat=True)[0]


def test_importing_one_list_again_numbers_the_new_copy(client, mini_module, mini_list):
    session_owner(client)

    names = [import_list(client, mini_list) for _ in range(4)]

    assert names == ["River Patrol", "River Patrol (2)", "River Patrol (3)", "River Patrol (4)"]
    shown = client.get(
        reverse("armylists:editor", args=[ArmyList.objects.order_by("-pk")[0].public_id])
    )
    assert "Imported “River Patrol (4)”" in shown.content.decode()


def test_a_numbered_name_imported_again_takes_the_next_number(client, mini_module, mini_list):
    session_owner(client)
    import_list(client, mini_list)
    import_list(client, mini_list)  # River Patrol (2)

    # the exported "River Patrol (2)" read back is a third list, not "River Patrol (2) (2)"
    assert import_list(client, {**mini_list, "name": "River Patrol (2)"}) == "River Patrol (3)"


def test_a_list_in_the_bin_keeps_its_name_taken(client, mini_module, mini_list):
    session_owner(client)
    import_list(client, mini_list)
    army_list_delete(army_list=ArmyList.objects.get())

    # restoring it would otherwise give two lists of one name
    assert import_list(client, mini_list) == "River Patrol (2)"


def test_another_players_list_of_that_name_does_not_count(client, mini_module, mini_list):
    other = Client()
    session_owner(other)
    import_list(other, mini_list)
    session_owner(client)

    assert import_list(client, mini_list) == "River Patrol"


def test_a_long_name_keeps_its_number_within_the_limit(client, mini_module, mini_list):
    session_owner(client)
    long = {**mini_list, "name": "L" * 120}
    import_list(client, long)

    name = import_list(client, long)

    assert name == "L" * 116 + " (2)"

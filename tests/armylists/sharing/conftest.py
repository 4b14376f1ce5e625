from __future__ import annotations

import pytest
from django.test import Client

from factions.catalog import catalog_for
from forgebuilder.lists import edits
from forgebuilder.lists.models import ArmyList
from forgebuilder.lists.ownership import SESSION_KEY, Owner
from forgebuilder.lists.services import army_list_create, army_list_edit


@pytest.fixture
def owner_client(db) -> Client:
    client = Client()
    session = client.session
    session[SESSION_KEY] = "owner-token"
    session.save()
    return client


@pytest.fixture
def army_list(mini_module) -> ArmyList:
    """A Millford list with a Captain and Spearmen, owned by `owner_client`'s session."""
    catalog = catalog_for(mini_module)
    document = edits.new_document(
        catalog, faction="millford", name="River Guard", points_limit=150, casual=False
    )
    army_list = army_list_create(
        owner=Owner(None, "owner-token"), catalog=catalog, document=document
    )
    for sheet in ("captain", "spearmen"):
        army_list_edit(
            army_list=army_list,
            expected_version=None,
            change=lambda doc, cat, sheet=sheet: edits.add_unit(
                doc, cat, datasheet=sheet, force="f1"
            )[0],
            label="add",
        )
    army_list.refresh_from_db()
    return army_list


def add_unit(army_list: ArmyList, sheet: str) -> None:
    army_list_edit(
        army_list=army_list,
        expected_version=None,
        change=lambda doc, cat: edits.add_unit(doc, cat, datasheet=sheet, force="f1")[0],
        label="add",
    )
    army_list.refresh_from_db()

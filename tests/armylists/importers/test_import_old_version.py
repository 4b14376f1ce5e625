"""A list exported on an older version of its game and imported after the game moved on is
read against the data it was made with (an option the new version lacks is no error), keeps
its version, and is offered the update with what it changes, over every starter module and
every Battle Forge module."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from forgebuilder.lists.data_updates import data_update
from forgebuilder.lists.importers.detect import read_import
from forgebuilder.lists.models import ArmyList
from forgebuilder.lists.ownership import Owner
from forgebuilder.lists.selectors import evaluated_list
from forgebuilder.lists.services import army_list_create
from tests.armylists.test_data_updates import built_on_old_version
from tests.factions.test_module_versions import BATTLE_FORGE, STARTERS

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("name", STARTERS + BATTLE_FORGE)
def test_an_old_export_imports_on_its_version_and_is_offered_the_update(name):
    army_list, _, _ = built_on_old_version(name)
    exported = json.dumps(army_list.document)  # made on 7.1; the module is 7.2 now

    outcome = read_import(exported)

    assert outcome.document.module_version == "7.1"
    current = evaluated_list(army_list=army_list).catalog
    imported = army_list_create(owner=Owner(None, "t"), catalog=current, document=outcome.document)
    update = data_update(evaluated_list(army_list=imported))
    assert update is not None and (update.built_on, update.current) == ("7.1", "7.2")
    assert update.dropped  # the option 7.2 no longer has is named, not refused


def test_the_import_page_opens_the_list_with_its_banner(client):
    army_list, _, _ = built_on_old_version(STARTERS[0])
    answer = client.post(reverse("armylists:import"), {"document": json.dumps(army_list.document)})
    assert answer.status_code == 302
    imported = ArmyList.objects.exclude(pk=army_list.pk).get()
    page = client.get(answer.url).content.decode()
    assert imported.document["module_version"] == "7.1"
    assert 'id="data-update"' in page and "7.2 changed" in page

"""Version 2 of the list document: notes, a focus per force, campaign state, and the converter."""

from __future__ import annotations

import importlib

import pytest
from django.apps import apps
from django.test import Client
from django.urls import reverse

from forgebuilder.engine.listdoc import VERSION, ListDocument, upgrade
from forgebuilder.lists.documents import DocumentError, parse_document
from forgebuilder.lists.models import ArmyList, ListRevision, ShareLink

V1 = {
    "format": "forgebuilder-list",
    "version": 1,
    "name": "Ständige Wacht · 川",
    "module": "mini-vale",
    "faction": "millford",
    "focus": "watch",
    "points_limit": 150,
    "forces": [
        {"id": "f1", "organization": "patrol", "faction": "millford"},
        {"id": "f2", "organization": "vanguard", "faction": "free_blades"},
        {"id": "f3", "organization": "patrol", "faction": "millford"},
    ],
    "units": [{"id": "u1", "datasheet": "captain", "force": "f1", "name": "Hale"}],
    "legends": [{"legend": "old_banner", "unit": "u1"}],
}


def test_the_current_version_is_2():
    assert VERSION == 2
    assert ListDocument(module="m", faction="a", points_limit=1).version == 2


def test_a_version_1_document_moves_its_focus_onto_its_own_factions_forces():
    document = ListDocument.model_validate(V1)

    assert document.version == 2
    assert [(f.id, f.focus) for f in document.forces] == [
        ("f1", "watch"),
        ("f2", None),  # an allied force had no focus in version 1
        ("f3", "watch"),
    ]
    assert document.focus == "watch", "the list keeps its focus as the default for new forces"
    assert document.name == V1["name"]
    assert document.units[0].notes == "" and document.units[0].campaign is None
    assert document.notes == ""


def test_a_document_without_a_version_is_read_as_version_1():
    data = {k: v for k, v in V1.items() if k != "version"}
    assert ListDocument.model_validate(data).forces[0].focus == "watch"


def test_the_converter_keeps_everything_else_and_leaves_the_input_alone():
    before = {**V1, "forces": [dict(f) for f in V1["forces"]]}
    upgraded = upgrade(before)
    assert before == {**V1, "forces": [dict(f) for f in V1["forces"]]}, "input not mutated"
    assert {k: v for k, v in upgraded.items() if k not in ("version", "forces")} == {
        k: v for k, v in V1.items() if k not in ("version", "forces")
    }


def test_a_version_2_document_is_not_converted_again():
    data = {**V1, "version": 2, "forces": [{"id": "f1", "faction": "millford"}]}
    assert upgrade(data) is data
    assert ListDocument.model_validate(data).forces[0].focus is None


def test_converting_is_idempotent_through_json():
    once = ListDocument.model_validate(V1).to_json()
    assert ListDocument.model_validate(once).to_json() == once


def test_an_unknown_version_is_refused_with_its_path():
    with pytest.raises(DocumentError) as caught:
        parse_document({**V1, "version": 7})
    assert caught.value.problems[0].path == "version"


def test_notes_hold_up_to_2000_characters_on_the_list_and_each_unit():
    unit = {**V1["units"][0], "notes": "n" * 2000}
    ListDocument.model_validate({**V1, "notes": "x" * 2000, "units": [unit]})
    with pytest.raises(DocumentError) as caught:
        parse_document({**V1, "units": [{**unit, "notes": "n" * 2001}]})
    assert caught.value.problems[0].path == "units[0].notes"
    assert "2000" in caught.value.problems[0].message


def test_campaign_state_is_validated_and_a_hero_joins_only_a_unit_of_the_list():
    hero = {
        **V1["units"][0],
        "campaign": {"xp": 7, "level": 1, "traits": ["leader"], "joined": "u2"},
    }
    squad = {"id": "u2", "datasheet": "spearmen", "force": "f1", "campaign": {"xp": 2}}
    document = ListDocument.model_validate({**V1, "units": [hero, squad]})
    assert document.units[0].campaign.joined == "u2"
    assert document.units[1].campaign.status == "active"

    with pytest.raises(DocumentError) as caught:
        parse_document({**V1, "units": [{**hero, "campaign": {"joined": "u9"}}]})
    assert "joined unit 'u9', which the list lacks" in caught.value.problems[0].message
    with pytest.raises(DocumentError) as caught:
        parse_document({**V1, "units": [{**hero, "campaign": {"status": "lost"}}]})
    assert caught.value.problems[0].path == "units[0].campaign.status"
    with pytest.raises(DocumentError):
        parse_document({**V1, "units": [{**hero, "campaign": {"xp": -1}}]})


def test_validate_api_takes_both_versions(mini_module, mini_list):
    client = Client()
    for version in (1, 2):
        response = client.post(
            reverse("armylists:api_validate"),
            {**mini_list, "version": version},
            content_type="application/json",
        )
        assert response.status_code == 200, response.content


def test_the_data_migration_upgrades_stored_lists_revisions_and_snapshots(mini_module, mini_list):
    from factions.catalog import catalog_for
    from forgebuilder.lists.ownership import Owner
    from forgebuilder.lists.services import army_list_create

    v1 = {**mini_list, "focus": "watch"}
    army_list = army_list_create(
        owner=Owner(None, "s"),
        catalog=catalog_for(mini_module),
        document=ListDocument.model_validate(v1),
    )
    ArmyList.objects.filter(pk=army_list.pk).update(document=v1)
    ListRevision.objects.create(army_list=army_list, document=v1, label="add")
    ShareLink.objects.create(army_list=army_list, kind=ShareLink.SNAPSHOT, document=v1, token="t")

    migration = importlib.import_module(
        "forgebuilder.lists.migrations.0002_list_documents_version_2"
    )
    migration.upgrade_stored_documents(apps, None)

    stored = [
        ArmyList.objects.get(pk=army_list.pk).document,
        ListRevision.objects.get(army_list=army_list).document,
        ShareLink.objects.get(token="t").document,
    ]
    for document in stored:
        assert document["version"] == 2
        assert document["forces"][0]["focus"] == "watch"

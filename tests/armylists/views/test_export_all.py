"""A player downloads every list they have in one file, which the import page reads back."""

from __future__ import annotations

import json

from django.urls import reverse

from forgebuilder.lists.documents import parse_document
from forgebuilder.lists.models import ArmyList
from forgebuilder.lists.services import army_list_delete

EXPORT = reverse("armylists:export_all")


def test_every_list_of_the_player_and_no_one_elses_is_in_the_file(
    client, owner, stranger, make_list
):
    mine = [make_list(owner=owner, name=name) for name in ("Vorhut", "Дружина")]
    binned = make_list(owner=owner, name="Old")
    army_list_delete(army_list=binned)
    make_list(owner=stranger, name="Not mine")

    response = client.get(EXPORT)

    assert response.status_code == 200
    assert response["Content-Disposition"] == 'attachment; filename="forgebuilder-lists.json"'
    assert response["Cache-Control"] == "no-store"
    exported = json.loads(response.content)
    assert exported["format"] == "forgebuilder-lists"
    assert sorted(d["name"] for d in exported["lists"]) == sorted(a.name for a in mine)
    for document in exported["lists"]:
        parse_document(document)  # each reads back as a list document


def test_each_exported_list_imports_again(client, owner, make_list):
    make_list(owner=owner, name="Round trip")
    document = json.loads(client.get(EXPORT).content)["lists"][0]

    client.post(reverse("armylists:import"), {"document": json.dumps(document)})

    # the copy read back sits beside the list it came from, told apart by its name
    names = sorted(ArmyList.objects.values_list("name", flat=True))
    assert names == ["Round trip", "Round trip (2)"]


def test_my_lists_offers_the_download_once_there_is_a_list(client, owner, make_list):
    assert EXPORT not in client.get(reverse("armylists:my_lists")).content.decode()
    make_list(owner=owner)
    assert f'href="{EXPORT}" download' in client.get(reverse("armylists:my_lists")).content.decode()

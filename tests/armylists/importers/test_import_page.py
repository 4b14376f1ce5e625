"""The import page: the format is recognised and named, unmatched parts are listed and only
imported on confirmation, and oversized pastes are refused before they are read."""

from __future__ import annotations

import html
import json
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from forgebuilder.engine.listdoc import ListDocument
from forgebuilder.engine.rules import resolve
from forgebuilder.lists.models import ArmyList
from tests.conftest import SHARED

from .conftest import MIT_LISTS, app_list

IMPORT = reverse("armylists:import")


def test_a_battle_forge_list_that_matches_is_created_and_named(client, import_bf_module):
    catalog = import_bf_module("space-wars")
    data = app_list(MIT_LISTS["space-wars"])

    response = client.post(IMPORT, {"document": json.dumps(data, ensure_ascii=False)})

    army_list = ArmyList.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("armylists:editor", args=[army_list.public_id])
    page = client.get(response["Location"]).content.decode()
    assert "Read as: Battle Forge app list." in page
    assert army_list.name == "Империя: 1000"
    document = ListDocument.model_validate(army_list.document)
    assert army_list.points == resolve(document, catalog).points


def test_unmatched_parts_are_listed_and_nothing_is_created_until_confirmed(
    client, import_bf_module
):
    import_bf_module("space-wars")
    data = app_list(MIT_LISTS["space-wars"])
    data["forces"][0]["units"].append({"id": "death_star", "selectedOptions": []})
    pasted = json.dumps(data, ensure_ascii=False)

    response = client.post(IMPORT, {"document": pasted})

    assert response.status_code == 200
    page = response.content.decode()
    assert "Read as: Battle Forge app list" in page
    assert "force 1, unit 4" in page and "unit &#x27;death_star&#x27; is not in" in page
    assert not ArmyList.objects.exists()

    response = client.post(IMPORT, {"document": pasted, "confirm": "rest"})

    army_list = ArmyList.objects.get()
    assert response.status_code == 302
    assert army_list.unit_count == 3
    assert "1 part left out" in client.get(response["Location"]).content.decode()


def test_a_ten_megabyte_paste_is_refused_before_it_is_read(client, db):
    response = client.post(IMPORT, {"document": "x" * 10_000_000})

    assert response.status_code == 413
    assert "larger than 1 MB" in response.content.decode()
    assert not ArmyList.objects.exists()


def test_text_that_is_no_list_is_refused_with_what_the_page_reads(client, db):
    response = client.post(IMPORT, {"document": "hello there"})

    assert response.status_code == 400
    assert "not a list this page can read" in response.content.decode()
    assert not ArmyList.objects.exists()


def test_a_battle_forge_list_goes_back_to_the_app_as_a_file_and_a_link(client, import_bf_module):
    from forgebuilder.lists.importers.battleforge_app import decode_share_link

    import_bf_module("fantasy-realms")
    data = app_list(MIT_LISTS["fantasy-realms"])
    client.post(IMPORT, {"document": json.dumps(data)})
    army_list = ArmyList.objects.get()
    editor = client.get(reverse("armylists:editor", args=[army_list.public_id])).content.decode()
    assert "Download for the app" in editor

    file = client.get(reverse("armylists:battleforge_file", args=[army_list.public_id]))
    page = client.get(reverse("armylists:battleforge_link", args=[army_list.public_id]))

    exported = json.loads(file.content)
    assert file["Content-Disposition"].endswith("-battleforge.json")  # its name is Japanese
    assert [u["id"] for u in exported["forces"][0]["units"]] == [
        u["id"] for u in data["forces"][0]["units"]
    ]
    link = html.unescape(
        re.search(r'id="battleforge-link"[^>]*>([^<]*)<', page.content.decode())[1]
    )
    assert decode_share_link(link) == exported


def test_the_link_page_names_what_the_app_has_no_place_for(client, import_bf_module):
    import_bf_module("fantasy-realms")
    client.post(IMPORT, {"document": json.dumps(app_list(MIT_LISTS["fantasy-realms"]))})
    army_list = ArmyList.objects.get()
    link_page = reverse("armylists:battleforge_link", args=[army_list.public_id])
    assert "battleforge-left-behind" not in client.get(link_page).content.decode()

    document = army_list.document
    document["casual"] = True
    document["notes"] = f"{document['notes']}\nBring the blue dice."
    document["units"][1]["notes"] = "Ambushes."
    army_list.save()
    page = html.unescape(client.get(link_page).content.decode())

    assert (
        "The app's list has no place for its casual mark; its notes; the notes of 1 unit. They "
        "stay on the list here"
    ) in page


def test_a_battlescribe_roster_uploaded_or_pasted_is_read_and_nothing_is_created(client, db):
    """A roster of a game not hosted here is shown as read, with the offer to keep it as a
    foreign roster (tests/rosters/); no list is made of it."""
    rosters = SHARED / "interop" / "battlescribe"
    zipped, plain = rosters / "AoS4" / "Belakor and Fiends.rosz", rosters / "mesbg"
    if not zipped.is_file() or not (plain / "MESBG Mordor 750 With Troll.ros").is_file():
        pytest.skip(f"BattleScribe rosters not found in {rosters}")
    upload = SimpleUploadedFile("army.rosz", zipped.read_bytes(), "application/octet-stream")
    pasted = (plain / "MESBG Mordor 750 With Troll.ros").read_text(encoding="utf-8")

    uploaded = client.post(IMPORT, {"file": upload})
    pasted = client.post(IMPORT, {"document": pasted})

    assert uploaded.status_code == pasted.status_code == 200
    assert "Read: “Belakor and Fiends”" in html.unescape(uploaded.content.decode())
    assert "Read: “MESBG Mordor 750 With Troll”" in html.unescape(pasted.content.decode())
    assert "Keep as a foreign roster" in html.unescape(pasted.content.decode())
    assert not ArmyList.objects.exists()


def test_a_damaged_roster_is_refused_with_its_place(client, db):
    cut = '<?xml version="1.0"?>\n<roster xmlns="http://www.battlescribe.net/schema/rosterSchema"'

    response = client.post(IMPORT, {"document": cut + ' battleScribeVersion="2.03"><forces>'})

    assert response.status_code == 400
    assert "cut off or malformed" in html.unescape(response.content.decode())
    assert "line 2, column" in response.content.decode()

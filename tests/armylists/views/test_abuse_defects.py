"""Regression tests for issue 14, defects 2-7: inputs at and past every limit get a clear
message, never a 500, and nothing is half-written."""

from __future__ import annotations

import json

import pytest
from django.contrib.sessions.models import Session
from django.urls import reverse

from forgebuilder.engine.listdoc import MAX_FORCES, MAX_LEGENDS, MAX_UNITS
from forgebuilder.lists import edits
from forgebuilder.lists.models import ArmyList, ShareLink
from forgebuilder.numbers import parse_whole_number
from forgebuilder.printing.options import ExportOptionError, token_size_from

from .helpers import HTMX


def _post(client, army_list, path, **data):
    url = reverse("armylists:editor", args=[army_list.public_id]) + path
    return client.post(url, {"version": army_list.version, **data}, headers=HTMX)


def _full(make_list, owner, *, units=0, forces=1, legends=0):
    """A stored list already holding `units` units, `forces` forces and `legends` legends."""
    army_list = make_list(owner=owner, units=(), legends=(), specialties={})
    document = dict(army_list.document)
    document["forces"] = [
        {"id": f"f{i}", "organization": "patrol", "faction": "millford"}
        for i in range(1, forces + 1)
    ]
    document["units"] = [
        {"id": f"u{i}", "datasheet": "spearmen", "force": "f1"} for i in range(1, units + 1)
    ]
    document["legends"] = [{"legend": "old_banner"} for _ in range(legends)]
    ArmyList.objects.filter(pk=army_list.pk).update(document=document)
    army_list.refresh_from_db()
    return army_list


@pytest.mark.parametrize(
    ("state", "path", "data", "message"),
    [
        ({"units": MAX_UNITS}, "units/add", {"datasheet": "spearmen", "force": "f1"}, "400 units"),
        ({"units": MAX_UNITS}, "units/u1/duplicate", {}, "400 units"),
        ({"forces": MAX_FORCES}, "forces/add", {"organization": "millford/patrol"}, "40 force"),
        ({"legends": MAX_LEGENDS}, "legends/add", {"legend": "old_banner"}, "50 legends"),
    ],
    ids=["401st unit added", "401st unit duplicated", "41st force", "51st legend"],
)
def test_an_edit_past_a_size_limit_is_refused_with_the_limit_and_saves_nothing(
    client, owner, make_list, state, path, data, message
):
    army_list = _full(make_list, owner, **state)
    before = (army_list.version, army_list.document)

    response = _post(client, army_list, path, **data)

    assert response.status_code == 400
    assert f"A list holds at most {message}" in response.text
    army_list.refresh_from_db()
    assert (army_list.version, army_list.document) == before
    assert not army_list.revisions.exists()


def test_the_last_unit_under_the_limit_is_still_added(client, owner, make_list):
    army_list = _full(make_list, owner, units=MAX_UNITS - 1)

    response = _post(client, army_list, "units/add", datasheet="spearmen", force="f1")

    assert response.status_code == 200
    army_list.refresh_from_db()
    assert army_list.unit_count == MAX_UNITS


def test_an_option_count_past_the_document_cap_is_refused_in_the_editor(mini_catalog):
    document = edits.new_document(
        mini_catalog, faction="millford", name="x", points_limit=None, casual=False
    )
    document, unit_id = edits.add_unit(document, mini_catalog, datasheet="spearmen", force="f1")

    with pytest.raises(edits.EditError, match="at most 1000 times"):
        edits.set_option(
            document, mini_catalog, unit_id=unit_id, option="spearman.replace_weapon.spear",
            choice="crossbow", count=1001,
        )  # fmt: skip
    with pytest.raises(edits.EditError, match="at most 1000 models"):
        edits.set_model_count(document, mini_catalog, unit_id=unit_id, model="spearman", count=1001)


def test_an_import_with_too_many_models_is_imported_and_flagged(client, db, mini_module, mini_list):
    mini_list["units"][1]["models"] = {"spearman": 30}

    response = client.post(
        reverse("armylists:import"), {"document": json.dumps(mini_list)}, follow=True
    )

    assert response.status_code == 200
    assert ArmyList.objects.count() == 1
    assert "units[1].models.spearman: 30 Spearm" in response.text
    assert "allows at most 10" in response.text


@pytest.mark.parametrize("size", ["²", "¹", "①", "٣٢", "3_2", "+25", "25.0", "9" * 40])
def test_a_token_size_that_is_not_ascii_digits_is_refused_plainly(size):
    with pytest.raises(ExportOptionError, match="Unknown token size"):
        token_size_from(size)


@pytest.mark.parametrize(
    ("raw", "expected"),
    [("25", 25), (" 7 ", 7), ("-1", None), ("²", None), ("٣", None), ("1_0", None), ("", None)],
)
def test_whole_numbers_are_ascii_digits_only(raw, expected):
    assert parse_whole_number(raw) == expected


@pytest.mark.pdf
def test_a_shared_token_sheet_with_a_superscript_size_is_a_400(client, army_list):
    link = ShareLink.objects.create(army_list=army_list, kind=ShareLink.LIVE)

    response = client.get(reverse("armylists:shared_tokens_pdf", args=[link.token]) + "?size=²")

    assert response.status_code == 400
    assert "Unknown token size" in response.text


def test_an_edit_count_in_other_digits_is_refused(client, army_list):
    response = _post(client, army_list, "units/u2/models", model="spearman", count="٦")

    assert response.status_code == 400
    assert "must be a whole number" in response.text


NUL_NAMES = ["Bad\x00name", "Bell\x07", "C1\x85control"]


@pytest.mark.parametrize("name", NUL_NAMES)
def test_settings_refuse_control_characters(client, army_list, name):
    before = army_list.document

    response = _post(client, army_list, "settings", name=name, points_limit=150)

    assert response.status_code == 400
    assert "control character" in response.text
    army_list.refresh_from_db()
    assert army_list.document == before


@pytest.mark.parametrize("name", NUL_NAMES)
def test_unit_rename_refuses_control_characters(client, army_list, name):
    response = _post(client, army_list, "units/u1/rename", name=name)

    assert response.status_code == 400
    assert "control character" in response.text
    army_list.refresh_from_db()
    assert army_list.document["units"][0]["name"] == ""


def test_list_rename_refuses_control_characters(client, army_list):
    response = client.post(
        reverse("armylists:rename", args=[army_list.public_id]), {"name": "a\x00b"}
    )

    assert response.status_code == 400
    army_list.refresh_from_db()
    assert "\x00" not in army_list.name


@pytest.mark.parametrize("where", ["name", "notes", "unit name", "unit notes"])
def test_an_import_with_control_characters_is_refused_saying_where(
    client, db, mini_module, mini_list, where
):
    if where in ("name", "notes"):
        mini_list[where] = "River\x00Patrol"
    else:
        mini_list["units"][0][where.split()[1]] = "Cap\x00tain"

    response = client.post(reverse("armylists:import"), {"document": json.dumps(mini_list)})

    assert response.status_code == 400
    assert "control character (U+0000)" in response.text
    assert not ArmyList.objects.exists()


def test_notes_keep_line_breaks_and_tabs(client, db, mini_module, mini_list):
    mini_list["notes"] = "Line one\n\tLine two\r\n"

    client.post(reverse("armylists:import"), {"document": json.dumps(mini_list)})

    assert ArmyList.objects.get().document["notes"] == "Line one\n\tLine two\r\n"


@pytest.mark.parametrize(
    "path",
    [
        "/lists/",
        "/lists/nothing-here/",
        "/lists/nothing/export.json",
        "/lists/nothing/table/",
        "/lists/nothing/match/",
        "/lists/nothing/battleforge.json",
    ],
)
def test_reading_pages_without_a_cookie_creates_no_session(client, db, path):
    client.get(path)

    assert Session.objects.count() == 0
    assert "sessionid" not in client.cookies


def test_deleting_a_list_revokes_its_share_links_and_restoring_does_not_bring_them_back(
    client, army_list
):
    link = ShareLink.objects.create(army_list=army_list, kind=ShareLink.LIVE)
    shared = reverse("armylists:shared", args=[link.token])

    client.post(reverse("armylists:delete", args=[army_list.public_id]))
    client.post(reverse("armylists:restore", args=[army_list.public_id]))

    assert client.get(shared).status_code == 404
    link.refresh_from_db()
    assert link.revoked_at is not None
    assert not ArmyList.objects.get(pk=army_list.pk).deleted_at


@pytest.mark.parametrize("endpoint", ["armylists:api_validate", "armylists:api_match"])
def test_an_api_body_over_the_upload_limit_gets_the_json_error(client, db, settings, endpoint):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000

    response = client.post(reverse(endpoint), "x" * 5000, content_type="application/json")

    assert response.status_code == 400
    [error] = response.json()["errors"]
    assert "larger than this site accepts" in error["message"]
    assert (error["code"], error["hint"]) == ("too-large", "Send a list of under 1 MB.")


def test_an_import_over_the_upload_limit_shows_the_form_with_the_message(client, db, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000

    response = client.post(reverse("armylists:import"), {"document": "x" * 5000})

    assert response.status_code == 400
    assert "larger than this site accepts" in response.text
    assert 'name="document"' in response.text

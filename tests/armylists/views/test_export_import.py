"""The JSON export of a list, and the import page that reads it back.

An import checks everything first: a file that cannot be read, or names something its module
lacks, gets 400 with a message naming each thing that could not be matched, and creates nothing.
"""

from __future__ import annotations

import json
import re
from html import unescape

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from forgebuilder.lists.models import ArmyList
from forgebuilder.lists.services import army_list_delete

from .helpers import session_owner, shows

IMPORT = reverse("armylists:import")


def export_url(army_list) -> str:
    return reverse("armylists:export_json", args=[army_list.public_id])


def problems_shown(response) -> list[str]:
    """The problems listed on the import page, as text."""
    html = response.text
    block = html[html.index('<ul class="errorlist">') :]
    block = block[: block.index("</ul>")]
    return [unescape(re.sub(r"<[^>]+>", "", item)).strip() for item in block.split("<li>")[1:]]


def upload(client, content: bytes | str, name: str = "list.json"):
    if isinstance(content, str):
        content = content.encode()
    file = SimpleUploadedFile(name, content, content_type="application/json")
    return client.post(IMPORT, {"file": file})


# ---- export ------------------------------------------------------------------------------


def test_the_export_is_the_list_document_as_a_download(client, army_list):
    response = client.get(export_url(army_list))

    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert response["Content-Disposition"] == 'attachment; filename="bridge-watch-150pts.json"'
    assert json.loads(response.content) == army_list.document


@pytest.mark.parametrize(
    ("name", "filename"),
    [
        ('The "Bridge"; Watch', 'filename="the-bridge-watch-150pts.json"'),  # no quote ends it
        ("<script>alert(1)</script>", 'filename="scriptalert1script-150pts.json"'),
        ("!!!", 'filename="list-150pts.json"'),  # nothing left to slugify
        # other alphabets keep their letters, as RFC 6266's UTF-8 file name
        ("Rôdeurs du Nord", "filename*=utf-8''r%C3%B4deurs-du-nord-150pts.json"),
        ("Дружина", "filename*=utf-8''%D0%B4%D1%80%D1%83%D0%B6%D0%B8%D0%BD%D0%B0-150pts.json"),
        ("血の宮廷", "filename*=utf-8''%E8%A1%80%E3%81%AE%E5%AE%AE%E5%BB%B7-150pts.json"),
    ],
)
def test_the_export_file_name_is_made_safe(client, owner, make_list, name, filename):
    army_list = make_list(owner=owner, name=name)

    response = client.get(export_url(army_list))

    assert response["Content-Disposition"] == f"attachment; {filename}"


def test_the_export_keeps_non_ascii_names_readable(client, owner, make_list):
    army_list = make_list(owner=owner, name="Rôdeurs du Nord")

    response = client.get(export_url(army_list))

    assert "Rôdeurs du Nord" in response.content.decode()


def test_someone_elses_list_cannot_be_exported(client, owner, strangers_list):
    assert client.get(export_url(strangers_list)).status_code == 404


def test_a_deleted_list_cannot_be_exported(client, army_list):
    army_list_delete(army_list=army_list)

    assert client.get(export_url(army_list)).status_code == 404


def test_an_exported_list_imports_as_the_same_list(client, army_list):
    exported = client.get(export_url(army_list)).content
    elsewhere = Client()
    owner = session_owner(elsewhere)

    response = upload(elsewhere, exported)

    copy = ArmyList.objects.exclude(pk=army_list.pk).get()
    assert response.status_code == 302
    assert response["Location"] == reverse("armylists:editor", args=[copy.public_id])
    assert copy.document == army_list.document
    assert copy.owner_token == owner.token
    assert (copy.points, copy.legal, copy.unit_count) == (100, True, 3)
    assert shows(elsewhere.get(response["Location"]), "Imported “Bridge Watch”.")


# ---- import ------------------------------------------------------------------------------


@pytest.fixture
def document(army_list) -> dict:
    """A list file to import, as exported; the exported list is then deleted from the database
    so that a failed import is seen by ArmyList.objects being empty."""
    data = json.loads(json.dumps(army_list.document))
    army_list.delete()
    return data


def test_the_import_page_offers_a_file_and_a_text_box(client, db):
    response = client.get(IMPORT)

    assert response.status_code == 200
    assert 'enctype="multipart/form-data"' in response.text
    assert 'name="file"' in response.text and 'name="document"' in response.text


def test_a_pasted_document_is_imported(client, document):
    response = client.post(IMPORT, {"document": json.dumps(document)})

    assert response.status_code == 302
    assert ArmyList.objects.get().document == document


def test_an_import_belongs_to_the_signed_in_user(client, document, django_user_model):
    user = django_user_model.objects.create_user("ada", "ada@example.com", "x-long-pass-9")
    client.force_login(user)

    upload(client, json.dumps(document))

    assert ArmyList.objects.get().owner == user


def with_unit(document: dict, **changes) -> dict:
    """The document with its Spearmen (units[1]) changed."""
    units = [dict(u) for u in document["units"]]
    units[1].update(changes)
    return {**document, "units": units}


# (what to do to the file, the problem shown for it)
BAD_FILES = {
    "not JSON": (
        lambda d: '{"name": "Bridge Watch",',
        "not valid JSON (line 1, column 25)",
    ),
    "JSON, but not an object": (lambda d: "[1, 2, 3]", "a list document is a JSON object"),
    "not UTF-8": (lambda d: b"\xff\xfe{}", "not valid JSON"),
    "an unknown module": (
        lambda d: {**d, "module": "lost-vale"},
        "no game module 'lost-vale' is loaded",
    ),
    "an unknown faction": (
        lambda d: {**d, "faction": "atlantis"},
        "the module has no faction 'atlantis'",
    ),
    "an unknown datasheet": (
        lambda d: with_unit(d, datasheet="dragon"),
        "units[1].datasheet: the faction 'millford' has no datasheet 'dragon'",
    ),
    "an unknown model": (
        lambda d: with_unit(d, models={"archer": 6}),
        "units[1].models.archer: Spearmen has no model 'archer'",
    ),
    "an unknown option": (
        lambda d: with_unit(d, options=[{"option": "wings", "choice": "steady", "count": 1}]),
        "units[1].options[0].option: Spearmen has no option 'wings'",
    ),
    "an unknown choice of an option": (
        lambda d: with_unit(
            d,
            options=[{"option": "spearman.replace_weapon.spear", "choice": "halberd", "count": 1}],
        ),
        "units[1].options[0].choice: that option has no choice 'halberd'",
    ),
    "an unknown legend": (
        lambda d: {**d, "legends": [{"legend": "crown", "unit": None}]},
        "legends[0].legend: the module has no legend 'crown'",
    ),
    "an unknown focus": (
        lambda d: {**d, "focus": "navy"},
        "focus: the faction has no focus 'navy'",
    ),
    "an unknown force organization": (
        lambda d: {
            **d,
            "forces": [{"id": "f1", "organization": "fortress", "faction": "millford"}],
        },
        "forces[0].organization: no force organization 'fortress'",
    ),
    "a key the format lacks": (lambda d: {**d, "colour": "red"}, "colour: unknown key"),
    "a points limit of 0": (
        lambda d: {**d, "points_limit": 0},
        "points_limit: Input should be greater than or equal to 1",
    ),
    "no module": (lambda d: {k: v for k, v in d.items() if k != "module"}, "module: required"),
    "a unit in a force the list lacks": (
        lambda d: with_unit(d, force="f9"),
        "units[1] is in force 'f9', which the list lacks",
    ),
}


def file_content(make, document) -> bytes:
    content = make(document)
    if isinstance(content, dict):
        content = json.dumps(content)
    return content if isinstance(content, bytes) else content.encode()


@pytest.mark.parametrize(("make", "problem"), BAD_FILES.values(), ids=BAD_FILES.keys())
def test_a_file_that_cannot_be_imported_is_refused_naming_the_problem(
    client, document, make, problem
):
    response = upload(client, file_content(make, document))

    assert response.status_code == 400
    assert "The list could not be imported:" in response.text
    assert any(problem in shown for shown in problems_shown(response)), problems_shown(response)
    assert not ArmyList.objects.exists()


# A text box holds text: every bad file but the one that is not UTF-8.
PASTABLE = {k: v for k, v in BAD_FILES.items() if k != "not UTF-8"}


@pytest.mark.parametrize(("make", "problem"), PASTABLE.values(), ids=PASTABLE.keys())
def test_a_pasted_document_that_cannot_be_imported_is_refused_too(client, document, make, problem):
    content = file_content(make, document)

    response = client.post(IMPORT, {"document": content.decode()})

    assert response.status_code == 400
    assert any(problem in shown for shown in problems_shown(response))
    assert not ArmyList.objects.exists()


def test_every_unmatched_name_is_listed_at_once(client, document):
    document = with_unit(document, datasheet="dragon")
    document["legends"] = [{"legend": "crown", "unit": None}]

    response = upload(client, json.dumps(document))

    assert response.status_code == 400
    assert problems_shown(response) == [
        "units[1].datasheet: the faction 'millford' has no datasheet 'dragon'",
        "legends[0].legend: the module has no legend 'crown'",
    ]


def test_an_empty_import_asks_for_a_file(client, db):
    response = client.post(IMPORT, {"document": "  "})

    assert response.status_code == 400
    assert "choose a list file (.json) or paste a list document" in response.text
    assert not ArmyList.objects.exists()


def test_names_quoted_back_from_a_bad_file_are_escaped(client, document):
    response = upload(client, json.dumps(with_unit(document, datasheet="<script>x</script>")))

    assert response.status_code == 400
    assert "<script>x</script>" not in response.text
    assert "&lt;script&gt;x&lt;/script&gt;" in response.text


def test_an_import_larger_than_a_megabyte_is_refused_without_reading_it(client, mini_module):
    big = SimpleUploadedFile("huge.json", b" " * 1_000_001, content_type="application/json")
    response = client.post(reverse("armylists:import"), {"file": big})
    assert response.status_code == 400
    assert "larger than 1 MB" in response.content.decode()
    assert not ArmyList.objects.exists()

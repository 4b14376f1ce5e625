"""One refusal type: every kind of refusal is a `Refused` with a stable code of its own, and a
refusal a view lets through is answered in one place, with its message and its hint, as JSON,
as an htmx flash or as a page."""

from __future__ import annotations

import importlib
import re

import pytest
from django.contrib.messages import get_messages
from django.http import HttpRequest
from django.test import Client, override_settings
from django.urls import path

from forgebuilder import refusals, refused
from forgebuilder.urls import urlpatterns as site_urls
from tests.conftest import REPO

pytestmark = pytest.mark.django_db

KEBAB = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")

# The refusals of the app and the game data (each existing name kept: call sites catch it).
KINDS = {
    "BadInput",
    "BattleForgeImportError",
    "CampaignError",
    "CampaignForbidden",
    "CannotReplay",
    "ChangeError",
    "DiceError",
    "DocumentError",
    "EditError",
    "EventRefused",
    "ExportOptionError",
    "GameRefused",
    "JsonRefused",
    "ListWriteRefused",
    "MatchError",
    "ModuleFileError",
    "PairingRefused",
    "StepError",
}


def every_subclass(cls: type) -> list[type]:
    found = []
    for sub in cls.__subclasses__():
        found += [sub, *every_subclass(sub)]
    return found


@pytest.fixture(scope="module")
def kinds() -> list[type]:
    """Every subclass of `Refused` in the code, after importing every module that defines one."""
    for root in ("forgebuilder", "factions"):
        for source in sorted((REPO / root).rglob("*.py")):
            text = source.read_text(encoding="utf-8")
            if "migrations" in source.parts or not re.search(r"^class .*Refused\b", text, re.M):
                continue
            parts = source.relative_to(REPO).with_suffix("").parts
            importlib.import_module(".".join(p for p in parts if p != "__init__"))
    return [kind for kind in every_subclass(refused.Refused) if kind.__module__ != __name__]


def test_the_one_type_is_re_exported_where_views_reach_it():
    assert refusals.Refused is refused.Refused


def test_every_refusal_has_a_code_of_its_own_and_no_two_share_one(kinds):
    assert {kind.__name__ for kind in kinds} >= KINDS  # the walk found them
    codes = {kind.__name__: kind.__dict__.get("code") for kind in kinds}
    assert {name: code for name, code in codes.items() if not code} == {}
    assert {name: code for name, code in codes.items() if not KEBAB.fullmatch(code)} == {}
    assert len(set(codes.values())) == len(codes), codes
    assert refused.Refused.code not in codes.values()


def test_a_refusal_keeps_its_message_word_for_word(kinds):
    by_name = {kind.__name__: kind for kind in kinds}
    for name in ("EditError", "EventRefused", "GameRefused", "ListWriteRefused", "StepError"):
        refusal = by_name[name]("Register for the event first, then submit your list.")
        assert str(refusal) == refusal.message == refusal.args[0]
        assert refusal.hint == "" and refusal.path == ""
        assert refusal.errors() == [
            {"code": by_name[name].code, "message": refusal.message, "hint": "", "path": ""}
        ]
    json_refused = by_name["JsonRefused"]("changes[3].label", "contains a NUL")
    assert str(json_refused) == "changes[3].label: contains a NUL"
    assert (json_refused.path, json_refused.message) == ("changes[3].label", "contains a NUL")


def test_a_list_document_refused_names_each_problem_with_its_code(kinds):
    document_error = {kind.__name__: kind for kind in kinds}["DocumentError"]
    refusal = document_error((("units[0].count", "must be at least 1"), ("", "no name")))
    assert str(refusal) == refusal.message == "units[0].count: must be at least 1; no name"
    assert [(e["code"], e["path"], e["message"]) for e in refusal.errors()] == [
        ("unreadable-list-document", "units[0].count", "must be at least 1"),
        ("unreadable-list-document", "", "no name"),
    ]


# --- the one translation, seen through views that let a refusal through ----------------------


class Parade(refused.Refused):
    code = "parade-cancelled"


REFUSAL = Parade("The parade is cancelled: 999 points is over the limit.", "Drop a unit.")


def refusing_view(request: HttpRequest):
    raise REFUSAL


urlpatterns = [path("api/parade", refusing_view), path("parade", refusing_view), *site_urls]


@pytest.fixture
def refusing(settings):
    with override_settings(ROOT_URLCONF=__name__):
        yield Client(raise_request_exception=False)


def test_a_json_endpoint_answers_the_refusal_as_errors_with_code_and_hint(refusing):
    response = refusing.post("/api/parade", "{}", content_type="application/json")

    assert response.status_code == 400
    assert response.json() == {
        "errors": [
            {
                "code": "parade-cancelled",
                "message": "The parade is cancelled: 999 points is over the limit.",
                "hint": "Drop a unit.",
                "path": "",
            }
        ]
    }


def test_an_htmx_request_gets_the_refusal_flashed_in_place(refusing):
    response = refusing.post("/parade", {"x": "1"}, headers={"HX-Request": "true"})

    assert response.status_code == 400
    assert (response["HX-Retarget"], response["HX-Reswap"]) == ("#flash", "innerHTML")
    text = response.content.decode()
    assert "The parade is cancelled: 999 points is over the limit. Drop a unit." in text
    assert 'role="alert"' in text


def test_a_page_goes_back_with_the_refusal_flashed(refusing):
    response = refusing.post("/parade", {"back": "/lists/"})

    assert response.status_code == 302 and response["Location"] == "/lists/"
    assert [str(m) for m in get_messages(response.wsgi_request)] == [
        "The parade is cancelled: 999 points is over the limit. Drop a unit."
    ]


def test_a_page_never_goes_back_to_another_site(refusing):
    response = refusing.post("/parade", {"back": "https://elsewhere.example/"})

    assert response.status_code == 400
    assert "The parade is cancelled: 999 points is over the limit. Drop a unit." in (
        response.content.decode()
    )

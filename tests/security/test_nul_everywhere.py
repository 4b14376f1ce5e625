"""A NUL character anywhere in a request (address, query, form field, cookie) is answered 400
with a message saying where, on every route, before any database look-up (issue 23: NUL bytes
reached PostgreSQL and answered 500). PostgreSQL refuses NUL in text outright, so these tests
matter most in the PostgreSQL pass; on SQLite they pin the same answer."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.urls import URLPattern, URLResolver, get_resolver

from forgebuilder.lists.models import ShareLink

CONVERTER = re.compile(r"<(?:(?P<kind>\w+):)?(?P<name>\w+)>")


def routes(resolver=None, prefix: str = ""):
    """Every route of the site as (pattern text, name); admin models are one route each."""
    for entry in (resolver or get_resolver()).url_patterns:
        if isinstance(entry, URLResolver):
            yield from routes(entry, prefix + str(entry.pattern))
        elif isinstance(entry, URLPattern) and "(?P" not in str(entry.pattern):
            yield prefix + str(entry.pattern), entry.name


def filled(pattern: str, values: dict[str, str], hostile: str) -> list[str]:
    """The route's address with real values, and once per parameter with `hostile` in it."""
    params = [m["name"] for m in CONVERTER.finditer(pattern) if m["kind"] != "int"]

    def fill(bad: str | None) -> str:
        def one(m: re.Match) -> str:
            if m["name"] == bad:
                return hostile
            return values.get(m["name"], "1")

        return "/" + CONVERTER.sub(one, pattern)

    return [fill(None), *(fill(p) for p in params)]


ROUTES = sorted(set(routes()))


@pytest.fixture
def values(client, make_list, owner, django_user_model):
    army_list = make_list(owner=owner)
    share = ShareLink.objects.create(army_list=army_list, kind=ShareLink.LIVE)
    return {
        "public_id": army_list.public_id,
        "token": share.token,
        "unit_id": "u1",
        "force_id": "f1",
        "slug": "mini-vale",
        "faction": "millford",
        "datasheet": "spearmen",
    }


@pytest.mark.parametrize(("pattern", "name"), ROUTES, ids=[p for p, _ in ROUTES])
def test_nul_in_the_path_query_or_form_of_any_route_is_a_400_saying_where(
    client, values, pattern, name
):
    paths = filled(pattern, values, "a%00b")
    for path in paths[1:]:
        answer = client.get(path)
        assert answer.status_code == 400, path
        assert "The address contains a control character (U+0000)" in answer.text
    answer = client.get(paths[0], {"opponent": "a\x00b"})
    assert answer.status_code == 400, paths[0]
    assert "query parameter 'opponent' contains a control character" in unescape(answer.text)
    answer = client.post(paths[0], {"name": "a\x00b"})
    assert answer.status_code == 400, paths[0]
    assert "form field 'name' contains a control character" in unescape(answer.text)


def test_nul_in_a_cookie_is_refused_before_the_session_is_read(client, values):
    client.cookies["sessionid"] = "abc\x00def"
    answer = client.get("/lists/")
    assert answer.status_code == 400
    assert "cookie" in answer.text


def test_an_htmx_request_gets_the_message_in_the_pages_flash(client, values):
    answer = client.post(
        f"/lists/{values['public_id']}/notes", {"notes": "a\x00<b>"}, headers={"HX-Request": "true"}
    )
    assert answer.status_code == 400
    assert (answer["HX-Retarget"], answer["HX-Reswap"]) == ("#flash", "innerHTML")
    assert 'role="alert">The form field &#x27;notes&#x27; contains a control' in answer.text
    assert "<html" not in answer.text


def test_the_api_says_so_in_json(client):
    answer = client.post("/api/validate?x=%00", "{}", content_type="application/json")
    assert answer.status_code == 400
    assert answer.json()["errors"][0]["message"].startswith("The query parameter 'x'")


@pytest.mark.parametrize(
    "body",
    [
        '{"format": "forgebuilder-list", "name": "a\\u0000b"}',
        '{"forces": [], "gameId": "a\\u0000"}',
        '{"forces": [{"factionId": "x\\ud800"}]}',
        '{"a\\u0000": 1, "forces": []}',
    ],
)
def test_json_with_nul_or_half_a_character_is_refused_saying_where(client, db, body):
    answer = client.post("/api/validate", body, content_type="application/json")
    assert answer.status_code == 400
    message = answer.json()["errors"][0]["message"]
    assert "control character (U+0000)" in message or "surrogate" in message
    imported = client.post("/lists/import/", {"document": body})
    assert imported.status_code == 400
    assert "remove it" in imported.text

"""Every POST of the site needs the CSRF token: forms carry it, htmx sends it from `hx-headers`
on <body>. A post without it is refused and changes nothing."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.urls import reverse

from forgebuilder.lists.models import ArmyList

from .edit_cases import EVERY_ENDPOINT, snapshot
from .helpers import HTMX, elements, session_owner, stored

# Posts about one list, beyond the editor's edits: (url name, extra url args).
LIST_POSTS = [
    ("rename", ()),
    ("duplicate", ()),
    ("delete", ()),
    ("restore", ()),
    ("share_create", ()),
    ("share_revoke", ("some-token",)),
]
# Posts that concern no list of this browser.
OTHER_POSTS = [
    ("armylists:new", ()),
    ("armylists:import", ()),
    ("armylists:fork", ("some-token",)),
    ("accounts:signup", ()),
    ("accounts:login", ()),
    ("accounts:logout", ()),
    ("accounts:password_reset", ()),
    ("accounts:password_reset_confirm", ("MQ", "set-password")),
]


@pytest.fixture
def strict(db) -> Client:
    """A browser whose posts are checked for the CSRF token, as real ones are."""
    return Client(enforce_csrf_checks=True)


@pytest.fixture
def strict_list(strict, make_list):
    return make_list(owner=session_owner(strict))


@pytest.mark.parametrize("htmx", [True, False], ids=["htmx", "plain"])
@pytest.mark.parametrize("edit", EVERY_ENDPOINT.values(), ids=EVERY_ENDPOINT.keys())
def test_an_edit_without_the_csrf_token_is_refused(strict, strict_list, edit, htmx):
    army_list = edit.ready(strict_list)
    before = snapshot(army_list)

    response = edit.post(strict, army_list, htmx=htmx)

    assert response.status_code == 403
    assert snapshot(army_list) == before


@pytest.mark.parametrize(("name", "args"), LIST_POSTS, ids=[n for n, _ in LIST_POSTS])
def test_a_list_action_without_the_csrf_token_is_refused(strict, strict_list, name, args):
    before = snapshot(strict_list)

    url = reverse(f"armylists:{name}", args=[strict_list.public_id, *args])
    response = strict.post(url, {"name": "Renamed", "kind": "live"})

    assert response.status_code == 403
    assert snapshot(strict_list) == before
    assert stored(strict_list).deleted_at is None
    assert ArmyList.objects.count() == 1
    assert not strict_list.share_links.exists()


@pytest.mark.parametrize(("name", "args"), OTHER_POSTS, ids=[n for n, _ in OTHER_POSTS])
def test_other_posts_without_the_csrf_token_are_refused(strict, mini_module, name, args):
    response = strict.post(reverse(name, args=args), {"faction": "mini-vale/millford"})

    assert response.status_code == 403
    assert not ArmyList.objects.exists()


def csrf_token_of(page) -> str:
    [body] = [e for e in elements(page).elements if e.tag == "body"]
    return json.loads(body.attrs["hx-headers"])["X-CSRFToken"]


def test_an_htmx_edit_with_the_token_from_the_page_is_accepted(strict, strict_list):
    page = strict.get(reverse("armylists:editor", args=[strict_list.public_id]))
    url = reverse("armylists:unit_rename", args=[strict_list.public_id, "u2"])

    response = strict.post(
        url,
        {"version": strict_list.version, "name": "Guard"},
        headers={**HTMX, "X-CSRFToken": csrf_token_of(page)},
    )

    assert response.status_code == 200
    assert stored(strict_list).version == strict_list.version + 1


def test_a_plain_edit_with_the_forms_token_is_accepted(strict, strict_list):
    page = strict.get(reverse("armylists:editor", args=[strict_list.public_id]))
    [token] = {
        e.attrs["value"]
        for e in elements(page).elements
        if e.attrs.get("name") == "csrfmiddlewaretoken"
    }
    url = reverse("armylists:unit_rename", args=[strict_list.public_id, "u2"])

    response = strict.post(
        url, {"version": strict_list.version, "name": "Guard", "csrfmiddlewaretoken": token}
    )

    assert response.status_code == 302
    assert stored(strict_list).version == strict_list.version + 1

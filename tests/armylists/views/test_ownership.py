"""Who owns a list: anyone may build lists without an account (the browser session owns them);
with an account, lists follow the user; lists made before logging in are kept; nobody else can
see or change them."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from forgebuilder.lists.models import ArmyList
from forgebuilder.lists.ownership import SESSION_KEY, Owner

from .edit_cases import EVERY_ENDPOINT, snapshot
from .helpers import HTMX, session_owner, stored

MY_LISTS = reverse("armylists:my_lists")
PASSWORD = "a-long-enough-passphrase-7"


def editor(army_list) -> str:
    return reverse("armylists:editor", args=[army_list.public_id])


@pytest.fixture
def ada(django_user_model):
    return django_user_model.objects.create_user("ada", "ada@example.com", PASSWORD)


@pytest.fixture
def grace(django_user_model):
    return django_user_model.objects.create_user("grace", "grace@example.com", PASSWORD)


def log_in(client, username: str):
    response = client.post(reverse("accounts:login"), {"username": username, "password": PASSWORD})
    assert response.status_code == 302, "logged in"
    return response


# ---- without an account --------------------------------------------------------------------


def test_a_list_made_without_an_account_belongs_to_the_browser_session(client, mini_module):
    client.post(reverse("armylists:new"), {"faction": "mini-vale/millford", "name": "Mine"})

    army_list = ArmyList.objects.get()
    assert army_list.owner is None
    assert army_list.owner_token == client.session[SESSION_KEY]
    assert client.get(editor(army_list)).status_code == 200
    assert "Mine" in client.get(MY_LISTS).text


def test_a_second_anonymous_browser_cannot_see_or_change_the_first_ones_list(client, army_list):
    other = Client()
    before = snapshot(army_list)

    assert other.get(editor(army_list)).status_code == 404
    assert "Bridge Watch" not in other.get(MY_LISTS).text
    export = reverse("armylists:export_json", args=[army_list.public_id])
    assert other.get(export).status_code == 404
    for edit in EVERY_ENDPOINT.values():
        assert edit.post(other, army_list, htmx=True).status_code == 404, edit.url
    for action in ("rename", "duplicate", "delete"):
        url = reverse(f"armylists:{action}", args=[army_list.public_id])
        assert other.post(url, {"name": "Taken"}).status_code == 404, action
    assert snapshot(army_list) == before
    assert ArmyList.objects.count() == 1


# ---- with an account ---------------------------------------------------------------------


def test_lists_made_before_signing_up_are_kept(client, army_list):
    token = client.session[SESSION_KEY]

    response = client.post(
        reverse("accounts:signup"),
        {
            "username": "ada",
            "email": "ada@example.com",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )

    assert response.status_code == 302
    army_list = stored(army_list)
    assert army_list.owner.username == "ada"
    assert army_list.owner_token == ""
    assert client.session[SESSION_KEY] == token, "the browser keeps its token"
    assert client.get(editor(army_list)).status_code == 200
    assert "Bridge Watch" in client.get(MY_LISTS).text


def test_lists_made_before_logging_in_are_kept(client, army_list, ada):
    token = client.session[SESSION_KEY]
    session_key = client.session.session_key

    log_in(client, "ada")

    assert client.session.session_key != session_key, "login() cycles the session key"
    assert client.session[SESSION_KEY] == token, "and keeps the token"
    assert stored(army_list).owner == ada
    assert "Bridge Watch" in client.get(MY_LISTS).text


def test_logging_in_adopts_only_this_browsers_lists(client, army_list, strangers_list, ada):
    log_in(client, "ada")

    assert stored(army_list).owner == ada
    assert stored(strangers_list).owner is None
    assert client.get(editor(strangers_list)).status_code == 404


def test_lists_follow_the_user_to_another_browser(client, army_list, ada):
    log_in(client, "ada")
    elsewhere = Client()

    log_in(elsewhere, "ada")

    assert elsewhere.get(editor(army_list)).status_code == 200
    assert "Bridge Watch" in elsewhere.get(MY_LISTS).text
    edit = EVERY_ENDPOINT["unit_rename"]
    assert edit.post(elsewhere, stored(army_list), htmx=True).status_code == 200


def test_a_users_lists_and_the_lists_made_before_logging_in_are_shown_together(
    client, make_list, ada
):
    make_list(owner=Owner(ada.pk, ""), name="From last week")
    make_list(owner=session_owner(client), name="From today")

    log_in(client, "ada")

    page = client.get(MY_LISTS).text
    assert "From last week" in page and "From today" in page


def test_after_logging_out_the_browser_no_longer_opens_the_users_lists(client, army_list, ada):
    log_in(client, "ada")

    response = client.post(reverse("accounts:logout"))

    assert response.status_code == 302
    assert client.get(editor(army_list)).status_code == 404
    assert "Bridge Watch" not in client.get(MY_LISTS).text


@pytest.mark.parametrize("edit", EVERY_ENDPOINT.values(), ids=EVERY_ENDPOINT.keys())
def test_a_user_cannot_edit_another_users_list(client, make_list, ada, grace, edit):
    graces = edit.ready(make_list(owner=Owner(grace.pk, ""), name="Grace's"))
    client.force_login(ada)
    before = snapshot(graces)

    response = edit.post(client, graces, htmx=True)

    assert response.status_code == 404
    assert snapshot(graces) == before


def test_a_user_cannot_open_another_users_list(client, make_list, ada, grace):
    graces = make_list(owner=Owner(grace.pk, ""), name="Grace's")
    client.force_login(ada)

    assert client.get(editor(graces)).status_code == 404
    assert "Grace" not in client.get(MY_LISTS).text


def test_an_anonymous_browser_cannot_edit_a_users_list(client, make_list, ada):
    adas = make_list(owner=Owner(ada.pk, ""), name="Ada's")
    before = snapshot(adas)

    response = EVERY_ENDPOINT["unit_add"].post(client, adas, htmx=True)

    assert response.status_code == 404
    assert snapshot(adas) == before


def test_guessing_a_session_token_in_the_url_does_not_grant_a_list(client, army_list):
    """The owner token lives in the session, never in a URL or a form."""
    other = Client()
    token = army_list.owner_token

    response = other.get(editor(army_list), {"token": token}, headers=HTMX)

    assert response.status_code == 404
    assert token not in client.get(editor(army_list)).text

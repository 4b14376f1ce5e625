"""Logging in and out. Logging out is a POST (a link could log anyone out)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from .conftest import PASSWORD

LOGIN = reverse("accounts:login")
LOGOUT = reverse("accounts:logout")


def logged_in(client) -> bool:
    return "_auth_user_id" in client.session


def test_logging_in_sends_the_player_to_their_lists(client, ada):
    response = client.post(LOGIN, {"username": "ada", "password": PASSWORD})

    assert response.status_code == 302
    assert response["Location"] == reverse("armylists:my_lists")
    assert logged_in(client)


def test_the_header_names_the_player_and_offers_to_log_out(client, ada):
    client.post(LOGIN, {"username": "ada", "password": PASSWORD})

    page = client.get(reverse("armylists:my_lists"))

    account = reverse("accounts:account")
    assert f'<a href="{account}" title="Your account">ada</a>' in page.text
    assert f'<form class="inline-form" method="post" action="{LOGOUT}">' in page.text


@pytest.mark.parametrize(
    ("username", "password"),
    [("ada", "wrong-password"), ("nobody", PASSWORD), ("ada", "")],
    ids=["wrong password", "unknown player", "no password"],
)
def test_a_bad_login_is_refused(client, ada, username, password):
    response = client.post(LOGIN, {"username": username, "password": password})

    assert response.status_code == 200
    assert response.context["form"].errors
    assert not logged_in(client)


def test_logging_in_goes_back_to_the_page_asked_for(client, ada):
    response = client.post(
        LOGIN, {"username": "ada", "password": PASSWORD, "next": reverse("armylists:new")}
    )

    assert response["Location"] == reverse("armylists:new")


def test_logging_in_never_redirects_to_another_site(client, ada):
    response = client.post(
        LOGIN, {"username": "ada", "password": PASSWORD, "next": "https://evil.example/"}
    )

    assert response["Location"] == reverse("armylists:my_lists")


def test_logging_out_is_a_post(client, ada):
    client.force_login(ada)

    response = client.post(LOGOUT)

    assert response.status_code == 302
    assert response["Location"] == reverse("home")
    assert not logged_in(client)


def test_a_get_does_not_log_out(client, ada):
    client.force_login(ada)

    response = client.get(LOGOUT)

    assert response.status_code == 405
    assert logged_in(client)

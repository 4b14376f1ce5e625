"""Signing up: an account with an email to reset its password, and the player is logged in."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from .conftest import PASSWORD

SIGNUP = reverse("accounts:signup")
ALREADY = "already"


def sign_up(client, **changes):
    data = {
        "username": "grace",
        "email": "grace@example.com",
        "password1": PASSWORD,
        "password2": PASSWORD,
        **changes,
    }
    return client.post(SIGNUP, {k: v for k, v in data.items() if v is not None})


def logged_in_as(client) -> str | None:
    user_id = client.session.get("_auth_user_id")
    return get_user_model().objects.get(pk=user_id).username if user_id else None


def test_the_signup_page_asks_for_a_name_an_email_and_a_password_twice(client, db):
    response = client.get(SIGNUP)

    assert response.status_code == 200
    for field in ("username", "email", "password1", "password2"):
        assert f'name="{field}"' in response.text


def test_signing_up_creates_the_account_and_logs_in(client, db):
    response = sign_up(client, email="Grace@Example.com")

    assert response.status_code == 302
    assert response["Location"] == reverse("armylists:my_lists")
    user = get_user_model().objects.get(username="grace")
    assert user.email == "grace@example.com", "emails are kept in lower case"
    assert user.check_password(PASSWORD)
    assert logged_in_as(client) == "grace"
    page = client.get(response["Location"])
    assert "Welcome! Your lists now follow you to every device." in page.text
    assert "These lists live in this browser." not in page.text


@pytest.mark.parametrize(
    "email",
    ["ada@example.com", "ADA@Example.COM", "  ada@example.com "],
    ids=["same", "other case", "spaces around"],
)
def test_signing_up_never_says_whether_an_email_has_an_account(client, ada, email):
    """Saying so would tell anyone which addresses have an account (issue 14)."""
    response = sign_up(client, email=email)

    assert response.status_code == 302
    assert get_user_model().objects.count() == 2
    assert logged_in_as(client) == "grace"
    assert ALREADY not in client.get(response["Location"]).text.lower()


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"username": "ada"}, "username"),  # taken
        ({"email": None}, "email"),  # needed to reset the password
        ({"email": "not-an-email"}, "email"),
        ({"password2": "something-else-entirely"}, "password2"),  # the two differ
        ({"password1": "short", "password2": "short"}, "password2"),  # too short
        ({"password1": "password", "password2": "password"}, "password2"),  # too common
    ],
    ids=["username taken", "no email", "bad email", "passwords differ", "short", "common"],
)
def test_a_bad_signup_is_refused_with_the_reason(client, ada, changes, field):
    response = sign_up(client, **changes)

    assert response.status_code == 200
    assert response.context["form"].has_error(field)
    assert get_user_model().objects.count() == 1
    assert logged_in_as(client) is None


def test_an_empty_signup_post_shows_what_is_missing(client, db):
    response = client.post(SIGNUP, {})

    assert response.context["form"].has_error("username")
    assert "This field is required." in response.text
    assert not get_user_model().objects.exists()


def test_a_logged_in_player_is_sent_to_their_lists(client, ada):
    client.force_login(ada)

    response = client.get(SIGNUP)

    assert response.status_code == 302
    assert response["Location"] == reverse("armylists:my_lists")

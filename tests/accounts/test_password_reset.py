"""Resetting a forgotten password: an email with a link that lets the player choose a new one,
once."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from .conftest import PASSWORD

RESET = reverse("accounts:password_reset")
NEW_PASSWORD = "another-long-passphrase-8"


def reset_link(message) -> str:
    [link] = re.findall(r"http://testserver(/accounts/reset/\S+/)", message.body)
    return link


def test_asking_for_a_reset_sends_an_email_with_a_link(client, ada, mailoutbox):
    response = client.post(RESET, {"email": "ada@example.com"})

    assert response.status_code == 302
    assert response["Location"] == reverse("accounts:password_reset_done")
    [message] = mailoutbox
    assert message.to == ["ada@example.com"]
    assert message.subject == "Reset your forgebuilder password"
    assert "(ada)" in message.body
    assert reset_link(message)


def test_the_email_of_the_account_is_matched_in_any_case(client, ada, mailoutbox):
    client.post(RESET, {"email": "ADA@Example.com"})

    assert len(mailoutbox) == 1


def test_an_unknown_email_gets_the_same_answer_and_no_email(client, ada, mailoutbox):
    """Whether an address has an account is not given away."""
    response = client.post(RESET, {"email": "nobody@example.com"})

    assert response["Location"] == reverse("accounts:password_reset_done")
    assert mailoutbox == []


def choose_new_password(client, link, password=NEW_PASSWORD):
    form_page = client.get(link, follow=True)
    assert "Choose a new password" in form_page.text
    form_url = form_page.redirect_chain[-1][0]
    return client.post(form_url, {"new_password1": password, "new_password2": password})


def test_the_link_lets_the_player_set_a_new_password(client, ada, mailoutbox):
    client.post(RESET, {"email": "ada@example.com"})

    response = choose_new_password(client, reset_link(mailoutbox[0]))

    assert response.status_code == 302
    assert response["Location"] == reverse("accounts:password_reset_complete")
    ada.refresh_from_db()
    assert ada.check_password(NEW_PASSWORD)
    assert not ada.check_password(PASSWORD)
    login = client.post(reverse("accounts:login"), {"username": "ada", "password": NEW_PASSWORD})
    assert login.status_code == 302


def test_the_link_works_once(client, ada, mailoutbox):
    client.post(RESET, {"email": "ada@example.com"})
    link = reset_link(mailoutbox[0])
    choose_new_password(client, link)

    response = client.get(link, follow=True)

    assert "This link has expired" in response.text


@pytest.mark.parametrize(
    ("password1", "password2"),
    [("short", "short"), (NEW_PASSWORD, "something-else-entirely")],
    ids=["too short", "the two differ"],
)
def test_a_bad_new_password_is_refused(client, ada, mailoutbox, password1, password2):
    client.post(RESET, {"email": "ada@example.com"})
    page = client.get(reset_link(mailoutbox[0]), follow=True)

    response = client.post(
        page.redirect_chain[-1][0], {"new_password1": password1, "new_password2": password2}
    )

    assert response.status_code == 200
    assert response.context["form"].errors
    ada.refresh_from_db()
    assert ada.check_password(PASSWORD)


def test_a_forged_link_is_refused(client, ada):
    response = client.get(reverse("accounts:password_reset_confirm", args=["MQ", "forged"]))

    assert "This link has expired" in response.text

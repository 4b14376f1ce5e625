"""Deleting one's account: it asks the password again, deletes every list and share link of the
player, ends their sessions everywhere, and an administrator's deletion does the same."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.contrib.sessions.models import Session
from django.test import Client
from django.urls import reverse

from forgebuilder.accounts.deletion import account_delete
from forgebuilder.lists.models import ArmyList, ShareLink
from forgebuilder.lists.sharing import share_link_create
from tests.campaigns.conftest import make_army

from .conftest import PASSWORD

ACCOUNT = reverse("accounts:account")
DELETE = reverse("accounts:delete")


@pytest.fixture
def ada_lists(ada, starter_modules):
    from factions.models import GameModule

    module = GameModule.objects.get(slug="ashen-stars")
    kept = make_army(module, ada, "gutterfleet", "corsair_captain", name="Corsairs")
    binned = make_army(module, ada, "gutterfleet", "deckhand_mob", name="Old")
    ArmyList.objects.filter(pk=binned.pk).update(deleted_at="2026-01-01T00:00Z")
    share_link_create(army_list=kept, kind="live")
    share_link_create(army_list=kept, kind="snapshot")
    return kept, binned


def test_the_account_page_says_what_deletion_does_before_it_is_done(client, ada, ada_lists):
    client.force_login(ada)

    page = client.get(ACCOUNT).text

    assert "deletes your 2 lists, the bin included" in page
    assert "revokes your 2 share links" in page
    assert reverse("armylists:export_all") in page  # download everything first
    assert ArmyList.objects.filter(owner=ada).count() == 2


def test_a_wrong_password_deletes_nothing_and_says_so(client, ada, ada_lists):
    client.force_login(ada)

    response = client.post(DELETE, {"password": "not it"})

    assert response.status_code == 400
    assert "That is not your password: the account was not deleted." in response.text
    assert get_user_model().objects.filter(pk=ada.pk).exists()
    assert ArmyList.objects.filter(owner=ada).count() == 2


def test_deleting_the_account_removes_lists_and_links_and_logs_out(client, ada, ada_lists):
    tokens = list(ShareLink.objects.values_list("token", flat=True))
    client.force_login(ada)

    response = client.post(DELETE, {"password": PASSWORD}, follow=True)

    assert response.redirect_chain[-1][0] == reverse("home")
    assert "Your account is deleted, with 2 lists." in response.text
    assert not get_user_model().objects.filter(username="ada").exists()
    assert not ArmyList.objects.exists()
    for token in tokens:
        assert client.get(reverse("armylists:shared", args=[token])).status_code == 404
    assert client.get(ACCOUNT).status_code == 302  # logged out: the page asks to log in


def test_every_session_of_the_player_ends_and_others_stay(ada, django_user_model, db):
    phone, laptop, stranger = Client(), Client(), Client()
    phone.force_login(ada)
    laptop.force_login(ada)
    grace = django_user_model.objects.create_user("grace", "g@example.com", PASSWORD)
    stranger.force_login(grace)

    account_delete(user=ada)

    assert Session.objects.count() == 1
    assert laptop.get(ACCOUNT).status_code == 302
    assert stranger.get(ACCOUNT).status_code == 200


def test_failed_logins_of_the_account_are_forgotten(client, ada):
    from axes.models import AccessAttempt

    for _ in range(2):
        client.post(reverse("accounts:login"), {"username": "ada", "password": "wrong"})
    assert AccessAttempt.objects.filter(username="ada").exists()

    account_delete(user=ada)

    assert not AccessAttempt.objects.filter(username="ada").exists()


def test_the_deletion_form_is_rate_limited(client, ada, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "account-delete": (2, 3600)}
    client.force_login(ada)

    answers = [client.post(DELETE, {"password": "wrong"}).status_code for _ in range(3)]

    assert answers == [400, 400, 429]


def test_deleting_needs_a_post_with_a_csrf_token(ada):
    client = Client(enforce_csrf_checks=True)
    client.force_login(ada)

    assert client.get(DELETE).status_code == 405
    assert client.post(DELETE, {"password": PASSWORD}).status_code == 403
    assert get_user_model().objects.filter(pk=ada.pk).exists()


def test_an_administrator_deletes_an_account_the_same_way(admin_client, ada, ada_lists):
    url = reverse("admin:auth_user_delete", args=[ada.pk])

    confirm = admin_client.get(url)
    assert "2 list(s) deleted, 2 share link(s) revoked" in confirm.text
    admin_client.post(url, {"post": "yes"})

    assert not get_user_model().objects.filter(pk=ada.pk).exists()
    assert not ArmyList.objects.exists()

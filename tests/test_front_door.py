"""The front door (issue 42): a visitor who has not logged in learns from the home page and the
menu what every wing does, and each wing's entry explains it and offers sign-up where the wing
needs an account, instead of a bare login form."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from forgebuilder.wings import WINGS, wing_for_path

pytestmark = pytest.mark.django_db


def menu(html: str) -> str:
    return re.search(r'<nav class="site-nav".*?</nav>', html, re.S).group(0)


def test_the_logged_out_home_page_names_every_wing(client):
    html = client.get(reverse("home")).content.decode()
    for words in ("campaign", "event", "at the table", "print", "share"):
        assert words in html.lower(), words
    for wing in WINGS:
        assert wing.title in html and reverse("welcome", args=[wing.slug]) in html


def test_the_logged_out_menu_leads_to_every_wing(client):
    nav = menu(client.get(reverse("home")).content.decode())
    for name, slug in (("Campaigns", "campaigns"), ("Events", "events"), ("Games", "play")):
        assert f'<a href="{reverse("welcome", args=[slug])}">{name}</a>' in nav


@pytest.mark.parametrize("wing", [w for w in WINGS if w.needs_account], ids=lambda w: w.slug)
def test_a_wing_needing_an_account_offers_sign_up_to_a_visitor(client, wing):
    html = client.get(reverse("welcome", args=[wing.slug])).content.decode()
    assert wing.what in html
    assert f"{reverse('accounts:signup')}?next={reverse(wing.url_name)}" in html


def test_a_wing_opens_itself_to_a_player_logged_in(client, django_user_model):
    client.force_login(django_user_model.objects.create_user("ada", "ada@example.com", "pw"))
    for wing in WINGS:
        html = client.get(reverse("welcome", args=[wing.slug])).content.decode()
        assert f'href="{reverse(wing.url_name)}"' in html
        assert reverse("accounts:signup") not in html
    nav = menu(client.get(reverse("home")).content.decode())
    assert f'<a href="{reverse("campaigns:list")}">Campaigns</a>' in nav


def test_a_login_asked_for_by_a_wing_says_what_it_is_and_offers_sign_up(client):
    login = client.get(reverse("campaigns:list"), follow=True).content.decode()
    campaigns = wing_for_path(reverse("campaigns:list"))
    assert campaigns.what in login
    assert f"{reverse('accounts:signup')}?next=/campaigns/" in login


def test_an_unknown_wing_is_not_found_with_a_reason(client):
    answer = client.get(reverse("welcome", args=["dragons"]))
    assert answer.status_code == 404
    assert b"There is no such part of forgebuilder" in answer.content

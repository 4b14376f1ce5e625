"""No per-visitor content enters the share page's cache: messages, login state, CSRF tokens.

Regression for a visitor with a pending flash message (e.g. 'Deleted "WARNING: …"') whose page
was cached and then served to every later anonymous visitor of someone else's share link.
"""

from __future__ import annotations

import re

from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from factions.catalog import catalog_for
from forgebuilder.armylists import edits
from forgebuilder.armylists.models import ArmyList
from forgebuilder.armylists.ownership import SESSION_KEY, Owner
from forgebuilder.armylists.services import army_list_create
from forgebuilder.armylists.sharing import share_link_create, share_link_etag

BAIT = "WARNING: stolen, see evil.example"


def _share_url(army_list: ArmyList) -> str:
    link = share_link_create(army_list=army_list, kind="live")
    return reverse("armylists:shared", args=[link.token])


def _attacker(mini_module) -> Client:
    """A visitor whose own list bears the bait name, with the session that owns it."""
    client = Client()
    session = client.session
    session[SESSION_KEY] = "attacker-token"
    session.save()
    catalog = catalog_for(mini_module)
    document = edits.new_document(
        catalog, faction="millford", name=BAIT, points_limit=150, casual=False
    )
    bait = army_list_create(owner=Owner(None, "attacker-token"), catalog=catalog, document=document)
    # Delete without following the redirect: the "Deleted …" message stays pending.
    response = client.post(reverse("armylists:delete", args=[bait.public_id]))
    assert response.status_code == 302
    return client


def test_a_visitor_with_a_pending_message_does_not_poison_the_page_for_others(
    army_list, mini_module
):
    url = _share_url(army_list)
    cache.clear()
    attacker = _attacker(mini_module)
    own_page = attacker.get(url).content.decode()
    assert "stolen" in own_page  # the attacker sees their own message, once
    for _ in range(5):
        html = Client().get(url).content.decode()
        assert "stolen" not in html
        assert "River Guard" in html


def test_a_signed_in_visitors_page_never_reaches_anonymous_visitors(army_list, django_user_model):
    url = _share_url(army_list)
    cache.clear()
    quill = django_user_model.objects.create_user("marshal_quill", "mq@example.com", "pw-1234567")
    member = Client()
    member.force_login(quill)  # the login form is django-axes', which wants a request
    assert "marshal_quill" in member.get(url).content.decode()
    for _ in range(3):
        html = Client().get(url).content.decode()
        assert "marshal_quill" not in html
        assert "Log in" in html


def test_no_cached_share_page_holds_a_csrf_token_or_a_message(army_list, mini_module):
    link = share_link_create(army_list=army_list, kind="live")
    url = reverse("armylists:shared", args=[link.token])
    cache.clear()
    tokens = []
    for visitor in (_attacker(mini_module), Client(), Client()):
        html = visitor.get(url).content.decode()
        tokens.append(re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html).group(1))
    # The one key the page is cached under for anonymous visitors (see views/share.py).
    cached = cache.get(f'share-html:"{share_link_etag(link.token)}--":testserver')
    assert cached is not None, "the anonymous page is cached"
    assert not any(token in cached for token in tokens)
    assert "stolen" not in cached
    assert "Log out" not in cached


def test_messages_are_still_shown_to_the_visitor_they_belong_to(army_list, owner_client):
    url = _share_url(army_list)
    owner_client.post(
        reverse("armylists:share_create", args=[army_list.public_id]), {"kind": "snapshot"}
    )
    assert "frozen snapshot is ready" in owner_client.get(url).content.decode()
    assert "frozen snapshot is ready" not in owner_client.get(url).content.decode()

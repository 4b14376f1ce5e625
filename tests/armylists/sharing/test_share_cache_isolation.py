"""No per-visitor content enters the share page's cache: messages, login state, CSRF tokens.

Regression for a visitor with a pending flash message (e.g. 'Deleted "WARNING: …"') whose page
was cached and then served to every later anonymous visitor of someone else's share link.
"""

from __future__ import annotations

import gzip
import re

from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from factions.catalog import catalog_for
from forgebuilder.lists import edits
from forgebuilder.lists.models import ArmyList
from forgebuilder.lists.ownership import SESSION_KEY, Owner
from forgebuilder.lists.services import army_list_create
from forgebuilder.lists.sharing import share_link_create, share_link_etag

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
    attacker = _attacker(mini_module)
    own_page = attacker.get(url).content.decode()
    token = re.search(r'"X-CSRFToken": "([^"]+)"', own_page).group(1)
    for _ in range(2):
        reader = Client()
        html = reader.get(url).content.decode()
        assert '"X-CSRFToken": ""' in html and token not in html
        assert not reader.cookies  # no CSRF (or any) cookie for an anonymous reader
    # The one key the page is cached under for anonymous readers (see views/share.py).
    cached = cache.get(f'share-html:"{share_link_etag(link.token)}--":http://testserver')
    assert cached is not None, "the anonymous page is cached"
    assert token not in cached and "csrfmiddlewaretoken" not in cached
    assert "stolen" not in cached
    assert "Log out" not in cached


def test_only_the_page_every_anonymous_reader_gets_may_be_kept_by_a_shared_cache(
    army_list, django_user_model
):
    """nginx keeps what the app marks public for a few seconds: the anonymous page, never one
    drawn for a signed-in reader or one with a message."""
    url = _share_url(army_list)
    anonymous = Client().get(url)
    assert anonymous.status_code == 200 and not anonymous.cookies
    control = {part.strip() for part in anonymous["Cache-Control"].split(",")}
    assert {"public", "max-age=0", "s-maxage=3"} <= control and "private" not in control
    quill = django_user_model.objects.create_user("marshal_quill", "mq@example.com", "pw-1234567")
    member = Client()
    member.force_login(quill)
    signed_in = member.get(url)
    assert "private" in signed_in["Cache-Control"] and "public" not in signed_in["Cache-Control"]
    again = member.get(url, HTTP_IF_NONE_MATCH=signed_in["ETag"])
    assert again.status_code == 304 and "private" in again["Cache-Control"]
    assert signed_in["Vary"] == anonymous["Vary"] == "Cookie, Accept-Encoding"


def test_a_reader_with_a_pending_message_gets_a_private_page(army_list, mini_module):
    url = _share_url(army_list)
    response = _attacker(mini_module).get(url)
    assert "stolen" in response.content.decode()
    assert "private" in response["Cache-Control"] and "public" not in response["Cache-Control"]


def test_messages_are_still_shown_to_the_visitor_they_belong_to(army_list, owner_client):
    url = _share_url(army_list)
    owner_client.post(
        reverse("armylists:share_create", args=[army_list.public_id]), {"kind": "snapshot"}
    )
    assert "frozen snapshot is ready" in owner_client.get(url).content.decode()
    assert "frozen snapshot is ready" not in owner_client.get(url).content.decode()


def test_the_anonymous_page_comes_compressed_to_readers_who_accept_gzip_and_only_to_them(
    army_list, django_user_model
):
    """A club's phones on the hall's weak signal get the page gzipped (a weak ETag, as another
    representation of it); a reader who does not accept gzip gets it as it is. A signed-in
    reader's page (which holds a token) is compressed afresh per answer, with Django's random
    padding against BREACH, never taken from the anonymous readers' copy."""
    url = _share_url(army_list)
    plain = Client().get(url)
    packed = Client().get(url, HTTP_ACCEPT_ENCODING="br, gzip, deflate")

    assert "Content-Encoding" not in plain
    assert packed["Content-Encoding"] == "gzip"
    assert gzip.decompress(packed.content) == plain.content
    assert len(packed.content) * 3 < len(plain.content)
    assert packed["ETag"] == f"W/{plain['ETag']}"
    again = Client().get(url, HTTP_ACCEPT_ENCODING="gzip", HTTP_IF_NONE_MATCH=packed["ETag"])
    assert again.status_code == 304 and again["ETag"] == packed["ETag"]
    assert Client().get(url, HTTP_ACCEPT_ENCODING="identity").content == plain.content

    member = Client()
    member.force_login(django_user_model.objects.create_user("gz_reader", password="pw-1234567"))
    own = member.get(url, HTTP_ACCEPT_ENCODING="gzip")
    assert own["Content-Encoding"] == "gzip" and b"River Guard" in gzip.decompress(own.content)

""" "Not in the bin" and "this share link still works" each have one home: the query sets of
`ArmyList` (`kept`, `binned`) and `ShareLink` (`live`, `unrevoked`). A module that spells the
filter out by itself fails here (it lived in 7 and 9 places), and a change of the home is seen
by every page that serves a link."""

from __future__ import annotations

import re

from django.test import Client
from django.urls import reverse

from forgebuilder.lists.models import ShareLink, ShareLinkQuerySet
from forgebuilder.lists.sharing import share_link_create
from tests.source_lines import places

SPELLED = re.compile(r"(revoked_at|deleted_at)__isnull")
HOME = "forgebuilder/lists/models.py"
API_KEYS = {
    "forgebuilder/events/api.py",
    "forgebuilder/events/views.py",
    "forgebuilder/events/departure.py",
}  # fmt: skip  (an event's API keys: another fact)


def test_no_module_spells_out_the_bin_or_a_links_state():
    assert places(SPELLED.search, skip=lambda path: path == HOME or path in API_KEYS) == []


def test_every_link_page_follows_the_one_answer(army_list, monkeypatch):
    link = share_link_create(army_list=army_list, kind=ShareLink.LIVE)
    pages = [
        reverse("armylists:shared", args=[link.token]),
        reverse("armylists:shared_table", args=[link.token]),
        reverse("armylists:shared_qr", args=[link.token]),
    ]
    assert [Client().get(url).status_code for url in pages] == [200, 200, 200]
    monkeypatch.setattr(ShareLinkQuerySet, "live", lambda self: self.none())
    assert [Client().get(url).status_code for url in pages] == [404, 404, 404]

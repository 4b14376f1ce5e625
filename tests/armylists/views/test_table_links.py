"""The table view's roster link asks for the very address the editor's download form sends, so
the copy kept for offline reading (saved under its query) is found at the table."""

from __future__ import annotations

import re
from html import unescape

from django.urls import reverse

from forgebuilder.lists.sharing import share_link_create


def _form_address(html: str, action_end: str) -> str:
    """What the download form for `action_end` asks for when submitted unchanged."""
    form = re.search(
        r'<form class="download-form" method="get" action="([^"]*' + re.escape(action_end)
        + r')">(.*?)</form>', html, re.S,
    )  # fmt: skip
    assert form, action_end
    fields = re.findall(r'<select[^>]* name="(\w+)">\s*<option value="([^"]*)"', form.group(2))
    return form.group(1) + "?" + "&".join(f"{name}={value}" for name, value in fields)


def _roster_link(html: str) -> str:
    found = re.search(r'<a href="([^"]+)">Roster \(PDF\)</a>', html)
    assert found
    return unescape(found.group(1))


def test_the_table_views_roster_link_is_the_editors_download(client, army_list):
    editor = client.get(reverse("armylists:editor", args=[army_list.public_id])).content.decode()
    table = client.get(reverse("armylists:table", args=[army_list.public_id])).content.decode()
    assert _roster_link(table) == _form_address(editor, "/roster.pdf")
    assert _roster_link(table).endswith("roster.pdf?paper=a4")


def test_the_shared_table_views_roster_link_is_the_share_pages_download(client, army_list):
    link = share_link_create(army_list=army_list, kind="live")
    shared = client.get(reverse("armylists:shared", args=[link.token])).content.decode()
    table = client.get(reverse("armylists:shared_table", args=[link.token])).content.decode()
    assert _roster_link(table) == _form_address(shared, "/roster.pdf")

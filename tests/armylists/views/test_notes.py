"""Notes on a list and on its units: edited in the editor (htmx or plain posts, owner only,
CSRF), cleaned of control characters, shown on the share page and printed on the roster."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from forgebuilder.lists.exports.roster import roster_html
from forgebuilder.lists.exports.source import source_from_evaluated
from forgebuilder.lists.selectors import evaluated_list
from forgebuilder.lists.sharing import share_link_create
from forgebuilder.printing.options import paper_from

from .helpers import HTMX, document_of, session_owner, stored


def list_notes_url(army_list) -> str:
    return reverse("armylists:list_notes", args=[army_list.public_id])


def unit_notes_url(army_list, unit_id: str = "u2") -> str:
    return reverse("armylists:unit_notes", args=[army_list.public_id, unit_id])


@pytest.mark.parametrize("htmx", [True, False], ids=["htmx", "plain"])
def test_the_owner_writes_notes_on_the_list_and_a_unit(client, army_list, htmx):
    headers = HTMX if htmx else {}
    text = "Deploy the spears first.\n\tThen the witch."

    first = client.post(
        list_notes_url(army_list), {"version": army_list.version, "notes": text}, headers=headers
    )
    second = client.post(
        unit_notes_url(army_list),
        {"version": stored(army_list).version, "notes": "Hold the bridge"},
        headers=headers,
    )

    assert first.status_code == (200 if htmx else 302)
    assert second.status_code == (200 if htmx else 302)
    document = document_of(army_list)
    assert document.notes == text
    assert document.unit("u2").notes == "Hold the bridge"
    if htmx:
        assert 'id="notes-u2"' in second.content.decode()
        assert "Hold the bridge" in second.content.decode()


def test_the_editor_shows_the_notes_fields(client, army_list):
    """The list's notes on the page; a unit's in its card's controls, drawn when it is open."""
    url = reverse("armylists:editor", args=[army_list.public_id])
    page = client.get(url).content.decode()

    assert 'id="list-notes"' in page
    for n in (1, 2, 3):
        assert f'id="notes-u{n}"' not in page
        assert f'id="notes-u{n}"' in client.get(f"{url}?edit=u{n}").content.decode()


def test_control_characters_are_removed_but_line_breaks_and_tabs_kept(client, army_list):
    client.post(
        list_notes_url(army_list),
        {"version": army_list.version, "notes": "ab\u202ec\r\nd\te\x1b"},
    )

    assert document_of(army_list).notes == "abc\nd\te"


def test_a_nul_in_notes_is_refused_saying_where_and_nothing_changes(client, army_list):
    response = client.post(
        list_notes_url(army_list), {"version": army_list.version, "notes": "a\x00b"}, headers=HTMX
    )

    assert response.status_code == 400
    assert "form field &#x27;notes&#x27; contains a control character" in response.text
    assert document_of(army_list).notes == ""


def test_notes_over_2000_characters_are_refused_and_nothing_changes(client, army_list):
    before = stored(army_list).version

    response = client.post(
        list_notes_url(army_list), {"version": before, "notes": "x" * 2001}, headers=HTMX
    )

    assert response.status_code == 400
    assert "Notes have at most 2,000 characters" in response.content.decode()
    assert stored(army_list).version == before
    assert document_of(army_list).notes == ""


def test_a_stranger_cannot_write_notes(client, strangers_list):
    session_owner(client)

    response = client.post(
        list_notes_url(strangers_list), {"version": strangers_list.version, "notes": "mine"}
    )
    unit = client.post(
        unit_notes_url(strangers_list), {"version": strangers_list.version, "notes": "mine"}
    )

    assert response.status_code == unit.status_code == 404
    assert document_of(strangers_list).notes == ""


def test_notes_without_the_csrf_token_are_refused(make_list):
    strict = Client(enforce_csrf_checks=True)
    army_list = make_list(owner=session_owner(strict))

    response = strict.post(list_notes_url(army_list), {"version": army_list.version, "notes": "x"})

    assert response.status_code == 403
    assert document_of(army_list).notes == ""


def test_notes_are_shown_on_the_share_page_and_printed_on_the_roster(client, army_list):
    client.post(list_notes_url(army_list), {"version": army_list.version, "notes": "<b>Plan</b>"})
    client.post(
        unit_notes_url(army_list),
        {"version": stored(army_list).version, "notes": "Line one\nLine two"},
    )
    link = share_link_create(army_list=stored(army_list), kind="live")

    shared = Client().get(reverse("armylists:shared", args=[link.token])).content.decode()
    printed = roster_html(
        source_from_evaluated(evaluated_list(army_list=stored(army_list))),
        paper=paper_from("a4"),
    )

    for html in (shared, printed):
        assert "Player&#x27;s notes" in html or "Player's notes" in html
        assert "&lt;b&gt;Plan&lt;/b&gt;" in html
        assert "Line one<br>Line two" in html

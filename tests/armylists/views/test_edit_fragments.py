"""What keeps an edit fast on a long list, without changing what it shows.

An edit's answer reuses the HTML of fragments whose values did not change (the problems panel,
the marks of units with problems, each unit's profile): the reused HTML must be exactly what
drawing them again gives, and a changed value must be drawn anew. The SQL queries of an edit do
not grow with the list (bench/bench_edits.py times the same edits on a 60-unit list).
"""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

from forgebuilder import fragments
from forgebuilder.lists import edits
from forgebuilder.lists.note_edits import set_unit_notes

from .helpers import HTMX, change, document_of, session_owner, stored

CROSSBOW = "spearman.replace_weapon.spear"  # one Spearman in five may swap his spear for it
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="[^"]+"')


@pytest.fixture(autouse=True)
def _nothing_drawn_before():
    fragments.forget_all()
    yield
    fragments.forget_all()


def post_option(client, army_list, *, unit="u2", count=1):
    army_list = stored(army_list)
    url = reverse("armylists:unit_option", args=[army_list.public_id, unit])
    data = {"option": CROSSBOW, "choice": "crossbow", "count": count, "version": army_list.version}
    response = client.post(url, data, headers=HTMX)
    assert response.status_code == 200
    return CSRF.sub("csrf", response.content.decode())


def spearmen(count: int):
    """`count` more units of Spearmen in the list's first force."""

    def add(document, catalog):
        for _ in range(count):
            document, _ = edits.add_unit(document, catalog, datasheet="spearmen", force="f1")
        return document

    return add


def test_an_edit_answers_the_same_html_whether_its_fragments_were_drawn_before_or_not(
    client, army_list
):
    post_option(client, army_list, count=1)
    post_option(client, army_list, count=0)  # back as it was: every fragment is drawn already
    fragments.forget_all()
    drawn_fresh = post_option(client, army_list, count=1)
    post_option(client, army_list, count=0)

    reused = post_option(client, army_list, count=1)

    version = re.compile(r'name="version" value="\d+"|id="list-version" value="\d+"')
    assert version.sub("v", reused) == version.sub("v", drawn_fresh)


def test_a_unit_profile_shows_the_new_weapon_after_the_edit_not_a_drawing_from_before(
    client, army_list
):
    change(army_list, spearmen(1))  # u4: Spearmen too, with the same profile as u2
    before = post_option(client, army_list, unit="u2", count=0)
    assert "Crossbow" not in before.split('id="unit-u2-edit"')[0]

    after = post_option(client, army_list, unit="u2", count=1)

    profile = after.split('class="unit-profile')[1].split('id="unit-u2-edit"')[0]
    assert "Crossbow" in profile  # the replaced weapon shows the new one


def test_units_with_the_same_profile_share_one_drawing_but_keep_their_own_names(client, army_list):
    change(army_list, spearmen(1))
    page = client.get(reverse("armylists:editor", args=[army_list.public_id])).content.decode()

    u2 = page.split('id="unit-u2"')[1].split("</article>")[0]
    u4 = page.split('id="unit-u4"')[1].split("</article>")[0]
    profile = re.compile(r'<div class="unit-profile datasheet">(.*?)</div>\s*</div>', re.S)
    assert profile.search(u2).group(1) == profile.search(u4).group(1)
    assert 'id="unit-u2-name"' in u2 and 'id="unit-u4-name"' in u4


@pytest.mark.parametrize("kind", ["option", "models", "add"])
def test_the_queries_of_an_edit_do_not_grow_with_the_list(
    client, army_list, kind, django_assert_num_queries
):
    def post_counting_queries() -> None:
        current = stored(army_list)
        base = f"/lists/{current.public_id}/"
        url, data = {
            "option": (f"{base}units/u2/option", {"option": CROSSBOW, "choice": "crossbow"}),
            "models": (f"{base}units/u2/models", {"model": "spearman", "count": 6}),
            "add": (f"{base}units/add", {"datasheet": "spearmen", "force": "f1"}),
        }[kind]
        # the session, the owner's list found and locked, the revision kept for undo, trimming
        # the undo history, the list's update, and the savepoint around the edit (open, release)
        with django_assert_num_queries(7):
            response = client.post(url, {**data, "version": current.version}, headers=HTMX)
        assert response.status_code == 200
        client.post(f"{base}undo", {"version": current.version + 1}, headers=HTMX)

    post_counting_queries()  # 4 units
    change(army_list, spearmen(20))
    post_counting_queries()  # 24 units


EMBER_REACH = Path(__file__).resolve().parents[3] / "factions" / "game_modules" / "ember-reach"
TWO_CORE = "Force organization 'Muster' needs at least 2 Core units; you have 1."


def problems_of(html: str, unit_id: str) -> list[str] | None:
    """The problems a card's list shows, or None when the answer does not redraw that list."""
    found = re.search(
        rf'<ul class="unit-problems" id="unit-{unit_id}-problems"[^>]*>(.*?)</ul>', html
    )
    return (
        None
        if found is None
        else [unescape(p) for p in re.findall(r"<li>(.*?)</li>", found.group(1))]
    )


def test_adding_a_unit_redraws_the_problems_of_every_card_it_fixes(client, muster_with_one_core):
    """The issue's case: a second Core unit, added from the catalogue, fixes a rule shown on
    the first one's card; the answer redraws that card's problems out of band."""
    army_list = muster_with_one_core
    editor = client.get(reverse("armylists:editor", args=[army_list.public_id])).text
    assert problems_of(editor, "u2") == [TWO_CORE]
    url = reverse("armylists:unit_add", args=[army_list.public_id])
    data = {"datasheet": "firelock_company", "force": "f1", "version": army_list.version}

    response = client.post(url, data, headers=HTMX)

    assert response.status_code == 200
    assert problems_of(response.text, "u2") == []
    assert 'id="unit-u2-problems" hidden hx-swap-oob="true"' in response.text


def editor_page(client, army_list, edit: str = "") -> str:
    """The editor page; `edit`: with that unit's card open (its controls drawn)."""
    url = reverse("armylists:editor", args=[army_list.public_id])
    return client.get(f"{url}?edit={edit}" if edit else url).text


def card(page: str, unit_id: str) -> str:
    return re.search(rf'<article class="unit[^"]*" id="unit-{unit_id}".*?</article>', page, re.S)[0]


def form_fields(html: str, action: str) -> dict[str, str]:
    """The hidden fields of the first form in `html` posting to an URL ending in `action`."""
    form = re.search(rf'<form[^>]* action="[^"]*/{action}".*?</form>', html, re.S)[0]
    return dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', form))


def test_the_editor_page_is_the_same_whether_its_unit_cards_were_drawn_before_or_not(
    client, army_list
):
    editor_page(client, army_list)  # every card is kept now
    reused = editor_page(client, army_list)
    fragments.forget_all()

    drawn_fresh = editor_page(client, army_list)

    tokens = re.compile(r'name="csrfmiddlewaretoken" value="[^"]+"|"X-CSRFToken": "[^"]+"')
    assert tokens.sub("csrf", reused) == tokens.sub("csrf", drawn_fresh)


def test_a_kept_card_carries_the_lists_version_now_and_a_token_its_session_can_post_with(
    make_list,
):
    """A card kept from an earlier page is stamped with this request's token and version:
    posting its form (CSRF checked, as a browser's would be) is accepted after an edit of
    another unit, which left the card's content unchanged."""
    browser = Client(enforce_csrf_checks=True)
    army_list = make_list(owner=session_owner(browser))
    first = card(editor_page(browser, army_list, "u2"), "u2")
    fields = form_fields(first, "rename")
    url = reverse("armylists:unit_rename", args=[army_list.public_id, "u1"])
    assert browser.post(url, {**fields, "name": "Old Ned"}).status_code == 302

    kept = card(editor_page(browser, army_list, "u2"), "u2")

    now = stored(army_list).version
    assert now == int(fields["version"]) + 1
    assert set(re.findall(r'name="version" value="(\d+)"', kept)) == {str(now)}
    url = reverse("armylists:unit_rename", args=[army_list.public_id, "u2"])
    answer = browser.post(url, {**form_fields(kept, "rename"), "name": "Young Tom"})
    assert answer.status_code == 302
    assert document_of(army_list).unit("u2").name == "Young Tom"


def test_a_kept_card_shows_notes_written_since(client, army_list):
    editor_page(client, army_list, "u2")
    change(army_list, lambda doc, cat: set_unit_notes(doc, unit_id="u2", notes="Hold the ford"))

    assert "Hold the ford</textarea>" in card(editor_page(client, army_list, "u2"), "u2")


def test_the_kept_fragments_stay_within_their_character_budget(monkeypatch):
    monkeypatch.setattr(fragments, "CHARACTERS", 10)
    fragments.drawn_once(("first",), lambda: "a" * 6)
    fragments.drawn_once(("second",), lambda: "b" * 6)  # 12 characters: the first goes

    assert fragments.drawn_once(("first",), lambda: "drawn again") == "drawn again"
    assert fragments.drawn_once(("big",), lambda: "c" * 11) == "c" * 11  # kept by none
    assert fragments.drawn_once(("big",), lambda: "drawn again") == "drawn again"


def test_a_card_drawn_without_a_request_has_no_token_and_no_mark_left(army_list):
    from django.template.loader import render_to_string

    from forgebuilder.lists.presenters.editor import editor_context
    from forgebuilder.lists.selectors import evaluated_list
    from forgebuilder.lists.templatetags.unit_card import CSRF_MARK, VERSION_MARK

    evaluated = evaluated_list(army_list=army_list)
    context = editor_context(army_list, evaluated.roster, evaluated.report)

    html = render_to_string(
        "armylists/editor/unit.html#unit",
        {**context, "unit": context["units"]["u2"], "open_unit": "u2"},
    )

    assert 'id="unit-u2"' in html and CSRF_MARK not in html and VERSION_MARK not in html
    assert "csrfmiddlewaretoken" not in html
    assert f'name="version" value="{army_list.version}"' in html

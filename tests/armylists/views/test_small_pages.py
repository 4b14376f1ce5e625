"""A small editor page (issue 41: a 30-unit list on a phone with one bar of signal).

The page carries one CSRF token for htmx (`hx-headers` on `<body>`) and one in each form a
player without JavaScript posts, and no more: a unit's controls (a dozen forms each) are drawn
only when its card is opened, by a plain link to the page with that card open (`?edit=<unit>`),
which htmx fetches into the card instead; the catalogue adds any datasheet with one form.
"""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from .helpers import EVERY_MODULE, HTMX, document_of, elements, list_of, top_level_ids

TOKEN = 'name="csrfmiddlewaretoken"'
POST_FORM = re.compile(r"<form\b[^>]*\bmethod=\"post\".*?</form>", re.S)
CARD = re.compile(r'<article class="unit[^"]*" id="unit-(\w+)".*?</article>', re.S)


def editor(client, army_list, query: str = "", **headers):
    url = reverse("armylists:editor", args=[army_list.public_id])
    return client.get(url + query, headers=headers)


def post_forms(html: str) -> list[str]:
    return POST_FORM.findall(html)


@pytest.mark.parametrize("game_module", EVERY_MODULE, indirect=True)
def test_the_editor_of_30_units_holds_one_token_for_htmx_and_one_per_plain_form(
    client, game_module
):
    module = game_module
    html = editor(client, list_of(client, module, 30)).text
    small = editor(client, list_of(client, module, 1)).text

    assert len(re.findall(r'hx-headers=\'\{"X-CSRFToken": "[^"]+"\}\'', html)) == 1
    forms = post_forms(html)
    assert all(form.count(TOKEN) == 1 for form in forms), "one token in each plain form"
    assert html.count(TOKEN) == len(forms), "no token outside a form that posts"
    cards = CARD.findall(html)
    assert len(cards) == 30
    for match in CARD.finditer(html):
        assert "<form" not in match[0], f"unit {match[1]}: its controls wait for it to open"
    # the forms are the list's, not its units': as many for 30 units as for one
    assert len(forms) == len(post_forms(small))


def test_a_cards_edit_link_opens_it_on_a_plain_page_and_htmx_fetches_the_card_alone(
    client, army_list
):
    page = editor(client, army_list).text
    link = re.search(r'<a [^>]*id="unit-u2-open"[^>]*>', page)[0]
    assert 'href="?edit=u2#unit-u2"' in link and 'hx-get="?edit=u2"' in link
    assert 'hx-target="#unit-u2"' in link and 'hx-swap="outerHTML"' in link

    plain = editor(client, army_list, "?edit=u2")
    opened = {m[1]: m[0] for m in CARD.finditer(plain.text)}
    assert "/u2/option" in opened["u2"] and "/u2/models" in opened["u2"]
    assert '<details class="unit-edit" id="unit-u2-edit" open>' in opened["u2"]
    assert all("<form" not in opened[u] for u in ("u1", "u3")), "only the card opened"

    fetched = editor(client, army_list, "?edit=u2", **HTMX)
    assert fetched.status_code == 200
    assert top_level_ids(fetched) == ["unit-u2"]
    # the same card, its forms without token fields: htmx sends the page's token in a header
    assert TOKEN not in fetched.text
    field = re.compile(r'<input type="hidden" ' + TOKEN + r' value="[^"]+">')
    assert CARD.search(fetched.text)[0] == field.sub("", opened["u2"])
    assert "HX-Request" in fetched["Vary"]  # the page and the card share one address

    assert editor(client, army_list, "?edit=u99", **HTMX).status_code == 404


def test_without_javascript_a_player_opens_a_card_and_changes_an_option_there(client, army_list):
    """The plain path end to end: the Edit link, the option's form as the page draws it, and
    the redirect back to the card, open, showing the change."""
    page = editor(client, army_list, "?edit=u2").text
    form = next(f for f in post_forms(page) if 'action="' in f and "/u2/option" in f)
    fields = {
        e.attrs["name"]: e.attrs.get("value") or ""
        for e in elements(form).elements
        if e.tag in ("input", "select") and e.attrs.get("name")
    }
    fields.update(count="1")  # the crossbow's box ticked
    action = re.search(r'action="([^"]+)"', form)[1]

    answer = client.post(action, fields)

    assert answer.status_code == 302
    assert answer["Location"].endswith("?edit=u2#unit-u2")
    assert document_of(army_list).unit("u2").options
    back = client.get(answer["Location"]).text
    assert "/u2/option" in {m[1]: m[0] for m in CARD.finditer(back)}["u2"]

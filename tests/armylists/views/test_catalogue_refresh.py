"""The catalogue follows the list: an add refreshes its category's slot count and marks, a
removal refreshes the whole catalogue, and the editor page takes its search and force from the
address (the catalogue works without JavaScript)."""

from __future__ import annotations

from django.urls import reverse

from .helpers import HTMX, elements, oob_ids


def post(client, army_list, name, data, *args):
    url = reverse(f"armylists:{name}", args=[army_list.public_id, *args])
    return client.post(url, {"version": army_list.version, **data}, headers=HTMX)


def test_adding_a_unit_refreshes_the_slot_count_of_its_category(client, army_list):
    response = post(client, army_list, "unit_add", {"datasheet": "captain", "force": "f1"})

    assert "catalogue-cat-hero" in oob_ids(response)
    heading = response.text[response.text.index('id="catalogue-cat-hero"') :].split("</h3>")[0]
    # the list had a Captain and a River Witch: a third hero overfills the Patrol's two slots
    assert "3/2" in heading and "slot-count full" in heading
    assert "Hero slots full (3/2)" in response.text
    assert "Added Captain" in response.text  # the confirmation names the unit


def test_removing_a_unit_refreshes_the_catalogue(client, army_list):
    response = post(client, army_list, "unit_remove", {}, "u1")

    assert "catalogue-list" in oob_ids(response)


def test_a_unit_edit_leaves_the_catalogue_alone(client, army_list):
    response = post(client, army_list, "unit_rename", {"name": "Bold"}, "u1")

    assert not any(i.startswith("catalogue") for i in oob_ids(response))


def test_the_catalogue_search_works_as_a_plain_get_form(client, army_list):
    url = reverse("armylists:editor", args=[army_list.public_id])

    response = client.get(url, {"q": "spear"})

    page = elements(response)
    form = next(e for e in page.elements if e.attrs.get("id") == "catalogue-search")
    assert (form.attrs["method"], form.attrs["action"]) == ("get", f"{url}#catalogue")
    buttons = [e.attrs.get("aria-label") for e in page.elements if e.tag == "button"]
    assert "Add Spearmen" in buttons
    assert "Add Captain" not in buttons  # no match: its category is not shown at all
    assert 'id="catalogue-cat-hero"' not in response.text


def test_a_search_without_a_match_says_so(client, army_list):
    url = reverse("armylists:editor", args=[army_list.public_id])

    response = client.get(url, {"q": "dragon"})

    assert "No datasheet matches “dragon”." in response.text


def test_the_text_export_is_in_the_editor_page_for_readers_without_javascript(client, army_list):
    response = client.get(reverse("armylists:editor", args=[army_list.public_id]))

    box = response.text[response.text.index('id="list-text"') :].split("</textarea>")[0]
    assert "Captain" in box and "Spearmen" in box

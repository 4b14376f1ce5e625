"""The editor page: who may open it, what it is made of, that it escapes what players type, and
that an edit costs the same few queries however long the list is."""

from __future__ import annotations

import re

import pytest
from django.urls import resolve, reverse

from forgebuilder.lists import edits
from forgebuilder.lists.services import army_list_delete

from .helpers import HTMX, change, elements, list_version_shown, oob_ids, stored

SCRIPT = "<script>alert(1)</script>"
ESCAPED = "&lt;script&gt;alert(1)&lt;/script&gt;"

# The parts htmx answers replace: each is an element of the full page with the same id.
PARTS = {"editor", "flash", "totals", "violations", "catalogue", "roster", "undo", "legends"}
PARTS |= {"list-version", "unit-u1", "unit-u2", "unit-u3", "unit-marks", "force-f1-slots"}


# The edits the editor page offers (list rename, duplicate and delete live on "My lists").
EDIT_URL_NAMES = {
    "settings", "undo", "unit_add", "unit_models", "unit_option", "unit_rename",
    "unit_specialty", "unit_duplicate", "unit_remove", "unit_move", "unit_reorder",
    "force_add", "force_remove", "force_focus", "legend_add", "legend_remove",
}  # fmt: skip


def forms_of(response) -> list[dict]:
    """Each post form: its action, hx-post and the values of its hidden inputs."""
    found, form = [], None
    for element in elements(response).elements:
        if element.tag == "form" and (element.attrs.get("method") or "").lower() == "post":
            form = {"action": element.attrs["action"], "hx-post": element.attrs.get("hx-post")}
            found.append(form)
        elif element.tag == "input" and form is not None and element.attrs.get("type") == "hidden":
            form.setdefault(element.attrs.get("name"), element.attrs.get("value"))
    return found


def editor_url(army_list) -> str:
    return reverse("armylists:editor", args=[army_list.public_id])


def test_the_owner_sees_the_whole_editor(client, army_list):
    response = client.get(editor_url(army_list))

    assert response.status_code == 200
    assert response.text.lstrip().lower().startswith("<!doctype html>")
    page_ids = {e.attrs.get("id") for e in elements(response).elements}
    assert page_ids >= PARTS
    assert oob_ids(response) == set(), "a full page swaps nothing out of band"
    assert "Bridge Watch" in response.text
    assert list_version_shown(response) == army_list.version


def test_every_edit_form_of_the_editor_carries_the_list_version_and_the_csrf_token(
    client, army_list
):
    """Undo has a change to take back; a second force organization lets units move."""
    army_list = change(
        army_list,
        lambda d, c: edits.add_force(d, c, organization="vanguard", faction="millford")[0],
    )

    # a unit's controls are drawn in its card when it is open: the page with each one open
    pages = [client.get(f"{editor_url(army_list)}?edit={unit}") for unit in ("u1", "u2", "u3")]

    edit_forms = [
        form
        for response in pages
        for form in forms_of(response)
        if resolve(form["action"]).url_name in EDIT_URL_NAMES
    ]
    assert {resolve(form["action"]).url_name for form in edit_forms} == EDIT_URL_NAMES
    for form in edit_forms:
        assert form["version"] == str(army_list.version), form["action"]
        assert form["csrfmiddlewaretoken"], form["action"]
        assert form["hx-post"] == form["action"], "htmx posts where the plain form posts"


def test_the_editor_names_the_last_change_on_the_undo_button(client, army_list):
    army_list = change(
        army_list,
        lambda d, c: edits.rename_unit(d, unit_id="u2", name="Guard"),
        label="Rename a unit",
    )

    response = client.get(editor_url(army_list))

    assert 'title="Undo: Rename a unit"' in response.text


def test_with_nothing_to_undo_the_undo_button_is_disabled(client, army_list):
    response = client.get(editor_url(army_list))

    undo = [
        e
        for e in elements(response).elements
        if e.tag == "button" and e.attrs.get("title") == "Nothing to undo"
    ]
    assert len(undo) == 1 and "disabled" in undo[0].attrs


@pytest.mark.parametrize(
    "whose",
    [
        "a stranger's",  # another anonymous browser's list
        "a deleted",  # the owner's own list, in the bin: restore it first
        "no",  # an id nobody has
    ],
)
def test_the_editor_of_a_list_one_does_not_own_is_not_found(
    client, army_list, strangers_list, whose
):
    if whose == "a deleted":
        army_list_delete(army_list=army_list)
        url = editor_url(army_list)
    elif whose == "a stranger's":
        url = editor_url(strangers_list)
    else:
        url = reverse("armylists:editor", args=["no-such-list"])

    response = client.get(url)

    assert response.status_code == 404
    assert "Not yours" not in response.text


def test_the_editor_only_answers_get(client, army_list):
    assert client.post(editor_url(army_list)).status_code == 405


# ---- escaping -----------------------------------------------------------------------------


def test_a_list_and_unit_named_like_a_script_are_shown_as_text_in_the_editor(
    client, owner, make_list
):
    army_list = make_list(owner=owner, name=SCRIPT)
    army_list = change(army_list, lambda d, c: edits.rename_unit(d, unit_id="u2", name=SCRIPT))

    response = client.get(editor_url(army_list))

    assert SCRIPT not in response.text
    assert f"<title>{ESCAPED} · forgebuilder</title>" in response.text
    assert f'<h1 class="list-title">{ESCAPED}</h1>' in response.text
    assert f'<h3 id="unit-u2-name" tabindex="-1">{ESCAPED}</h3>' in response.text


def test_a_unit_named_like_a_script_is_escaped_in_the_htmx_fragment(client, army_list):
    url = reverse("armylists:unit_rename", args=[army_list.public_id, "u2"])

    response = client.post(url, {"version": army_list.version, "name": SCRIPT}, headers=HTMX)

    assert response.status_code == 200
    assert SCRIPT not in response.text
    assert f'<h3 id="unit-u2-name" tabindex="-1">{ESCAPED}</h3>' in response.text


def test_a_unit_named_like_a_script_is_escaped_in_the_violations(client, owner, make_list):
    """Three Heroes: the violation links to each by its (custom) name."""
    army_list = make_list(owner=owner, units=[("captain", "f1")] * 3, legends=())
    army_list = change(army_list, lambda d, c: edits.rename_unit(d, unit_id="u1", name=SCRIPT))

    response = client.get(editor_url(army_list))

    assert SCRIPT not in response.text
    assert f'<a href="#unit-u1" data-show-unit>{ESCAPED}</a>' in response.text


def test_a_refusal_quoting_what_was_posted_is_escaped(client, army_list):
    url = reverse("armylists:unit_add", args=[army_list.public_id])

    response = client.post(url, {"version": army_list.version, "datasheet": SCRIPT}, headers=HTMX)

    assert response.status_code == 400
    assert SCRIPT not in response.text
    assert ESCAPED in response.text


# ---- queries ------------------------------------------------------------------------------

EDIT_QUERIES = 9  # session, list, savepoint, lock, revision, trim, save, release, undo label


@pytest.mark.parametrize("htmx", [True, False], ids=["htmx", "plain"])
def test_the_queries_of_an_edit_do_not_grow_with_the_number_of_units(
    client, owner, make_list, django_assert_max_num_queries, htmx
):
    counted = {}
    for size in (5, 40):
        army_list = make_list(
            owner=owner, units=[("spearmen", "f1")] * size, legends=(), points_limit=5000
        )
        client.get(editor_url(army_list))  # the module's catalogue is loaded once per process
        url = reverse("armylists:unit_models", args=[army_list.public_id, "u2"])

        with django_assert_max_num_queries(EDIT_QUERIES) as captured:
            response = client.post(
                url,
                {"version": army_list.version, "model": "spearman", "count": "7"},
                headers=HTMX if htmx else {},
            )

        assert response.status_code == (200 if htmx else 302)
        assert stored(army_list).version == army_list.version + 1
        counted[size] = len(captured.captured_queries)
    assert counted[5] == counted[40]


def test_the_queries_of_the_editor_page_do_not_grow_with_the_number_of_units(
    client, owner, make_list, django_assert_max_num_queries
):
    counted = {}
    for size in (5, 40):
        army_list = make_list(
            owner=owner, units=[("spearmen", "f1")] * size, legends=(), points_limit=5000
        )
        client.get(editor_url(army_list))

        with django_assert_max_num_queries(4) as captured:
            assert client.get(editor_url(army_list)).status_code == 200

        counted[size] = len(captured.captured_queries)
    assert counted[5] == counted[40]


def test_removing_a_force_offers_to_move_its_units_only_to_forces_of_their_faction(
    client, army_list
):
    """Free Blades (f2) serve the Millford list; their Sellsword cannot join the Patrol."""
    army_list = change(
        army_list,
        lambda d, c: edits.add_unit(
            edits.add_force(d, c, organization="vanguard", faction="free_blades")[0],
            c,
            datasheet="sellsword",
            force="f2",
        )[0],
    )

    response = client.get(editor_url(army_list))
    # the catalogue's "Adding to" menu offers every force: it is not a move
    page = re.sub(r'<select id="adding-to".*?</select>', "", response.text, flags=re.S)

    move_targets = [
        e.attrs.get("value")
        for e in elements(page).elements
        if e.tag == "option" and e.attrs.get("value") in ("f1", "f2")
    ]
    # the unit "Move to" selects offer none (no force of the same faction); the force removal
    # selects should offer none either
    assert move_targets == []


def test_each_force_header_offers_its_factions_focuses_with_the_one_taken_selected(
    client, army_list
):
    """The Patrol (f1) keeps no focus; a Vanguard (f2) takes the Town Watch; an allied Patrol
    of Hollowmere (f3), a faction without focuses, offers no focus to pick."""

    def forces(document, catalog):
        document, _ = edits.add_force(
            document, catalog, organization="vanguard", faction="millford"
        )
        document = edits.set_force_focus(document, catalog, force_id="f2", focus="watch")
        return edits.add_force(document, catalog, organization="patrol", faction="hollowmere")[0]

    army_list = change(army_list, forces)

    response = client.get(editor_url(army_list))

    focus_forms = [
        form for form in forms_of(response) if resolve(form["action"]).url_name == "force_focus"
    ]
    assert [resolve(form["action"]).kwargs["force_id"] for form in focus_forms] == ["f1", "f2"]
    f2 = re.search(r'<select id="focus-f2".*?</select>', response.text, flags=re.S).group(0)
    assert '<option value="watch" selected>Town Watch</option>' in f2
    assert '<option value="levy" >Levy (restricted)</option>' in f2
    assert 'id="focus-f3"' not in response.text


def test_two_forces_of_one_name_are_numbered_and_a_problem_leads_to_its_force(client, army_list):
    """A second, empty Patrol needs a Hero and a Core unit: its problems name "Patrol (2)" and
    link to that force's header, which reads "Patrol (2)" too."""
    army_list = change(
        army_list,
        lambda d, c: edits.add_force(d, c, organization="patrol", faction="millford")[0],
    )

    response = client.get(editor_url(army_list))

    headers = re.findall(r'<header class="force-head">\s*<h2>([^<]*)', response.text)
    assert [h.strip() for h in headers] == ["Patrol (1)", "Patrol (2)"]
    panel = re.search(r'<section id="violations".*?</section>', response.text, re.S).group(0)
    hero = re.search(r"<li[^>]*data-code=\"force-org-min\".*?</li>", panel, re.S).group(0)
    assert "Force organization &#x27;Patrol (2)&#x27; needs at least 1 Hero unit" in hero
    assert '<a href="#force-f2" class="force-link" data-show-force>Patrol (2)</a>' in hero
    assert 'id="force-f2"' in response.text

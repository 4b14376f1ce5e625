"""The editor's banner for a list built on an older version of its module, and its "Update"
button: a plain form post (no JavaScript), one undoable edit, undone with the banner back."""

from __future__ import annotations

from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from forgebuilder.lists.selectors import evaluated_list
from tests.armylists.test_data_updates import built_on_old_version, newest_number

from .helpers import HTMX, document_of, shows, stored


def editor(client, army_list):
    return client.get(reverse("armylists:editor", args=[army_list.public_id]))


def test_the_editor_shows_what_the_new_version_changed_and_the_update_drops_the_option(
    client, owner
):
    army_list, before, sheet_name = built_on_old_version("iron-squads", owner)
    module = army_list.module.name

    page = editor(client, army_list)

    assert shows(page, f"{module} 7.2 changed 1 thing in this list")
    assert shows(page, f"{sheet_name}: ")
    assert shows(page, "Update to 7.2")
    assert reverse("factions:module_versions", args=[army_list.module.slug]) in page.text
    url = reverse("armylists:update_data", args=[army_list.public_id])

    response = client.post(url, {"version": stored(army_list).version}, follow=True)

    [unit] = before.document.units
    assert document_of(army_list) == before.document.model_copy(
        update={
            "module_version": "7.2",
            "data_version": newest_number(army_list.module),
            "units": (unit.model_copy(update={"options": ()}),),
        }
    )
    assert shows(response, "Dropped what the new version no longer has: ")
    assert not shows(response, "changed 1 thing in this list")
    assert shows(response, f"Undo: Update to {module} 7.2")


def test_undoing_the_update_brings_the_old_list_and_its_banner_back(client, owner):
    army_list, before, _ = built_on_old_version("iron-squads", owner)
    url = reverse("armylists:update_data", args=[army_list.public_id])
    client.post(url, {"version": stored(army_list).version})

    undone = client.post(
        reverse("armylists:undo", args=[army_list.public_id]),
        {"version": stored(army_list).version},
        headers=HTMX,
    )

    assert document_of(army_list) == before.document
    assert 'id="data-update" hx-swap-oob="true"' in undone.text
    assert "changed 1 thing in this list" in undone.text
    assert shows(editor(client, army_list), "changed 1 thing in this list")


def test_an_update_from_an_out_of_date_page_changes_nothing(client, owner):
    army_list, before, _ = built_on_old_version("iron-squads", owner)
    url = reverse("armylists:update_data", args=[army_list.public_id])

    response = client.post(url, {"version": stored(army_list).version - 1})

    assert response.status_code == 409
    assert document_of(army_list) == before.document


def test_my_lists_marks_a_list_built_on_an_older_version_in_the_same_queries(client, owner):
    army_list, _, _ = built_on_old_version("iron-squads", owner)
    my_lists = reverse("armylists:my_lists")
    module = army_list.module.name

    def page():
        with CaptureQueriesContext(connection) as captured:
            response = client.get(my_lists)
        return response, len(captured)

    outdated, queries = page()
    client.post(
        reverse("armylists:update_data", args=[army_list.public_id]),
        {"version": stored(army_list).version},
    )
    current, queries_after = page()

    assert shows(outdated, f"{module} 7.1: updated since")
    assert not shows(current, "updated since")
    assert queries == queries_after


def test_a_module_republished_under_its_label_shows_the_banner(client, owner):
    army_list, _, _ = built_on_old_version("iron-squads", owner, labels=("1.3", "1.3"))
    first = newest_number(army_list.module) - 1

    page = editor(client, army_list)

    assert shows(page, f"{army_list.module.name} 1.3 (#{first + 1}) changed 1 thing in this list")
    assert shows(page, f"This list was built on 1.3 (#{first}).")
    assert shows(page, f"Keep 1.3 (#{first}) for now")


def test_keeping_the_version_reads_the_list_with_it_in_one_line_and_update_still_works(
    client, owner
):
    army_list, before, _ = built_on_old_version("iron-squads", owner)
    module = army_list.module.name
    keep = reverse("armylists:keep_data", args=[army_list.public_id])

    kept = client.post(keep, {"version": stored(army_list).version}, follow=True)

    # read with 7.1: the old total, the option still there, no warning of another version
    assert document_of(army_list).pinned
    assert evaluated_list(army_list=stored(army_list)).roster.points == before.roster.points
    assert shows(kept, f"Built on {module} 7.1; 7.2 is out.")
    assert shows(kept, "See what changes")
    assert not shows(kept, "changed 1 thing in this list")
    assert not shows(kept, "the module is now version 7.2")
    assert shows(kept, f"Undo: Keep {module} 7.1")

    client.post(
        reverse("armylists:update_data", args=[army_list.public_id]),
        {"version": stored(army_list).version},
    )

    updated = document_of(army_list)
    assert (updated.pinned, updated.module_version) == (False, "7.2")
    assert stored(army_list).points != before.roster.points
    assert not shows(editor(client, army_list), "7.2 is out")


def test_keeping_is_undone_like_any_edit(client, owner):
    army_list, before, _ = built_on_old_version("iron-squads", owner)
    client.post(
        reverse("armylists:keep_data", args=[army_list.public_id]),
        {"version": stored(army_list).version},
    )

    client.post(
        reverse("armylists:undo", args=[army_list.public_id]),
        {"version": stored(army_list).version},
    )

    assert document_of(army_list) == before.document
    assert shows(editor(client, army_list), "changed 1 thing in this list")


def test_my_lists_marks_a_list_whose_label_was_republished(client, owner):
    army_list, _, _ = built_on_old_version("iron-squads", owner, labels=("1.3", "1.3"))
    my_lists = reverse("armylists:my_lists")

    outdated = client.get(my_lists)
    client.post(
        reverse("armylists:update_data", args=[army_list.public_id]),
        {"version": stored(army_list).version},
    )

    assert shows(outdated, f"{army_list.module.name} 1.3: updated since")
    assert not shows(client.get(my_lists), "updated since")

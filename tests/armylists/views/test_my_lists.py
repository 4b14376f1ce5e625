"""My lists: what it shows, and renaming, duplicating, deleting and restoring a list."""

from __future__ import annotations

import pytest
from django.urls import reverse

from forgebuilder.lists import edits
from forgebuilder.lists.models import ArmyList
from forgebuilder.lists.services import army_list_delete

from .helpers import change, elements, shows, stored

MY_LISTS = reverse("armylists:my_lists")


def rows(response) -> list[str]:
    """The text of each row of the lists table."""
    html = response.text
    body = html[html.index("<tbody>") : html.index("</tbody>")] if "<tbody>" in html else ""
    return [row.split("</tr>")[0] for row in body.split("<tr>")[1:]]


def snapshot(army_list) -> tuple:
    army_list = stored(army_list)
    return (army_list.document, army_list.version, army_list.name, army_list.deleted_at)


# ---- the page ----------------------------------------------------------------------------


def test_my_lists_shows_module_faction_points_and_a_legal_badge(client, army_list):
    response = client.get(MY_LISTS)

    assert response.status_code == 200
    [row] = rows(response)
    assert "Bridge Watch" in row
    assert "<td>Mini Vale</td>" in row
    assert "<td>Millford</td>" in row
    assert '<td class="num">100 / 150</td>' in row  # 30 + 25 + 35 and the 10-point legend
    assert '<span class="badge ok">Legal</span>' in row
    assert "3 units" in row


def test_a_list_that_breaks_a_rule_has_a_not_legal_badge(client, owner, make_list):
    make_list(owner=owner, name="Three Heroes", units=[("captain", "f1")] * 3, legends=())

    [row] = rows(client.get(MY_LISTS))

    assert "Three Heroes" in row
    assert '<span class="badge bad">Not legal</span>' in row


def test_my_lists_links_each_list_to_its_editor(client, army_list):
    response = client.get(MY_LISTS)

    editor = reverse("armylists:editor", args=[army_list.public_id])
    assert f'<a href="{editor}">Bridge Watch</a>' in response.text


def test_my_lists_shows_only_the_lists_of_this_browser(client, army_list, strangers_list):
    response = client.get(MY_LISTS)

    assert len(rows(response)) == 1
    assert "Not yours" not in response.text
    assert strangers_list.public_id not in response.text


def test_my_lists_says_where_anonymous_lists_live(client, army_list):
    assert "These lists live in this browser." in client.get(MY_LISTS).text


def test_with_no_lists_my_lists_offers_to_start_one(client, db):
    response = client.get(MY_LISTS)

    assert "No lists yet." in response.text
    assert "Start your first list" in response.text


def test_a_list_named_like_a_script_is_escaped_on_my_lists(client, owner, make_list):
    make_list(owner=owner, name="<script>alert(1)</script>")

    response = client.get(MY_LISTS)

    assert "<script>alert(1)</script>" not in response.text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in response.text


def test_the_queries_of_my_lists_do_not_grow_with_the_number_of_lists(
    client, owner, make_list, django_assert_max_num_queries
):
    counted = {}
    for total in (2, 12):
        while ArmyList.objects.count() < total:
            make_list(owner=owner)
        with django_assert_max_num_queries(5) as captured:
            assert client.get(MY_LISTS).status_code == 200
        counted[total] = len(captured.captured_queries)
    assert counted[2] == counted[12]


# ---- rename ------------------------------------------------------------------------------


def rename(client, army_list, **data):
    return client.post(reverse("armylists:rename", args=[army_list.public_id]), data)


def test_renaming_a_list_changes_its_name_and_version(client, army_list):
    response = rename(client, army_list, name="  Old   Bridge ")

    assert response.status_code == 302
    assert response["Location"] == MY_LISTS
    assert stored(army_list).name == "Old Bridge"
    assert stored(army_list).document["name"] == "Old Bridge"
    assert stored(army_list).version == army_list.version + 1
    assert "List renamed." in client.get(MY_LISTS).text


def test_renaming_from_the_editor_goes_back_to_the_editor(client, army_list):
    editor = reverse("armylists:editor", args=[army_list.public_id])

    response = rename(client, army_list, name="Old Bridge", next=editor)

    assert response["Location"] == editor


def test_renaming_keeps_a_change_made_meanwhile_in_the_editor(client, army_list):
    change(army_list, lambda d, c: edits.rename_unit(d, unit_id="u2", name="Guard"))

    rename(client, army_list, name="Old Bridge")

    assert stored(army_list).document["units"][1]["name"] == "Guard"


@pytest.mark.parametrize(
    "data",
    [
        {"name": "x" * 121},  # longer than a list name may be
        {"name": "   "},  # blank
        {},  # no name at all
    ],
    ids=["too long", "blank", "missing"],
)
def test_a_bad_new_name_changes_nothing_and_says_why(client, army_list, data):
    before = snapshot(army_list)

    response = rename(client, army_list, **data)

    assert snapshot(army_list) == before
    follow = client.get(response["Location"]) if response.status_code == 302 else response
    assert 'class="error"' in follow.text


def test_a_bad_new_name_is_a_400(client, army_list):
    assert rename(client, army_list, name="x" * 121).status_code == 400


def test_renaming_never_redirects_to_another_site(client, army_list):
    response = rename(client, army_list, name="Old Bridge", next="https://evil.example/")

    assert not response["Location"].startswith("https://evil.example")


@pytest.mark.parametrize("next_url", ["my_lists", "x", "//evil.example/", "lists/"])
def test_renaming_with_a_next_that_is_no_path_of_the_site_goes_to_my_lists(
    client, army_list, next_url
):
    response = rename(client, army_list, name="Old Bridge", next=next_url)

    assert response.status_code == 302  # was a 500 for any word (taken for a view name)
    assert response["Location"] == MY_LISTS
    assert stored(army_list).name == "Old Bridge"


def test_renaming_someone_elses_list_is_not_found(client, owner, strangers_list):
    before = snapshot(strangers_list)

    response = rename(client, strangers_list, name="Mine now")

    assert response.status_code == 404
    assert snapshot(strangers_list) == before


def test_rename_only_answers_post(client, army_list):
    url = reverse("armylists:rename", args=[army_list.public_id])
    assert client.get(url, {"name": "Via GET"}).status_code == 405
    assert stored(army_list).name == "Bridge Watch"


# ---- duplicate ---------------------------------------------------------------------------


def duplicate(client, army_list):
    return client.post(reverse("armylists:duplicate", args=[army_list.public_id]))


def test_duplicating_a_list_makes_a_copy_and_opens_it(client, owner, army_list):
    before = snapshot(army_list)

    response = duplicate(client, army_list)

    copy = ArmyList.objects.exclude(pk=army_list.pk).get()
    assert response.status_code == 302
    assert response["Location"] == reverse("armylists:editor", args=[copy.public_id])
    assert copy.name == "Bridge Watch (copy)"
    assert copy.document == {**army_list.document, "name": "Bridge Watch (copy)"}
    assert (copy.owner_token, copy.version, copy.points) == (owner.token, 1, army_list.points)
    assert snapshot(army_list) == before
    assert "Made a copy: Bridge Watch (copy)." in client.get(response["Location"]).text


def test_the_copy_of_a_list_has_no_undo_history_of_its_own(client, army_list):
    army_list = change(army_list, lambda d, c: edits.rename_unit(d, unit_id="u2", name="Guard"))

    duplicate(client, army_list)

    copy = ArmyList.objects.exclude(pk=army_list.pk).get()
    assert not copy.revisions.exists()
    assert stored(army_list).revisions.count() == 1


def test_duplicating_someone_elses_list_is_not_found_and_makes_nothing(
    client, owner, strangers_list
):
    response = duplicate(client, strangers_list)

    assert response.status_code == 404
    assert ArmyList.objects.count() == 1


# ---- delete and restore --------------------------------------------------------------------


def delete(client, army_list):
    return client.post(reverse("armylists:delete", args=[army_list.public_id]))


def restore(client, army_list):
    return client.post(reverse("armylists:restore", args=[army_list.public_id]))


def test_a_deleted_list_leaves_my_lists_and_can_be_restored_from_it(client, army_list):
    response = delete(client, army_list)

    assert response.status_code == 302 and response["Location"] == MY_LISTS
    assert stored(army_list).deleted_at is not None
    page = client.get(MY_LISTS)
    assert rows(page) == []
    assert "Recently deleted" in page.text
    assert shows(page, "Deleted “Bridge Watch”. You can restore it below.")
    restore_url = reverse("armylists:restore", args=[army_list.public_id])
    assert any(e.attrs.get("action") == restore_url for e in elements(page).elements)

    response = restore(client, army_list)

    assert response.status_code == 302 and response["Location"] == MY_LISTS
    assert stored(army_list).deleted_at is None
    page = client.get(MY_LISTS)
    assert len(rows(page)) == 1
    assert "Recently deleted" not in page.text
    assert shows(page, "Restored “Bridge Watch”.")


def test_a_restored_list_is_as_it_was(client, army_list):
    before = snapshot(army_list)
    delete(client, army_list)

    restore(client, army_list)

    assert snapshot(army_list) == before
    editor = client.get(reverse("armylists:editor", args=[army_list.public_id]))
    assert editor.status_code == 200


def test_a_deleted_list_cannot_be_opened_or_deleted_again(client, army_list):
    delete(client, army_list)

    assert client.get(reverse("armylists:editor", args=[army_list.public_id])).status_code == 404
    assert delete(client, army_list).status_code == 404


def test_a_list_that_is_not_deleted_cannot_be_restored(client, army_list):
    assert restore(client, army_list).status_code == 404


@pytest.mark.parametrize("action", [delete, restore])
def test_someone_elses_list_cannot_be_deleted_or_restored(client, owner, strangers_list, action):
    if action is restore:
        army_list_delete(army_list=strangers_list)
    before = snapshot(strangers_list)

    response = action(client, strangers_list)

    assert response.status_code == 404
    assert snapshot(strangers_list) == before


def test_someone_elses_deleted_lists_are_not_offered_for_restoring(
    client, army_list, strangers_list
):
    army_list_delete(army_list=strangers_list)

    assert "Not yours" not in client.get(MY_LISTS).text

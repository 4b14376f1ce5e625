"""My lists a page at a time: search, filters by game and folder, sorts, a count, folders."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import resolve, reverse

from forgebuilder.lists.models import ArmyList
from forgebuilder.lists.shelf import PAGE_SIZE, ShelfQuery

from .helpers import shows
from .test_my_lists import rows

MY_LISTS = reverse("armylists:my_lists")


def shelve(army_list: ArmyList, owner, n: int, **fields) -> list[ArmyList]:
    """`n` copies of `army_list` for `owner`, named "List 001"... (summary columns only: My
    lists reads nothing else)."""
    copies = []
    for i in range(n):
        copy = ArmyList(
            owner_id=owner.user_id, owner_token=owner.token, module_id=army_list.module_id,
            name=f"List {i + 1:03}", faction_name=army_list.faction_name,
            document=army_list.document, points=100 + i, points_limit=150, unit_count=3,
            legal=True, **fields,
        )  # fmt: skip
        copies.append(copy)
    return ArmyList.objects.bulk_create(copies)


def names(response) -> list[str]:
    return [re.search(r'">([^<]+)</a>', row)[1] for row in rows(response)]


def test_a_long_shelf_is_paged_with_a_count_and_links_both_ways(client, owner, army_list):
    shelve(army_list, owner, 59)  # 60 lists with the standard one

    first = client.get(MY_LISTS)
    assert len(rows(first)) == PAGE_SIZE
    assert shows(first, f"60 lists; showing 1–{PAGE_SIZE}.")
    assert shows(first, "Page 1 of 3")
    assert 'href="?page=2" rel="next"' in first.text
    assert 'rel="prev"' not in first.text

    last = client.get(MY_LISTS + "?page=3")
    assert len(rows(last)) == 60 - 2 * PAGE_SIZE
    assert shows(last, f"showing {2 * PAGE_SIZE + 1}–60.")
    assert 'href="?page=2" rel="prev"' in last.text
    assert 'rel="next"' not in last.text
    seen = names(first) + names(client.get(MY_LISTS + "?page=2")) + names(last)
    assert sorted(seen) == sorted({*seen}) and len(seen) == 60  # each list once


@pytest.mark.parametrize("page", ["0", "-1", "abc", "999", "1" * 40, ""])
def test_an_address_with_any_page_opens_a_page(client, owner, army_list, page):
    shelve(army_list, owner, 30)

    response = client.get(MY_LISTS, {"page": page, "sort": "<script>"})

    assert response.status_code == 200
    assert len(rows(response)) in (PAGE_SIZE, 31 - PAGE_SIZE)
    assert "<script>" not in response.text.split("<main", 1)[-1]


def test_search_finds_lists_by_words_of_their_name_or_faction(client, owner, army_list):
    shelve(army_list, owner, 30)

    found = client.get(MY_LISTS, {"q": "  list   02 "})
    assert names(found) == [f"List 0{n:02}" for n in range(29, 19, -1)] + ["List 002"]
    assert shows(found, "11 of 31 lists match.")
    assert 'href="?q=list+02&amp;page=2"' not in found.text  # one page: no pager

    assert len(rows(client.get(MY_LISTS, {"q": "millford watch"}))) == 1  # faction and name
    nothing = client.get(MY_LISTS, {"q": "zebra"})
    assert rows(nothing) == []
    assert shows(nothing, "No list matches. ")
    assert "Show all your lists</a>" in nothing.text


def test_the_filters_and_sort_keep_each_other_across_pages(client, owner, army_list):
    shelve(army_list, owner, 40, folder="Tournament")
    shelve(army_list, owner, 5, folder="Casual")

    response = client.get(MY_LISTS, {"folder": "Tournament", "sort": "points"})

    assert shows(response, f"40 of 46 lists match; showing 1–{PAGE_SIZE}.")
    assert names(response)[:2] == ["List 040", "List 039"]  # most points first
    assert 'href="?folder=Tournament&amp;sort=points&amp;page=2" rel="next"' in response.text
    assert '<option value="Tournament" selected>Tournament (40)</option>' in response.text
    assert '<option value="Casual">Casual (5)</option>' in response.text
    by_name = client.get(MY_LISTS, {"sort": "name"})
    assert names(by_name)[:2] == ["Bridge Watch", "List 001"]


def test_the_game_filter_is_offered_once_the_shelf_holds_two_games(
    client, owner, army_list, dark_module
):
    assert 'id="shelf-game"' not in client.get(MY_LISTS).text  # one game: nothing to choose
    shelve(army_list, owner, 3)
    ArmyList.objects.filter(name="List 002").update(module=dark_module)

    response = client.get(MY_LISTS, {"game": dark_module.slug})

    assert names(response) == ["List 002"]
    assert f'<option value="{dark_module.slug}" selected>' in response.text


def test_the_page_costs_the_same_queries_for_thirty_lists_and_three_hundred(
    client, owner, army_list
):
    def queries() -> int:
        with CaptureQueriesContext(connection) as captured:
            assert client.get(MY_LISTS, {"q": "list"}).status_code == 200
            assert client.get(MY_LISTS).status_code == 200
        return len(captured)

    shelve(army_list, owner, 29)
    few = queries()
    shelve(army_list, owner, 270)

    assert queries() == few


def test_my_lists_draws_no_form_a_row_opens_its_own(client, owner, army_list):
    shelve(army_list, owner, 30)

    html = client.get(MY_LISTS).text
    links = re.findall(r'href="(/lists/[^"?]+)"', html)

    assert "<form" not in html.split('role="search"', 1)[1].split("Recently deleted")[0]
    assert html.count("csrfmiddlewaretoken") <= 1  # the log-out form of a signed-in menu
    assert {resolve(a).url_name for a in links} >= {"editor", "manage"}
    rows_links = re.findall(r'href="(/lists/[^"?]+)"', "".join(rows(client.get(MY_LISTS))))
    assert {resolve(a).url_name for a in rows_links} == {"editor", "manage"}
    manage = client.get(f"/lists/{army_list.public_id}/manage")
    actions = re.findall(r'action="(/lists/[^"]+)"', manage.text)
    assert {resolve(a).url_name for a in actions} == {"rename", "folder", "duplicate", "delete"}
    assert all(resolve(a).kwargs["public_id"] == army_list.public_id for a in actions)


def test_only_the_owner_opens_a_lists_manage_page(client, strangers_list):
    assert client.get(f"/lists/{strangers_list.public_id}/manage").status_code == 404


# ---- folders -------------------------------------------------------------------------------


def folder(client, army_list, name: str):
    return client.post(reverse("armylists:folder", args=[army_list.public_id]), {"folder": name})


def test_a_list_moves_into_a_folder_and_out_again(client, army_list):
    response = folder(client, army_list, "  Club   night ")

    assert response.status_code == 302
    assert ArmyList.objects.get(pk=army_list.pk).folder == "Club night"
    page = client.get(MY_LISTS)
    assert shows(page, "“Bridge Watch” is in the folder “Club night”.")
    assert '<span class="badge">Club night</span>' in page.text

    folder(client, army_list, "")
    assert ArmyList.objects.get(pk=army_list.pk).folder == ""
    assert shows(client.get(MY_LISTS), "“Bridge Watch” is in no folder now.")


def test_a_folder_name_too_long_is_refused_and_nothing_changes(client, army_list):
    folder(client, army_list, "Keep")

    response = folder(client, army_list, "x" * 61)

    assert response.status_code == 400
    assert shows(response, "A folder's name is at most 60 characters; this one has 61.")
    assert ArmyList.objects.get(pk=army_list.pk).folder == "Keep"


def test_only_the_owner_files_a_list(client, strangers_list):
    assert folder(client, strangers_list, "Mine now").status_code == 404
    assert ArmyList.objects.get(pk=strangers_list.pk).folder == ""


def test_a_folder_named_like_a_script_is_escaped(client, army_list):
    folder(client, army_list, "<img src=x onerror=alert(1)>")

    html = client.get(MY_LISTS).text

    assert "<img src=x" not in html
    assert "&lt;img src=x onerror=alert(1)&gt;" in html


def test_a_folder_is_the_owners_grouping_not_a_change_of_the_list(client, army_list):
    before = ArmyList.objects.get(pk=army_list.pk)

    folder(client, army_list, "Later")

    after = ArmyList.objects.get(pk=army_list.pk)
    assert (after.document, after.version) == (before.document, before.version)
    assert not after.revisions.exists()


def test_the_shelf_query_reads_any_query_string_leniently():
    query = ShelfQuery.from_params({"q": " a \t b ", "sort": "drop table", "page": "x"})

    assert (query.q, query.sort, query.page) == ("a b", "changed", 1)
    assert query.address(page=2) == "?q=a+b&page=2"
    assert ShelfQuery().address() == "?"


# ---- a page that costs the same for 50 lists as for 5,000 (issue 41) --------------------------


def _columns_read_from(sql: str) -> set[str]:
    """The tables and indexes whose columns SQLite reads to answer `sql` (from its program: a
    cursor opened on each, and the Column steps reading through them)."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT rootpage, name FROM sqlite_master WHERE rootpage > 0")
        by_page = dict(cursor.fetchall())
        cursor.execute(f"EXPLAIN {sql}")
        program = cursor.fetchall()  # addr, opcode, p1, p2, ...
    opened = {row[2]: by_page.get(row[3], "?") for row in program if row[1] == "OpenRead"}
    return {opened[row[2]] for row in program if row[1] == "Column" and row[2] in opened}


@pytest.mark.skipif(connection.vendor != "sqlite", reason="reads SQLite's query program")
def test_a_visitors_counts_by_game_and_folder_read_the_index_alone(client, owner, army_list):
    shelve(army_list, owner, 30, folder="Club")
    client.get(MY_LISTS)
    with CaptureQueriesContext(connection) as captured:
        client.get(MY_LISTS)
    grouped = next(q["sql"] for q in captured.captured_queries if "GROUP BY" in q["sql"])

    # no row of the lists (their documents and all) is read: the index holds the answer
    assert _columns_read_from(grouped) == {"armylist_visitor_shelf_counts"}


def test_a_second_visit_draws_no_row_again_and_a_changed_list_is_drawn_anew(
    client, owner, army_list
):
    shelve(army_list, owner, 30)
    first = client.get(MY_LISTS)
    assert "armylists/partials/shelf_row.html" in [t.name for t in first.templates]

    again = client.get(MY_LISTS)
    assert "armylists/partials/shelf_row.html" not in [t.name for t in again.templates]
    assert rows(again) == rows(first)

    newest = ArmyList.objects.filter(name="List 030").get()
    ArmyList.objects.filter(pk=newest.pk).update(name="Renamed", points=149, legal=False)
    changed = client.get(MY_LISTS)
    assert names(changed)[0] == "Renamed"
    assert "149 / 150" in rows(changed)[0] and "Not legal" in rows(changed)[0]
    assert rows(changed)[1:] == rows(first)[1:]

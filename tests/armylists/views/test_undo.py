"""Undo: each step takes back one change, at least 20 steps deep."""

from __future__ import annotations

from django.urls import reverse

from forgebuilder.lists import edits
from forgebuilder.lists.services import UNDO_STEPS
from forgebuilder.lists.views.edit import NOTHING_TO_UNDO

from .helpers import HTMX, change, document_of, oob_ids, shows, stored, top_level_ids


def undo(client, army_list, *, htmx: bool = True):
    url = reverse("armylists:undo", args=[army_list.public_id])
    return client.post(url, {"version": stored(army_list).version}, headers=HTMX if htmx else {})


def edit_25_times(client, army_list) -> list:
    """Twenty-five changes from the page, alternating unit sizes and names; the documents
    before each change, oldest first."""
    before = []
    for step in range(25):
        before.append(document_of(army_list))
        if step % 2:
            url = reverse("armylists:unit_rename", args=[army_list.public_id, "u2"])
            data = {"name": f"Spearmen, take {step}"}
        else:
            url = reverse("armylists:unit_models", args=[army_list.public_id, "u2"])
            data = {"model": "spearman", "count": str(5 + step % 6)}
        response = client.post(url, {**data, "version": stored(army_list).version}, headers=HTMX)
        assert response.status_code == 200
    return before


def test_undo_goes_back_through_25_edits_one_step_at_a_time(client, army_list):
    before = edit_25_times(client, army_list)
    assert stored(army_list).version == army_list.version + 25

    for step, expected in enumerate(reversed(before), start=1):
        version = stored(army_list).version

        response = undo(client, army_list)

        assert response.status_code == 200, f"undo {step}"
        assert document_of(army_list) == expected, f"undo {step}"
        assert stored(army_list).version == version + 1, "undoing is a change too"
    assert step == 25 >= 20


def test_undo_with_nothing_left_to_undo_is_refused(client, army_list):
    edit_25_times(client, army_list)
    for _ in range(25):
        undo(client, army_list)
    version = stored(army_list).version

    response = undo(client, army_list)

    assert response.status_code == 400
    assert shows(response, NOTHING_TO_UNDO)
    assert stored(army_list).version == version


def test_an_htmx_undo_answers_with_the_roster_and_the_out_of_band_parts(client, army_list):
    army_list = change(
        army_list,
        lambda d, c: edits.add_unit(d, c, datasheet="spearmen", force="f1")[0],
        label="Add a unit",
    )

    response = undo(client, army_list)

    assert top_level_ids(response)[0] == "roster"
    assert 'id="unit-u4"' not in response.text
    assert oob_ids(response) >= {"totals", "violations", "undo", "list-version", "catalogue"}


def test_undo_restores_the_summary_shown_on_my_lists(client, army_list):
    points = stored(army_list).points
    army_list = change(
        army_list, lambda d, c: edits.add_unit(d, c, datasheet="spearmen", force="f1")[0]
    )
    assert stored(army_list).points == points + 25

    undo(client, army_list)

    assert (stored(army_list).points, stored(army_list).unit_count) == (points, 3)


def test_a_plain_undo_redirects_to_the_editor_and_says_what_was_undone(client, army_list):
    army_list = change(
        army_list,
        lambda d, c: edits.rename_unit(d, unit_id="u2", name="Guard"),
        label="Rename a unit",
    )

    response = undo(client, army_list, htmx=False)

    assert response.status_code == 302
    assert response["Location"] == reverse("armylists:editor", args=[army_list.public_id])
    assert "Undone: Rename a unit." in client.get(response["Location"]).text
    assert document_of(army_list).unit("u2").name == ""


def test_refused_edits_leave_nothing_to_undo(client, army_list):
    url = reverse("armylists:unit_models", args=[army_list.public_id, "u2"])
    client.post(url, {"version": army_list.version, "model": "spearman", "count": "99"})

    assert not stored(army_list).revisions.exists()


def test_the_oldest_steps_beyond_the_undo_depth_are_dropped(client, army_list):
    for n in range(UNDO_STEPS + 5):
        army_list = change(
            army_list, lambda d, c, n=n: edits.rename_unit(d, unit_id="u2", name=f"Take {n}")
        )

    assert stored(army_list).revisions.count() == UNDO_STEPS >= 20
    assert undo(client, army_list).status_code == 200
    assert document_of(army_list).unit("u2").name == f"Take {UNDO_STEPS + 3}"

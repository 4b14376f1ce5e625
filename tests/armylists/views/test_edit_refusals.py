"""The editor's edit endpoints refuse what they must, and change nothing when they do: an
impossible edit (400 with the reason), a malformed post (400 naming the field), someone else's
or a deleted list (404), a page out of date (409 with the current list). The edits are those of
edit_cases.py; legal and rule-breaking edits are in test_edit_endpoints.py."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from forgebuilder.lists import edits
from forgebuilder.lists.edits import OTHER_FACTION
from forgebuilder.lists.views.edit import NOTHING_TO_UNDO
from forgebuilder.lists.views.edit_answers import STALE

from .edit_cases import (
    CROSSBOW,
    EVERY_ENDPOINT,
    Edit,
    is_fragment,
    snapshot,
    with_allies,
    with_sellswords,
)
from .helpers import (
    change,
    document_of,
    elements,
    list_version_shown,
    shows,
    top_level_ids,
)

# ---- impossible edits: 400 and nothing changes --------------------------------------------


@dataclass(frozen=True)
class Impossible:
    edit: Edit
    reason: str  # what the player is told


IMPOSSIBLE = {
    "settings: a focus the faction lacks": Impossible(
        Edit("settings", data={"name": "x", "points_limit": "150", "focus": "tide"}),
        "There is no focus 'tide' for this faction.",
    ),
    "settings: a points limit beyond 100000": Impossible(
        Edit("settings", data={"name": "x", "points_limit": "100001"}),
        "The points limit must be between 1 and 100000.",
    ),
    "settings: a doctrine the module lacks": Impossible(
        Edit("settings", data={"name": "x", "points_limit": "150", "doctrine": "iron"}),
        "There is no doctrine 'iron'.",
    ),
    "undo: nothing to undo": Impossible(Edit("undo"), NOTHING_TO_UNDO),
    "unit_add: a datasheet the faction lacks": Impossible(
        Edit("unit_add", data={"datasheet": "dragon"}), "The faction has no datasheet 'dragon'."
    ),
    "unit_add: another faction's datasheet": Impossible(
        Edit("unit_add", data={"datasheet": "bowmen", "force": "f1"}),
        "The faction has no datasheet 'bowmen'.",
    ),
    "unit_add: into a force the list lacks": Impossible(
        Edit("unit_add", data={"datasheet": "spearmen", "force": "f9"}),
        "That force organization is no longer in the list.",
    ),
    "unit_models: more than the maximum": Impossible(
        Edit("unit_models", ("u2",), {"model": "spearman", "count": "11"}),
        "Spearmen takes 5 to 10 Spearman; 11 is out of range.",
    ),
    "unit_models: fewer than the minimum": Impossible(
        Edit("unit_models", ("u2",), {"model": "spearman", "count": "4"}),
        "Spearmen takes 5 to 10 Spearman; 4 is out of range.",
    ),
    "unit_models: a model the datasheet lacks": Impossible(
        Edit("unit_models", ("u2",), {"model": "archer", "count": "6"}),
        "Spearmen has no model 'archer'.",
    ),
    "unit_models: a unit no longer in the list": Impossible(
        Edit("unit_models", ("u9",), {"model": "spearman", "count": "6"}),
        "That unit is no longer in the list.",
    ),
    "unit_option: an option the datasheet lacks": Impossible(
        Edit("unit_option", ("u2",), {"option": "wings", "choice": "steady"}),
        "Spearmen has no option 'wings'.",
    ),
    "unit_option: a choice the option lacks": Impossible(
        Edit("unit_option", ("u2",), {"option": CROSSBOW, "choice": "halberd"}),
        "That option of Spearmen has no choice 'halberd'.",
    ),
    "unit_option: more crossbows than one in five": Impossible(
        Edit("unit_option", ("u2",), {"option": CROSSBOW, "choice": "crossbow", "count": "2"}),
        "may be taken 1 time by this unit.",
    ),
    "unit_rename: a unit no longer in the list": Impossible(
        Edit("unit_rename", ("u9",), {"name": "Ghosts"}), "That unit is no longer in the list."
    ),
    "unit_specialty: a specialty the module lacks": Impossible(
        Edit("unit_specialty", ("u3",), {"specialty": "frost"}),
        "There is no power specialty 'frost'.",
    ),
    "unit_duplicate: a unit no longer in the list": Impossible(
        Edit("unit_duplicate", ("u9",)), "That unit is no longer in the list."
    ),
    "unit_remove: a unit no longer in the list": Impossible(
        Edit("unit_remove", ("u9",)), "That unit is no longer in the list."
    ),
    "unit_move: into a force the list lacks": Impossible(
        Edit("unit_move", ("u2",), {"force": "f9"}),
        "That force organization is no longer in the list.",
    ),
    # The page offers only forces of the unit's own faction; in another faction's force the
    # unit would no longer be found among its datasheets.
    "unit_move: into a force of another faction": Impossible(
        Edit("unit_move", ("u2",), {"force": "f2"}, prepare=with_sellswords), OTHER_FACTION
    ),
    "unit_reorder: a unit no longer in the list": Impossible(
        Edit("unit_reorder", ("u9",), {"step": "1"}), "That unit is no longer in the list."
    ),
    "force_add: an organization the module lacks": Impossible(
        Edit("force_add", data={"organization": "millford/fortress"}),
        "There is no force organization 'fortress'.",
    ),
    "force_add: a faction the module lacks": Impossible(
        Edit("force_add", data={"organization": "atlantis/patrol"}),
        "The module has no faction 'atlantis'.",
    ),
    "force_remove: a force the list lacks": Impossible(
        Edit("force_remove", ("f9",)), "That force organization is no longer in the list."
    ),
    "force_remove: moving its units into itself": Impossible(
        Edit("force_remove", ("f1",), {"move_to": "f1"}),
        "Choose another force organization to move the units to.",
    ),
    "force_remove: moving its units to a force the list lacks": Impossible(
        Edit("force_remove", ("f1",), {"move_to": "f9"}),
        "Choose another force organization to move the units to.",
    ),
    "force_remove: moving its units to a force of another faction": Impossible(
        Edit("force_remove", ("f2",), {"move_to": "f1"}, prepare=with_sellswords), OTHER_FACTION
    ),
    "force_focus: a focus the force's faction lacks": Impossible(
        Edit("force_focus", ("f2",), {"focus": "watch"}, prepare=with_allies),
        "Hollowmere has no focus 'watch'.",
    ),
    "force_focus: a force no longer in the list": Impossible(
        Edit("force_focus", ("f9",), {"focus": "watch"}),
        "That force organization is no longer in the list.",
    ),
    "legend_add: a legend the module lacks": Impossible(
        Edit("legend_add", data={"legend": "crown"}), "There is no legend 'crown'."
    ),
    "legend_add: for a unit no longer in the list": Impossible(
        Edit("legend_add", data={"legend": "old_banner", "unit": "u9"}),
        "That unit is no longer in the list.",
    ),
    "legend_remove: a legend no longer in the list": Impossible(
        Edit("legend_remove", (1,)), "That legend is no longer in the list."
    ),
}


@pytest.mark.parametrize("case", IMPOSSIBLE.values(), ids=IMPOSSIBLE.keys())
def test_an_impossible_edit_from_htmx_is_refused_with_the_reason(client, army_list, case):
    army_list = case.edit.ready(army_list)
    before = snapshot(army_list)

    response = case.edit.post(client, army_list, htmx=True)

    assert response.status_code == 400
    assert shows(response, case.reason)
    assert response["HX-Retarget"] == "#flash"
    assert is_fragment(response)
    assert snapshot(army_list) == before


@pytest.mark.parametrize("case", IMPOSSIBLE.values(), ids=IMPOSSIBLE.keys())
def test_an_impossible_edit_from_a_plain_form_shows_the_editor_with_the_reason(
    client, army_list, case
):
    army_list = case.edit.ready(army_list)
    before = snapshot(army_list)

    response = case.edit.post(client, army_list, htmx=False)

    assert response.status_code == 400
    assert shows(response, case.reason)
    assert 'id="editor"' in response.text
    assert snapshot(army_list) == before


# ---- malformed posts: 400 and nothing changes ---------------------------------------------


def malformed_for_every_endpoint():
    for url, edit in EVERY_ENDPOINT.items():
        yield pytest.param(edit, {"version": None}, "'version'", id=f"{url}: no version")
        yield pytest.param(edit, {"version": "two"}, "'version'", id=f"{url}: version 'two'")
        yield pytest.param(edit, {"version": ""}, "'version'", id=f"{url}: empty version")


MALFORMED_FIELDS = [
    # (edit, replaced fields, the field the message names)
    pytest.param(
        EVERY_ENDPOINT["settings"],
        {"points_limit": None},
        "'points_limit'",
        id="settings: no limit",
    ),
    pytest.param(
        EVERY_ENDPOINT["settings"],
        {"points_limit": "lots"},
        "'points_limit'",
        id="settings: limit 'lots'",
    ),
    pytest.param(
        EVERY_ENDPOINT["settings"], {"points_limit": "0"}, "'points_limit'", id="settings: limit 0"
    ),
    pytest.param(EVERY_ENDPOINT["settings"], {"name": None}, "'name'", id="settings: no name"),
    pytest.param(
        EVERY_ENDPOINT["settings"], {"name": "x" * 121}, "'name'", id="settings: name too long"
    ),
    pytest.param(
        EVERY_ENDPOINT["unit_add"], {"datasheet": None}, "'datasheet'", id="unit_add: no datasheet"
    ),
    pytest.param(
        EVERY_ENDPOINT["unit_add"],
        {"datasheet": "  "},
        "'datasheet'",
        id="unit_add: blank datasheet",
    ),
    pytest.param(
        EVERY_ENDPOINT["unit_models"], {"count": None}, "'count'", id="unit_models: no count"
    ),
    pytest.param(
        EVERY_ENDPOINT["unit_models"],
        {"count": "seven"},
        "'count'",
        id="unit_models: count 'seven'",
    ),
    pytest.param(
        EVERY_ENDPOINT["unit_models"], {"count": "-1"}, "'count'", id="unit_models: count -1"
    ),
    pytest.param(
        EVERY_ENDPOINT["unit_models"], {"count": "7.5"}, "'count'", id="unit_models: count 7.5"
    ),
    pytest.param(
        EVERY_ENDPOINT["unit_models"], {"model": None}, "'model'", id="unit_models: no model"
    ),
    pytest.param(
        EVERY_ENDPOINT["unit_option"], {"option": None}, "'option'", id="unit_option: no option"
    ),
    pytest.param(
        EVERY_ENDPOINT["unit_option"], {"count": "many"}, "'count'", id="unit_option: count 'many'"
    ),
    pytest.param(
        EVERY_ENDPOINT["unit_option"], {"count": "-2"}, "'count'", id="unit_option: count -2"
    ),
    pytest.param(
        EVERY_ENDPOINT["unit_rename"], {"name": None}, "'name'", id="unit_rename: no name"
    ),
    pytest.param(
        EVERY_ENDPOINT["unit_rename"], {"name": "x" * 81}, "'name'", id="unit_rename: name too long"
    ),
    pytest.param(
        EVERY_ENDPOINT["unit_specialty"],
        {"specialty": None},
        "'specialty'",
        id="unit_specialty: none sent",
    ),
    pytest.param(EVERY_ENDPOINT["unit_move"], {"force": None}, "'force'", id="unit_move: no force"),
    pytest.param(
        EVERY_ENDPOINT["unit_reorder"], {"step": None}, "'step'", id="unit_reorder: no step"
    ),
    pytest.param(
        EVERY_ENDPOINT["unit_reorder"], {"step": "up"}, "'step'", id="unit_reorder: step 'up'"
    ),
    pytest.param(
        EVERY_ENDPOINT["unit_reorder"], {"step": "2"}, "'step'", id="unit_reorder: step 2"
    ),
    pytest.param(
        EVERY_ENDPOINT["force_add"], {"organization": None}, "'organization'", id="force_add: none"
    ),
    pytest.param(
        EVERY_ENDPOINT["force_add"],
        {"organization": "patrol"},
        "'organization'",
        id="force_add: no faction/ prefix",
    ),
    pytest.param(
        EVERY_ENDPOINT["legend_add"], {"legend": None}, "'legend'", id="legend_add: no legend"
    ),
    pytest.param(
        EVERY_ENDPOINT["force_focus"], {"focus": None}, "'focus'", id="force_focus: no focus"
    ),
]


@pytest.mark.parametrize("htmx", [True, False], ids=["htmx", "plain"])
@pytest.mark.parametrize(
    ("edit", "fields", "named"), [*malformed_for_every_endpoint(), *MALFORMED_FIELDS]
)
def test_a_malformed_post_is_refused_naming_the_field_and_changes_nothing(
    client, army_list, edit, fields, named, htmx
):
    army_list = edit.ready(army_list)
    before = snapshot(army_list)

    response = edit.post(client, army_list, htmx=htmx, **fields)

    assert response.status_code == 400
    assert shows(response, named)
    assert snapshot(army_list) == before


# ---- someone else's list: 404 and nothing changes -----------------------------------------


@pytest.mark.parametrize("htmx", [True, False], ids=["htmx", "plain"])
@pytest.mark.parametrize("edit", EVERY_ENDPOINT.values(), ids=EVERY_ENDPOINT.keys())
def test_an_edit_of_someone_elses_list_is_not_found_and_changes_nothing(
    client, owner, strangers_list, edit, htmx
):
    strangers_list = edit.ready(strangers_list)
    before = snapshot(strangers_list)

    response = edit.post(client, strangers_list, htmx=htmx)

    assert response.status_code == 404
    assert "Not yours" not in response.text
    assert snapshot(strangers_list) == before


@pytest.mark.parametrize("edit", EVERY_ENDPOINT.values(), ids=EVERY_ENDPOINT.keys())
def test_an_edit_of_a_deleted_list_is_not_found(client, army_list, edit):
    from forgebuilder.lists.services import army_list_delete

    army_list = edit.ready(army_list)
    army_list_delete(army_list=army_list)
    before = snapshot(army_list)

    response = edit.post(client, army_list, htmx=True)

    assert response.status_code == 404
    assert snapshot(army_list) == before


# ---- out-of-date pages: 409, the current list, and nothing changes ------------------------


def edited_in_another_tab(army_list):
    """Another tab renames the list; the page of this tab still shows the old version."""
    return change(
        army_list,
        lambda doc, cat: edits.update_settings(
            doc,
            cat,
            name="Renamed elsewhere",
            points_limit=doc.points_limit,
            focus=doc.focus,
            casual=doc.casual,
        ),
        label="Change list settings",
    )


@pytest.mark.parametrize("edit", EVERY_ENDPOINT.values(), ids=EVERY_ENDPOINT.keys())
def test_an_htmx_edit_from_an_out_of_date_page_is_refused_with_the_current_list(
    client, army_list, edit
):
    page = edit.ready(army_list)
    current = edited_in_another_tab(page)
    before = snapshot(current)

    response = edit.post(client, page, htmx=True)

    assert response.status_code == 409
    assert snapshot(current) == before
    assert response["HX-Retarget"] == "#editor"
    assert response["HX-Reswap"] == "outerHTML"
    assert top_level_ids(response) == ["editor"]
    assert STALE in response.text
    assert "Renamed elsewhere" in response.text
    assert list_version_shown(response) == current.version


@pytest.mark.parametrize("edit", EVERY_ENDPOINT.values(), ids=EVERY_ENDPOINT.keys())
def test_a_plain_edit_from_an_out_of_date_page_is_refused_with_the_current_list(
    client, army_list, edit
):
    page = edit.ready(army_list)
    current = edited_in_another_tab(page)
    before = snapshot(current)

    response = edit.post(client, page, htmx=False)

    assert response.status_code == 409
    assert snapshot(current) == before
    assert response.text.lstrip().lower().startswith("<!doctype html>")
    assert STALE in response.text
    assert "Renamed elsewhere" in response.text
    assert list_version_shown(response) == current.version


def test_two_tabs_editing_the_same_list_lose_no_change(client, army_list):
    """Both tabs show version 1; the first edit wins, the second is refused, not lost silently."""
    first = Edit("unit_models", ("u2",), {"model": "spearman", "count": "7"})
    second = Edit("unit_models", ("u2",), {"model": "spearman", "count": "9"})

    assert first.post(client, army_list, htmx=True).status_code == 200
    refused = second.post(client, army_list, htmx=True)

    assert refused.status_code == 409
    assert document_of(army_list).unit("u2").models == {"spearman": 7}
    stepper = [
        e
        for e in elements(refused).elements
        if e.tag == "input" and e.attrs.get("aria-label", "").startswith("Spearman count")
    ]
    assert stepper, "the refused tab now shows the stepper of the current list"
    assert 'name="typed" value="7"' in refused.text

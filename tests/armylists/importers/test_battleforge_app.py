"""Battle Forge app lists (files and share links) imported into the MIT Battle Forge modules,
priced by our rules engine exactly as the app prices them, and written back to the app."""

from __future__ import annotations

import base64
import json
from urllib.parse import quote

import pytest

from forgebuilder.engine.rules import resolve
from forgebuilder.lists.documents import DocumentError
from forgebuilder.lists.importers.battleforge_app import (
    APP_DATA_PREFIX,
    app_list_document,
    decode_share_link,
    share_link,
)
from forgebuilder.lists.importers.battleforge_app import app_list as to_app_list
from forgebuilder.lists.importers.detect import read_import
from tests.conftest import bf_game

from .conftest import MIT_LISTS, app_list, app_points


def btoa_link(data: dict) -> str:
    """A share link as the app (or a fork, for names beyond Latin-1) makes it."""
    text = json.dumps(data, ensure_ascii=False)
    try:
        blob = text.encode("latin-1")
    except UnicodeEncodeError:
        blob = text.encode("utf-8")
    return "https://app.example/#/lists?share=" + base64.b64encode(blob).decode()


def with_plus(data: dict) -> tuple[dict, str]:
    """The list, renamed until its share link holds a `+` (so the damage can be tested)."""
    for n in range(3):
        renamed = {**data, "name": data["name"] + " " + "!" * n + "~"}
        link = btoa_link(renamed)
        if "+" in link.split("share=")[1]:
            return renamed, link
    raise AssertionError("no '+' in any link")


def normalized(data: dict) -> dict:
    """An app list with trailing zero counts dropped (missing groups and items count 0)."""

    def rows(selected):
        out = [list(row) for row in selected]
        for row in out:
            while row and row[-1] == 0:
                row.pop()
        while out and not out[-1]:
            out.pop()
        return out

    forces = [
        {**f, "units": [{**u, "selectedOptions": rows(u["selectedOptions"])} for u in f["units"]]}
        for f in data["forces"]
    ]
    return {**data, "pointLimit": int(data["pointLimit"]), "forces": forces}


@pytest.mark.parametrize("folder", MIT_LISTS)
def test_an_app_list_imports_at_the_points_the_app_shows(import_bf_module, folder):
    catalog = import_bf_module(folder)
    data = app_list(MIT_LISTS[folder])

    outcome = read_import(json.dumps(data, ensure_ascii=False))

    assert outcome.format_name == "Battle Forge app list"
    assert outcome.unmatched == ()
    document = outcome.document
    assert document.module == catalog.slug
    assert document.name == data["name"]
    assert [u.datasheet for u in document.units] == [
        u["id"] for f in data["forces"] for u in f["units"]
    ]
    roster = resolve(document, catalog)
    assert roster.points == app_points(bf_game(folder), data)
    assert not [i for i in roster.issues if i.code.startswith("unknown")]


def test_custom_names_in_any_script_and_focuses_are_kept(import_bf_module):
    import_bf_module("wbh")
    data = app_list(MIT_LISTS["wbh"])

    document = read_import(json.dumps(data, ensure_ascii=False)).document

    assert document.name == "Ragnarr Loðbrók's host"
    assert document.units[0].name == "Ungir menn"
    assert document.forces[0].focus == "harald_hardråde"
    assert document.units[0].models == {"youngman": 5 + 3}


def test_fields_without_a_place_go_into_the_notes(import_bf_module):
    import_bf_module("space-wars")

    document = read_import(json.dumps(app_list(MIT_LISTS["space-wars"]))).document

    assert document.units[0].name == "Дарт Вейдер"
    assert (
        document.units[1].notes == APP_DATA_PREFIX + '{"experience":3,"selectedPerks":["steady"]}'
    )
    assert document.notes == APP_DATA_PREFIX + '{"victoryPoints":12}'


@pytest.mark.parametrize("folder", MIT_LISTS)
def test_a_share_link_damaged_by_chat_apps_imports_the_same_list(import_bf_module, folder):
    import_bf_module(folder)
    data, link = with_plus(app_list(MIT_LISTS[folder]))
    expected = read_import(json.dumps(data, ensure_ascii=False)).document
    spaced = link.replace("+", " ")
    escaped = quote(link, safe="")

    for pasted in (link, spaced, escaped, quote(spaced, safe=":/")):
        outcome = read_import(pasted)
        assert outcome.format_name == "Battle Forge share link"
        assert outcome.document == expected


def test_a_unit_the_module_lacks_and_an_out_of_range_option_are_listed_with_their_place(
    import_bf_module,
):
    catalog = import_bf_module("space-wars")
    data = app_list(MIT_LISTS["space-wars"])
    units = data["forces"][0]["units"]
    units.insert(1, {"id": "death_star", "selectedOptions": [[1]]})
    units[3]["selectedOptions"] = [[2], [0, 0, 0, 1], [0], [1]]

    outcome = read_import(json.dumps(data))

    places = [(u.place, u.message) for u in outcome.unmatched]
    assert places == [
        ("force 1, unit 2", "unit 'death_star' is not in the faction empire; left out"),
        (
            "force 1, unit 4 (Snow Troopers), option group 2, item 4",
            "“"
            + outcome.document.units[2].datasheet.replace("_", " ").title()[:0]
            + places[1][1][1:],
        ),
        (
            "force 1, unit 4 (Snow Troopers), option group 4, item 1",
            "the unit has 3 option groups here; not taken",
        ),
    ]
    assert "has 2 item(s) here; not taken" in places[1][1]
    # the rest is kept: three units, two extra snow troopers
    assert [u.datasheet for u in outcome.document.units] == [
        "dark_side_master",
        "empire_troopers",
        "snow_troopers",
    ]
    assert resolve(outcome.document, catalog).unit("u3").points == 90 + 2 * 18


def test_an_unknown_faction_focus_organization_or_legend_is_listed(import_bf_module):
    import_bf_module("space-wars")
    data = app_list(MIT_LISTS["space-wars"])
    data["forces"][0].update(subFactionId="sith", id="armada")
    data["forces"][0]["legends"].append({"id": "holocron"})
    data["forces"].append({"id": "skirmish", "factionId": "hutts", "units": [], "legends": []})

    outcome = read_import(json.dumps(data))

    assert [u.place for u in outcome.unmatched] == [
        "force 1 (empire)",
        "force 1 (empire)",
        "force 1, legend 2",
        "force 2",
    ]
    assert "organization 'armada' is unknown" in outcome.unmatched[0].message
    assert "focus 'sith' is unknown" in outcome.unmatched[1].message
    assert "faction 'hutts' is not in Space Wars" in outcome.unmatched[3].message


@pytest.mark.parametrize("folder", MIT_LISTS)
def test_app_to_forgebuilder_to_app_gives_the_same_list(import_bf_module, folder):
    catalog = import_bf_module(folder)
    data = app_list(MIT_LISTS[folder])
    document = read_import(json.dumps(data, ensure_ascii=False)).document

    back = to_app_list(document, catalog)

    assert normalized(back) == normalized(data)
    assert decode_share_link(share_link(back, "https://app.example")) == back


def test_the_app_list_of_an_import_prices_the_same_in_the_app(import_bf_module):
    catalog = import_bf_module("fantasy-realms")
    data = app_list(MIT_LISTS["fantasy-realms"])
    document = read_import(json.dumps(data)).document

    back = to_app_list(document, catalog)

    game = bf_game("fantasy-realms")
    assert app_points(game, back) == app_points(game, data) == resolve(document, catalog).points


def test_a_link_with_no_list_is_refused(import_bf_module):
    import_bf_module("space-wars")
    for link in ("https://app.example/#/lists?share=", "https://app.example/#/lists"):
        with pytest.raises(DocumentError) as caught:
            read_import(link)
        assert "the link carries no list" in str(caught.value)
    garbage = "https://app.example/#/lists?share=" + base64.b64encode(b"hello").decode()
    with pytest.raises(DocumentError, match="its content is not JSON"):
        read_import(garbage)


def test_a_list_of_a_module_that_is_not_imported_is_refused(db):
    data = {"name": "x", "gameId": "grim_darkness", "forces": [{"factionId": "orks"}]}

    with pytest.raises(DocumentError) as caught:
        read_import(json.dumps(data))

    assert "no imported Battle Forge module matches this list (game 'grim_darkness')" in str(
        caught.value
    )


def test_json_of_another_shape_is_refused(db):
    with pytest.raises(DocumentError, match="neither a forgebuilder list"):
        read_import('{"armies": []}')


def test_a_list_with_no_force_it_can_match_is_refused(import_bf_module):
    catalog = import_bf_module("space-wars")
    data = {"name": "x", "gameId": "space_wars", "forces": [{"factionId": "hutts", "units": []}]}

    with pytest.raises(DocumentError, match="faction 'hutts' is not in"):
        app_list_document(data, catalog)

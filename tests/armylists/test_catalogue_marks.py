"""The editor's catalogue: one "adding to" force, slot counts per category, and marks on the
datasheets that would break a rule if added (slot full, focus, alliance), with the reason."""

from __future__ import annotations

import pytest

from forgebuilder.engine.rules import evaluate, resolve
from forgebuilder.lists.catalogue import catalogue_view
from forgebuilder.lists.documents import document_catalog, parse_document

pytestmark = pytest.mark.django_db


def roster_of(units, *, forces=None, focus=None):
    document = parse_document(
        {
            "format": "forgebuilder-list",
            "version": 2,
            "name": "Marks",
            "module": "ember-reach",
            "faction": "cinderhold",
            "focus": focus,
            "points_limit": 1000,
            "forces": forces or [{"id": "f1", "organization": "muster", "faction": "cinderhold"}],
            "units": [
                {"id": f"u{i}", "datasheet": key, "force": force}
                for i, (key, force) in enumerate(units, 1)
            ],
        }
    )
    return resolve(document, document_catalog(document))


def evaluated_of(units, **kwargs):
    roster = roster_of(units, **kwargs)
    return roster, evaluate(roster)


def row(view, name):
    return next(s for g in view.categories for s in g.sheets if s.name == name)


def category(view, name):
    return next(g for g in view.categories if g.name == name)


def test_each_category_shows_the_slots_of_the_force_being_added_to(ember_reach):
    view = catalogue_view(*evaluated_of([("forge_thane", "f1"), ("hearthguard", "f1")]))

    assert view.adding_to == "f1"
    assert (category(view, "Hero").slot, category(view, "Hero").full) == ("1/2", False)
    assert category(view, "Core").slot == "1/6"
    assert row(view, "Runewright").mark == ""  # a second hero still fits


def test_a_full_slot_marks_every_datasheet_of_its_category_with_the_reason(ember_reach):
    view = catalogue_view(*evaluated_of([("forge_thane", "f1"), ("runewright", "f1")]))

    hero = category(view, "Hero")
    assert (hero.slot, hero.full) == ("2/2", True)
    forge_thane = row(view, "Forge-Thane")
    assert (forge_thane.mark, forge_thane.mark_kind) == ("Hero slots full (2/2)", "slot")
    assert row(view, "Hearthguard").mark == ""


def test_a_category_the_force_organization_does_not_take_is_marked(ember_reach):
    # the Vanguard (elite spearhead) has no Fortification slot
    forces = [{"id": "f1", "organization": "vanguard", "faction": "cinderhold"}]
    view = catalogue_view(*evaluated_of([], forces=forces))

    battery = row(view, "Bulwark Battery")
    assert (battery.mark, battery.mark_kind) == ("Vanguard takes no Fortification units", "slot")


def test_a_datasheet_the_focus_does_not_allow_is_marked_with_the_focus_that_would(ember_reach):
    view = catalogue_view(*evaluated_of([]))

    warden = row(view, "Delve-Warden")
    assert warden.mark_kind == "focus"
    assert warden.mark.startswith("Needs the ") and warden.mark.endswith(" focus")
    assert row(view, "Forge-Thane").mark == ""


def test_an_allied_force_of_another_alliance_marks_its_datasheets(ember_reach):
    # Skarnfang (oathless) share no alliance with Cinderhold (hearthbound)
    forces = [
        {"id": "f1", "organization": "muster", "faction": "cinderhold"},
        {"id": "f2", "organization": "allied_contingent", "faction": "skarnfang"},
    ]
    view = catalogue_view(*evaluated_of([], forces=forces), adding_to="f2")

    assert (view.faction_key, view.allied) == ("skarnfang", True)
    first = view.categories[0].sheets[0]
    assert first.mark_kind == "alliance"
    assert "Skarnfang" in first.mark


def test_the_default_force_is_the_first_with_room(ember_reach):
    forces = [
        {"id": "f1", "organization": "allied_contingent", "faction": "mirewind"},
        {"id": "f2", "organization": "muster", "faction": "cinderhold"},
    ]
    some = [("marsh_warden", "f1"), ("bogwater_spears", "f1")]
    full = [*some, ("bogwater_spears", "f1"), ("stiltwalkers", "f1"), ("fenmaw", "f1")]

    assert catalogue_view(*evaluated_of(some, forces=forces)).adding_to == "f1"
    assert catalogue_view(*evaluated_of(full, forces=forces)).adding_to == "f2"
    # the player's choice wins over the default
    assert catalogue_view(*evaluated_of(some, forces=forces), adding_to="f2").adding_to == "f2"


def test_a_search_hides_categories_without_a_match(ember_reach):
    view = catalogue_view(*evaluated_of([]), query="hearth")

    assert [g.name for g in view.categories] == ["Core"]
    assert [s.name for s in view.categories[0].sheets] == ["Hearthguard"]
    assert view.hidden_by_query > 0

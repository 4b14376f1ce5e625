"""A version's identity is its number: a module republished under the same label (a price up
in "1.3", an admin's edit) is a new version that lists are told about, and a list can be kept on
the version it was built on ("Keep 1.3 for now"), read with that version's data until updated."""

from __future__ import annotations

import pytest

from factions.catalog import catalog_for
from forgebuilder.lists.data_updates import data_update, kept_document, updated_document
from forgebuilder.lists.edits import EditError
from forgebuilder.lists.ownership import Owner
from forgebuilder.lists.selectors import evaluated_list
from forgebuilder.lists.services import army_list_create, army_list_edit, army_list_undo
from tests.armylists.test_data_updates import built_on_old_version, newest_number

pytestmark = pytest.mark.django_db


def test_a_module_republished_under_its_label_with_a_price_up_is_an_update():
    army_list, before, _ = built_on_old_version("iron-squads", labels=("1.3", "1.3"))
    now = evaluated_list(army_list=army_list)

    update = data_update(now)

    assert update is not None and update.found
    first, second = newest_number(army_list.module) - 1, newest_number(army_list.module)
    assert (update.built_on, update.current) == (f"1.3 (#{first})", f"1.3 (#{second})")
    [unit] = before.roster.units
    assert [p.unit for p in update.prices] == [unit.name]
    assert (update.total_before, update.total_after) == (before.roster.points, now.roster.points)
    assert update.changes and update.dropped


def test_a_new_list_records_the_number_of_the_newest_version():
    army_list, _, _ = built_on_old_version("iron-squads", labels=("1.3", "1.3"))
    old = evaluated_list(army_list=army_list)
    first = newest_number(army_list.module) - 1

    new = army_list_create(
        owner=Owner(None, "t"),
        catalog=catalog_for(army_list.module),
        document=old.document.model_copy(update={"data_version": None}),
    )

    # the stored list's number was kept; the copy without one gets the newest "1.3"'s
    assert old.document.data_version == first
    assert evaluated_list(army_list=new).document.data_version == first + 1
    assert data_update(evaluated_list(army_list=new)) is None


def test_a_list_republished_under_its_label_without_a_change_it_uses_gets_one_quiet_line():
    army_list, _, _ = built_on_old_version("iron-squads", labels=("1.3", "1.3"))
    document = evaluated_list(army_list=army_list).document
    module = army_list.module
    unused = next(
        key
        for key in catalog_for(module).spec.factions[document.faction].datasheets
        if key != document.units[0].datasheet
    )
    untouched = army_list_create(
        owner=Owner(None, "t"),
        catalog=catalog_for(module),
        document=document.model_copy(
            update={
                "units": (
                    document.units[0].model_copy(update={"datasheet": unused, "options": ()}),
                )
            }
        ),
    )

    update = data_update(evaluated_list(army_list=untouched))

    assert update.quiet and (update.prices, update.changes, update.dropped) == ((), (), ())


def test_keeping_a_list_pins_it_to_its_number_and_undo_unpins_it():
    army_list, before, _ = built_on_old_version("iron-squads")
    first = newest_number(army_list.module) - 1

    army_list_edit(army_list=army_list, expected_version=None, change=kept_document, label="Keep")
    army_list.refresh_from_db()
    kept = evaluated_list(army_list=army_list)

    assert (kept.document.pinned, kept.document.data_version) == (True, first)
    assert kept.catalog.spec.version == "7.1"
    assert kept.roster.points == before.roster.points
    assert kept.report.unit_points == before.report.unit_points
    assert data_update(kept).pinned
    assert army_list_undo(army_list=army_list, expected_version=None) == "Keep"
    army_list.refresh_from_db()
    assert evaluated_list(army_list=army_list).document == before.document


def test_a_list_whose_version_is_not_on_record_cannot_be_kept():
    army_list, _, _ = built_on_old_version("iron-squads")
    document = evaluated_list(army_list=army_list).document
    lost = document.model_copy(update={"module_version": "0.9", "data_version": None})

    with pytest.raises(EditError, match=r"\(0\.9\) is not on record here"):
        kept_document(lost, catalog_for(army_list.module))


def test_a_list_on_the_newest_version_has_no_version_to_keep():
    army_list, _, _ = built_on_old_version("iron-squads")
    catalog = catalog_for(army_list.module)
    document = updated_document(evaluated_list(army_list=army_list).document, catalog)[0]

    with pytest.raises(EditError, match="on the newest version of its game"):
        kept_document(document, catalog)


def test_a_list_from_elsewhere_takes_the_number_of_its_label_here_and_is_offered_the_update():
    army_list, _, _ = built_on_old_version("iron-squads")
    first = newest_number(army_list.module) - 1
    document = evaluated_list(army_list=army_list).document
    # made on another site, where "7.1" was version 99 and kept there
    foreign = document.model_copy(update={"data_version": 99, "pinned": True})
    unknown = document.model_copy(update={"module_version": "0.9", "data_version": 99})

    imported = army_list_create(
        owner=Owner(None, "t"), catalog=catalog_for(army_list.module), document=foreign
    )
    lost = army_list_create(
        owner=Owner(None, "t"), catalog=catalog_for(army_list.module), document=unknown
    )

    kept = evaluated_list(army_list=imported)
    assert (kept.document.data_version, kept.document.pinned) == (first, True)
    assert kept.catalog.spec.version == "7.1" and data_update(kept).found
    assert (evaluated_list(army_list=lost).document.data_version, lost.document["pinned"]) == (
        None,
        False,
    )

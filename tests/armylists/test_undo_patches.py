"""Undo history kept as patches: every step comes back exactly, in far less room than copies."""

from __future__ import annotations

import json

import pytest
from django.db.models import F
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from factions.catalog import catalog_for
from forgebuilder.engine.api import ListDocument
from forgebuilder.lists import edits, jsondiff
from forgebuilder.lists.models import ArmyList, ListRevision
from forgebuilder.lists.ownership import Owner
from forgebuilder.lists.services import (
    UNDO_STEPS,
    army_list_create,
    army_list_edit,
    army_list_undo,
)

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**6), 10**6) | st.text(max_size=4),
    lambda inner: (
        st.lists(inner, max_size=5) | st.dictionaries(st.sampled_from("abcdef"), inner, max_size=5)
    ),
    max_leaves=25,
)


@settings(max_examples=300, deadline=None)
@given(a=JSON, b=JSON)
def test_a_patch_turns_one_value_into_the_other_and_changes_neither(a, b):
    a_text, b_text = json.dumps(a), json.dumps(b)

    patch = jsondiff.diff(a, b)

    assert jsondiff.apply(a, patch) == b
    assert type(jsondiff.apply(a, patch)) is type(b)  # True stays True, never 1
    assert (json.dumps(a), json.dumps(b)) == (a_text, b_text)
    json.dumps(patch)  # a patch is JSON, as it is stored


pytestmark = pytest.mark.django_db

EDITS = st.lists(
    st.tuples(st.sampled_from(["add", "rename", "count", "remove", "option"]), st.integers(0, 99)),
    min_size=1,
    max_size=30,
)


def one_edit(kind: str, n: int):
    """A real editor change, chosen by `kind` and `n`, that may also be refused."""

    def change(document: ListDocument, catalog):
        units = document.units
        if kind == "add" or not units:
            sheet = ["captain", "spearmen", "river_witch"][n % 3]
            return edits.add_unit(document, catalog, datasheet=sheet, force="f1")[0]
        unit = units[n % len(units)]
        if kind == "rename":
            return edits.rename_unit(document, unit_id=unit.id, name=f"Patrol {n}")
        if kind == "remove":
            return edits.remove_unit(document, unit_id=unit.id)
        if kind == "count" and unit.datasheet == "spearmen":
            return edits.set_model_count(
                document, catalog, unit_id=unit.id, model="spearman", count=5 + n % 6
            )
        if kind == "option" and unit.datasheet == "spearmen":
            return edits.set_option(
                document, catalog, unit_id=unit.id, option="add_rule.steady",
                choice="steady", count=n % 2,
            )  # fmt: skip
        return edits.rename_unit(document, unit_id=unit.id, name=f"Unit {n}")

    return change


@settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(steps=EDITS)
def test_undo_walks_back_through_every_real_edit_exactly(mini_module, mini_list, steps):
    army_list = army_list_create(
        owner=Owner(None, "t"),
        catalog=catalog_for(mini_module),
        document=ListDocument.model_validate(mini_list),
    )
    seen = [ArmyList.objects.get(pk=army_list.pk).document]
    for kind, n in steps:
        try:
            army_list_edit(
                army_list=army_list, expected_version=None, change=one_edit(kind, n), label=kind
            )
        except edits.EditError:
            continue
        document = ArmyList.objects.get(pk=army_list.pk).document
        if document != seen[-1]:
            seen.append(document)

    for expected in reversed(seen[:-1][-UNDO_STEPS:]):
        assert army_list_undo(army_list=army_list, expected_version=None) is not None
        assert ArmyList.objects.get(pk=army_list.pk).document == expected
    assert army_list_undo(army_list=army_list, expected_version=None) is None


def test_older_revisions_kept_as_whole_documents_still_undo_after_patched_ones(
    mini_module, mini_list
):
    army_list = army_list_create(
        owner=Owner(None, "t"),
        catalog=catalog_for(mini_module),
        document=ListDocument.model_validate(mini_list),
    )
    first = ArmyList.objects.get(pk=army_list.pk).document
    # a revision as they were stored before patches: the whole document
    ListRevision.objects.create(army_list=army_list, document={**first, "name": "Old"}, label="x")
    army_list_edit(
        army_list=army_list,
        expected_version=None,
        change=one_edit("rename", 3),
        label="rename",
    )

    assert army_list_undo(army_list=army_list, expected_version=None) == "rename"
    assert ArmyList.objects.get(pk=army_list.pk).document == first
    assert army_list_undo(army_list=army_list, expected_version=None) == "x"
    assert ArmyList.objects.get(pk=army_list.pk).document["name"] == "Old"


def test_a_history_that_no_longer_fits_the_list_is_dropped_never_misapplied(mini_module, mini_list):
    army_list = army_list_create(
        owner=Owner(None, "t"),
        catalog=catalog_for(mini_module),
        document=ListDocument.model_validate(mini_list),
    )
    army_list_edit(
        army_list=army_list, expected_version=None, change=one_edit("rename", 1), label="r"
    )
    written = {**ArmyList.objects.get(pk=army_list.pk).document, "name": "Written elsewhere"}
    # a write that keeps no revision (no path does so today): the version moves on
    ArmyList.objects.filter(pk=army_list.pk).update(document=written, version=F("version") + 1)

    assert army_list_undo(army_list=army_list, expected_version=None) is None
    assert ArmyList.objects.get(pk=army_list.pk).document == written
    assert not ListRevision.objects.filter(army_list=army_list).exists()


def test_fifty_steps_of_a_thirty_unit_list_take_less_room_than_five_copies(mini_module, mini_list):
    catalog = catalog_for(mini_module)
    document = ListDocument.model_validate(mini_list)
    for _ in range(27):
        document = edits.add_unit(document, catalog, datasheet="spearmen", force="f1")[0]
    army_list = army_list_create(owner=Owner(None, "t"), catalog=catalog, document=document)
    for n in range(UNDO_STEPS + 7):  # more than are kept: the oldest are trimmed
        kind = ["rename", "count", "option", "add", "remove"][n % 5]
        army_list_edit(
            army_list=army_list, expected_version=None, change=one_edit(kind, n * 7), label=kind
        )

    stored = ArmyList.objects.get(pk=army_list.pk)
    assert stored.unit_count >= 30
    history = ListRevision.objects.filter(army_list=army_list)
    assert history.count() == UNDO_STEPS
    size = sum(len(json.dumps([r.document, r.changes, r.version])) for r in history)
    assert size < 5 * len(json.dumps(stored.document)), (size, len(json.dumps(stored.document)))

"""Publishing game data while players edit: a version published while a list is being edited
loses no edit and waits for none, two lists of one module are edited at once without waiting
for each other, two loads at once give two versions, and two admins publishing one reviewed
draft at once publish it once. Needs PostgreSQL's row locks (SQLite serialises every write)."""

from __future__ import annotations

import threading

from factions import models as m
from factions.catalog import catalog_for
from factions.drafts import DraftRefused, draft_publish
from factions.gamedata.loader import game_module_load
from factions.gamedata.schemas import ModuleSpec
from factions.services import game_module_touch
from forgebuilder.lists import edits
from forgebuilder.lists.ownership import Owner
from forgebuilder.lists.services import army_list_create, army_list_edit
from tests.concurrency import POSTGRES_ONLY, at_once

pytestmark = POSTGRES_ONLY
WAIT = 5  # seconds a held edit waits for the other side before it gives up


def _list(module: m.GameModule, name: str):
    catalog = catalog_for(module)
    document = edits.new_document(
        catalog, faction="millford", name=name, points_limit=999, casual=True
    )
    return army_list_create(owner=Owner(None, "t"), catalog=catalog, document=document)


def _repriced(module: m.GameModule, points: int, label: str) -> ModuleSpec:
    spec = catalog_for(module).spec.model_dump(mode="json")
    spec["factions"]["millford"]["datasheets"]["captain"]["points"] = points
    spec["version"] = label
    return ModuleSpec.model_validate(spec)


def _held_edit(army_list, inside: threading.Event, release: threading.Event):
    """An edit that, holding its list's lock, waits for `release` (failing after WAIT s)."""

    def change(document, catalog):
        inside.set()
        if not release.wait(WAIT):
            raise TimeoutError("the other side never finished while this edit held its lock")
        return edits.add_unit(document, catalog, datasheet="captain", force=None)[0]

    return lambda: army_list_edit(
        army_list=army_list, expected_version=None, change=change, label="add"
    )


def _after(inside: threading.Event, release: threading.Event, action):
    def run():
        assert inside.wait(WAIT)
        try:
            return action()
        finally:
            release.set()

    return run


def test_a_version_published_while_a_list_is_edited_loses_no_edit(mini_module):
    army_list = _list(mini_module, "Held")
    inside, release = threading.Event(), threading.Event()
    spec = _repriced(mini_module, 41, "2.0")

    edited, loaded = at_once(
        _held_edit(army_list, inside, release),
        _after(inside, release, lambda: game_module_load(spec=spec)),
    )

    assert not isinstance(loaded, Exception), loaded
    assert not isinstance(edited, Exception), edited
    army_list.refresh_from_db()
    assert [u["datasheet"] for u in army_list.document["units"]] == ["captain"]
    assert mini_module.versions.first().label == "2.0"


def test_two_lists_of_one_module_are_edited_without_waiting_for_each_other(mini_module):
    first, second = _list(mini_module, "First"), _list(mini_module, "Second")
    inside, release = threading.Event(), threading.Event()
    add = lambda d, c: edits.add_unit(d, c, datasheet="captain", force=None)[0]  # noqa: E731

    held, other = at_once(
        _held_edit(first, inside, release),
        _after(inside, release, lambda: army_list_edit(
            army_list=second, expected_version=None, change=add, label="add"
        )),
    )  # fmt: skip

    assert not isinstance(held, Exception), held
    assert not isinstance(other, Exception), other


def test_two_loads_at_once_give_two_versions(mini_module):
    game_module_load(spec=catalog_for(mini_module).spec)  # its first version
    before = mini_module.versions.count()
    specs = [_repriced(mini_module, 31, "2.0"), _repriced(mini_module, 32, "2.1")]

    results = at_once(*(lambda s=s: game_module_load(spec=s) for s in specs))

    assert not any(isinstance(r, Exception) for r in results), results
    numbers = list(mini_module.versions.order_by("number").values_list("number", flat=True))
    assert numbers == list(range(1, before + 3))
    mini_module.refresh_from_db()
    newest = mini_module.versions.first()
    assert catalog_for(mini_module).spec.model_dump(mode="json") == newest.spec


def test_two_admins_publishing_one_reviewed_draft_publish_it_once(mini_module):
    game_module_load(spec=catalog_for(mini_module).spec)
    m.Datasheet.objects.filter(module=mini_module, key="captain").update(points=44)
    game_module_touch(module_id=mini_module.pk)
    mini_module.refresh_from_db()
    before = mini_module.versions.count()
    seen = mini_module.revision

    results = at_once(
        *(lambda label=label: draft_publish(module_id=mini_module.pk, seen=seen, label=label)
          for label in ("2.0", "2.0b"))
    )  # fmt: skip

    refused = [r for r in results if isinstance(r, DraftRefused)]
    assert len(refused) == 1 and refused[0].code == "draft-changed", results
    assert mini_module.versions.count() == before + 1

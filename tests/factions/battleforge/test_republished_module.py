"""Battle Forge's own module imported twice, the second time from an edited copy (a unit
dearer, a unit's options removed, a rule renamed, a unit removed): the new version names each
change, every list that uses a changed thing is told what changed for it and a list that uses
none is told nothing, and the update moves a list as its diff says."""

from __future__ import annotations

import json
import shutil
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command

from factions.catalog import catalog_for
from factions.models import GameModule
from factions.versions import version_changes
from forgebuilder.engine.api import ListChoice
from forgebuilder.lists import edits
from forgebuilder.lists.data_updates import built_on_catalog, data_update, updated_document
from forgebuilder.lists.ownership import Owner
from forgebuilder.lists.selectors import evaluated_list
from forgebuilder.lists.services import army_list_create
from tests.conftest import bf_data

pytestmark = pytest.mark.django_db


def _import(folder: Path) -> None:
    call_command("import_battleforge", str(folder), "--slug", "sw", stdout=StringIO())


def _list(module, datasheet: str, name: str, option: bool = False):
    catalog = catalog_for(module)
    document = edits.new_document(
        catalog, faction="empire", name=name, points_limit=999, casual=True
    )
    document, unit_id = edits.add_unit(document, catalog, datasheet=datasheet, force=None)
    if option:
        data = catalog.spec.model_dump(mode="json")["factions"]["empire"]["datasheets"][datasheet]
        holders = [data, *(data.get("models") or ())]
        found = next(o for h in holders for o in h.get("options") or () if o.get("id"))
        choice = next(c for c in found["choices"] if c.get("id"))
        unit = document.unit(unit_id).model_copy(
            update={"options": (ListChoice(option=found["id"], choice=choice["id"]),)}
        )
        document = document.model_copy(update={"units": (unit,)})
    return army_list_create(owner=Owner(None, "t"), catalog=catalog, document=document)


def test_a_republished_module_tells_each_list_what_changed_for_it(tmp_path):
    source = bf_data("space-wars")
    folder = tmp_path / "space-wars"
    shutil.copytree(source, folder, copy_function=shutil.copyfile)
    shutil.copytree(source.parent / "root", tmp_path / "root", copy_function=shutil.copyfile)
    _import(folder)
    module = GameModule.objects.get(slug="sw")
    lists = {
        "dearer": _list(module, "dark_side_master", "Sith"),
        "option": _list(module, "empire_troopers", "Troopers", option=True),
        "removed": _list(module, "heavy_walker", "Walkers"),
        "untouched": _list(module, "speeder_bikes", "Bikes"),
    }
    empire = json.loads((folder / "empire.json").read_text())
    empire["units"]["dark_side_master"]["models"][0]["fight"] += 1
    for model in empire["units"]["empire_troopers"]["models"]:
        model.pop("options", None)
    empire["units"]["empire_troopers"].pop("options", None)
    empire["rules"]["elite_crew"]["name"] = "Veteran Crew"
    del empire["units"]["heavy_walker"]
    (folder / "empire.json").write_text(json.dumps(empire))

    _import(folder)

    module.refresh_from_db()
    words = [c.words for c in version_changes(module, module.versions.first().number)]
    said = "\n".join(words)
    assert "Dark Side Master: " in said and "points" in said
    assert "Veteran Crew" in said and "Elite Crew" in said  # renamed, by its key
    assert any("Heavy Walker" in w and "removed" in w for w in words)
    assert any("Empire Troopers" in w and "options" in w for w in words)
    updates = {key: data_update(evaluated_list(army_list=a)) for key, a in lists.items()}
    assert updates["dearer"].prices and updates["dearer"].prices[0].unit == "Dark Side Master"
    assert updates["option"].dropped and updates["option"].dropped[0].startswith("Empire Troopers")
    assert any("Heavy Walker" in c for c in updates["removed"].changes)
    quiet = updates["untouched"]
    assert quiet is None or not (quiet.prices or quiet.changes or quiet.dropped or quiet.problems)
    # the update moves a list as its diff says: the option it names is the one dropped
    now = evaluated_list(army_list=lists["option"])
    old = built_on_catalog(module.pk, now.document)
    moved, dropped = updated_document(now.document, now.catalog, old)
    assert tuple(dropped) == updates["option"].dropped and moved.units[0].options == ()

"""What a module's new version changed for a list, and the update onto it, over every starter
module and every Battle Forge module: a list built on version N, then N+1 published with one of
its units repriced and an option it took removed."""

from __future__ import annotations

import copy

import pytest

from factions.cards import choice_label
from factions.catalog import Catalog, catalog_for
from factions.gamedata.loader import game_module_load
from factions.gamedata.schemas import ModuleSpec
from factions.models import GameModule
from forgebuilder.engine.api import ListChoice, ListLegend, ListStrategy
from forgebuilder.lists import edits
from forgebuilder.lists.data_updates import PriceChange, data_update, updated_document
from forgebuilder.lists.ownership import Owner
from forgebuilder.lists.selectors import evaluated_list
from forgebuilder.lists.services import army_list_create, army_list_edit, army_list_undo
from tests.factions.test_module_versions import BATTLE_FORGE, STARTERS, spec_of

pytestmark = pytest.mark.django_db


def _priced_option(spec: dict) -> tuple[str, str, str, str] | None:
    """(faction, datasheet, option id, choice id) of an option of a unit or of one of its
    models that has ids."""
    for faction, data in spec["factions"].items():
        for key, sheet in data.get("datasheets", {}).items():
            holders = [sheet, *(m for m in sheet.get("models") or () if isinstance(m, dict))]
            for option in (o for h in holders for o in h.get("options") or ()):
                if option.get("verb") == "add_model" or not option.get("id"):
                    continue
                choice = next((c for c in option["choices"] if c.get("id")), None)
                if choice is not None:
                    return faction, key, option["id"], choice["id"]
    return None


def built_on_old_version(name: str, owner: Owner | None = None, labels=("7.1", "7.2")):
    """The module loaded as "7.1" with a list of one unit taking one option (999 points), and
    "7.2" published: that unit's datasheet 7 points dearer, the option gone (`labels`: other
    labels, the same one twice for a module republished under its label)."""
    spec = spec_of(name)
    found = _priced_option(spec)
    if found is None:
        pytest.skip(f"{name} has no unit option with ids")
    faction, key, option, choice = found
    spec["version"] = labels[0]
    game_module_load(spec=ModuleSpec.model_validate(spec))
    module = GameModule.objects.get(slug=spec["slug"])
    catalog = catalog_for(module)
    document = edits.new_document(
        catalog, faction=faction, name="Old list", points_limit=999, casual=True
    )
    document, unit_id = edits.add_unit(document, catalog, datasheet=key, force=None)
    unit = document.unit(unit_id).model_copy(
        update={"options": (ListChoice(option=option, choice=choice),)}
    )
    document = document.model_copy(update={"units": (unit,)})
    army_list = army_list_create(
        owner=owner or Owner(None, "t"), catalog=catalog, document=document
    )
    before = evaluated_list(army_list=army_list)
    new = copy.deepcopy(spec)
    sheet = new["factions"][faction]["datasheets"][key]
    sheet["points"] += 7
    for holder in [sheet, *(m for m in sheet.get("models") or () if isinstance(m, dict))]:
        if holder.get("options"):
            holder["options"] = [o for o in holder["options"] if o.get("id") != option]
    new["version"] = labels[1]
    game_module_load(spec=ModuleSpec.model_validate(new), note="Points update")
    army_list.refresh_from_db()
    army_list.module.refresh_from_db()
    return army_list, before, sheet["name"]


def newest_number(module: GameModule) -> int:
    return module.versions.order_by("-number").values_list("number", flat=True)[0]


@pytest.mark.parametrize("name", STARTERS + BATTLE_FORGE)
def test_a_list_on_an_older_version_is_told_its_price_changes_and_what_is_gone(name):
    army_list, before, sheet_name = built_on_old_version(name)
    now = evaluated_list(army_list=army_list)

    update = data_update(now)

    [unit] = before.roster.units
    old_points = before.report.unit_points[unit.id]
    new_points = now.report.unit_points[unit.id]
    assert new_points != old_points
    assert (update.built_on, update.current, update.found) == ("7.1", "7.2", True)
    assert PriceChange(unit.name, old_points, new_points) in update.prices
    assert (update.total_before, update.total_after) == (before.roster.points, now.roster.points)
    [change] = update.changes
    assert change.startswith(f"{sheet_name}: ") and "options: -" in change
    assert update.label == f"Update to {now.catalog.spec.name} 7.2"
    [taken] = before.document.units[0].options
    faction = before.document.faction
    option = before.catalog.datasheet(faction, unit.datasheet_key).option(taken.option)[1]
    choice = next(c for c in option.choices if c.id == taken.choice)
    label = choice_label(before.catalog, faction, option, choice)
    assert update.dropped == (f"{unit.name}: {label}",)


@pytest.mark.parametrize("name", STARTERS + BATTLE_FORGE)
def test_the_update_sets_the_version_drops_only_the_missing_option_and_undo_restores(name):
    army_list, before, _ = built_on_old_version(name)
    document = before.document

    def change(doc, catalog):
        return updated_document(doc, catalog)[0]

    army_list_edit(army_list=army_list, expected_version=None, change=change, label="Update")
    army_list.refresh_from_db()
    after = evaluated_list(army_list=army_list)

    [unit] = document.units
    assert after.document == document.model_copy(
        update={
            "module_version": "7.2",
            "data_version": newest_number(army_list.module),
            "units": (unit.model_copy(update={"options": ()}),),
        }
    )
    assert data_update(after) is None
    assert army_list_undo(army_list=army_list, expected_version=None) == "Update"
    army_list.refresh_from_db()
    assert army_list.document == document.to_json()


@pytest.mark.parametrize("name", STARTERS[:1])
def test_a_list_on_the_current_version_has_no_update(name):
    army_list, _, _ = built_on_old_version(name)
    current = army_list_create(
        owner=Owner(None, "t"),
        catalog=catalog_for(army_list.module),
        document=evaluated_list(army_list=army_list).document.model_copy(
            update={"module_version": "7.2"}
        ),
    )

    assert data_update(evaluated_list(army_list=current)) is None


def test_a_version_not_on_record_offers_only_the_update():
    army_list, _, _ = built_on_old_version(STARTERS[0])
    document = evaluated_list(army_list=army_list).document
    lost = army_list_create(
        owner=Owner(None, "t"),
        catalog=catalog_for(army_list.module),
        document=document.model_copy(update={"module_version": "0.9"}),
    )

    update = data_update(evaluated_list(army_list=lost))

    assert (update.found, update.built_on, update.prices, update.changes) == (False, "0.9", (), ())


@pytest.mark.parametrize("name", STARTERS + BATTLE_FORGE)
def test_the_update_drops_a_legend_and_a_strategy_the_new_version_lacks_and_names_them(name):
    spec = spec_of(name)
    old = Catalog(0, 1, ModuleSpec.model_validate(spec))
    faction = next((f for f in spec["factions"] if old.legends(f) or old.strategies(f)), None)
    if faction is None:
        pytest.skip(f"{name} has no legends or strategies")
    legends, strategies = list(old.legends(faction)), list(old.strategies(faction))
    document = edits.new_document(old, faction=faction, name="L", points_limit=999, casual=True)
    document = document.model_copy(
        update={
            "legends": tuple(ListLegend(legend=k) for k in legends[:2]),
            "pre_game_strategies": tuple(ListStrategy(strategy=k) for k in strategies[:2]),
        }
    )
    new = copy.deepcopy(spec)
    new["version"] = "7.2"
    for section, gone in (("legends", legends[:1]), ("strategies", strategies[:1])):
        for holder in (new, new["factions"][faction]):
            for key in gone:
                (holder.get(section) or {}).pop(key, None)
    catalog = Catalog(0, 2, ModuleSpec.model_validate(new))

    updated, dropped = updated_document(document, catalog, old)

    assert updated == document.model_copy(
        update={
            "module_version": "7.2",
            "legends": document.legends[1:] if legends else (),
            "pre_game_strategies": document.pre_game_strategies[1:] if strategies else (),
        }
    )
    assert dropped == [old.legends(faction)[k].name for k in legends[:1]] + [
        old.strategies(faction)[k].name for k in strategies[:1]
    ]


def test_the_editor_drawn_again_works_the_update_out_once(monkeypatch):
    """The banner's comparison is kept for an unchanged list: the editor of a list on an old
    version is no slower than one on the newest (bench/bench_versions.py)."""
    from forgebuilder.lists import data_updates

    army_list, _, _ = built_on_old_version(STARTERS[0])
    calls = []
    real = data_updates.evaluated_document
    monkeypatch.setattr(
        data_updates, "evaluated_document", lambda **kw: calls.append(1) or real(**kw)
    )
    first = data_update(evaluated_list(army_list=army_list))
    again = data_update(evaluated_list(army_list=army_list))
    assert len(calls) == 1 and again == first
    army_list.document = {**army_list.document, "name": "Renamed"}
    army_list.version += 1
    army_list.save()
    assert data_update(evaluated_list(army_list=army_list)) is not None
    assert len(calls) == 2  # a changed list is compared again

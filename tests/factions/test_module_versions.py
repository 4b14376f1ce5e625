"""Published versions of a module and what changed between them, over every starter module and
every Battle Forge module: a load that changes a module publishes a version, one that changes
nothing publishes none, and the changes name what changed in players' words."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from factions.gamedata.changes import module_changes
from factions.gamedata.loader import game_module_load, read_module_source, validate_source
from factions.gamedata.schemas import ModuleSpec
from factions.models import GameModule, ModuleVersion
from factions.selectors import FIRST_NOTE, versions_of
from factions.versions import changes_by_version, version_changes
from tests.conftest import REPO, bf_game

STARTERS = sorted(p.name for p in (REPO / "factions" / "game_modules").iterdir() if p.is_dir())
BATTLE_FORGE = ["space-wars", "fantasy-realms", "wbh"]
_specs: dict[str, dict] = {}


def starter_spec(name: str) -> dict:
    if name not in _specs:
        path = REPO / "factions" / "game_modules" / name
        _specs[name] = validate_source(read_module_source(path)).model_dump(mode="json")
    return copy.deepcopy(_specs[name])


def battle_forge_spec(folder: str) -> dict:
    if folder not in _specs:
        from factions.gamedata.battleforge.importer import build_module_spec

        _specs[folder] = build_module_spec(bf_game(folder)).spec.model_dump(mode="json")
    return copy.deepcopy(_specs[folder])


def datasheets(spec: dict) -> list[tuple[str, str]]:
    return [
        (f, d) for f, faction in spec["factions"].items() for d in faction.get("datasheets", {})
    ]


def repriced(spec: dict, extra: int, label: str) -> tuple[dict, dict]:
    """`spec` as a new version `label` whose first datasheet costs `extra` points more; the
    datasheet as it was."""
    faction, key = datasheets(spec)[0]
    sheet = spec["factions"][faction]["datasheets"][key]
    changed = copy.deepcopy(spec)
    changed["factions"][faction]["datasheets"][key]["points"] = sheet["points"] + extra
    changed["version"] = label
    return changed, sheet


def spec_of(name: str) -> dict:
    return battle_forge_spec(name) if name in BATTLE_FORGE else starter_spec(name)


@pytest.mark.parametrize("name", STARTERS + BATTLE_FORGE)
def test_a_module_compared_with_itself_changed_nothing(name):
    spec = spec_of(name)

    assert module_changes(spec, copy.deepcopy(spec)) == []


@pytest.mark.parametrize("name", STARTERS + BATTLE_FORGE)
def test_one_price_changed_is_one_change_in_players_words(name):
    @settings(max_examples=8, deadline=None, derandomize=True)
    @given(data=st.data())
    def check(data):
        spec = spec_of(name)
        faction, key = data.draw(st.sampled_from(datasheets(spec)))
        sheet = spec["factions"][faction]["datasheets"][key]
        new = copy.deepcopy(spec)
        new["factions"][faction]["datasheets"][key]["points"] = sheet["points"] + 7

        [change] = module_changes(spec, new)

        assert (change.kind, change.what, change.key, change.faction) == (
            "changed", "datasheet", key, faction,
        )  # fmt: skip
        assert change.words == f"{sheet['name']}: {sheet['points']} → {sheet['points'] + 7} points."
        assert change.where == f"factions.{faction}.datasheet.{key}"

    check()


@pytest.mark.parametrize("name", STARTERS + BATTLE_FORGE)
def test_a_removed_datasheet_comes_back_as_an_added_one(name):
    spec = spec_of(name)
    faction, key = datasheets(spec)[-1]
    name_of = spec["factions"][faction]["datasheets"][key]["name"]
    without = copy.deepcopy(spec)
    del without["factions"][faction]["datasheets"][key]

    [gone] = module_changes(spec, without)
    [back] = module_changes(without, spec)

    assert (gone.kind, gone.words) == ("removed", f"{name_of} removed.")
    assert (back.kind, back.words) == ("added", f"{name_of}: new datasheet.")


def test_a_renamed_datasheet_is_one_change_that_says_so():
    spec = starter_spec("ember-reach")
    faction, key = datasheets(spec)[0]
    old = spec["factions"][faction]["datasheets"][key]["name"]
    new = copy.deepcopy(spec)
    new["factions"][faction]["datasheets"][key]["name"] = "Ash Lord"

    [change] = module_changes(spec, new)

    assert change.words == f"Ash Lord: renamed from {old}."


def test_a_stat_a_weapon_and_the_modules_own_fields_are_said_by_name():
    spec = starter_spec("ember-reach")
    faction, key = datasheets(spec)[0]
    new = copy.deepcopy(spec)
    model = new["factions"][faction]["datasheets"][key]["models"][0]
    stat = next(iter(model["stats"]))
    before = model["stats"][stat]
    model["stats"][stat] = 99
    new["version"] = "1.1"

    changes = {c.what: c for c in module_changes(spec, new)}

    assert changes["module"].words == f"{spec['name']}: version “1.0” → “1.1”."
    assert f"{stat} {before} → 99" in changes["datasheet"].words
    assert "stats" not in changes["datasheet"].words


# ---- published versions ------------------------------------------------------------------


@pytest.mark.django_db
def test_a_load_that_changes_a_module_publishes_a_version_and_one_that_does_not_publishes_none():
    spec = starter_spec("iron-squads")
    game_module_load(spec=ModuleSpec.model_validate(spec))
    game_module_load(spec=ModuleSpec.model_validate(spec))  # nothing changed
    module = GameModule.objects.get(slug="iron-squads")
    assert [(v.number, v.label, v.source) for v in versions_of(module)] == [
        (1, spec["version"], "load")
    ]
    changed, sheet = repriced(spec, 1, "9.1")

    game_module_load(spec=ModuleSpec.model_validate(changed), note="Points update")

    assert [v.number for v in versions_of(module)] == [2, 1]
    latest = ModuleVersion.objects.get(module=module, number=2)
    assert (latest.label, latest.note) == ("9.1", "Points update")
    assert latest.spec == changed
    words = [c.words for c in version_changes(module, 2)]
    assert f"{sheet['name']}: {sheet['points']} → {sheet['points'] + 1} points." in words
    assert version_changes(module, 1) == []
    assert version_changes(module, 3) is None
    assert changes_by_version(module) == {1: [], 2: version_changes(module, 2)}


@pytest.mark.django_db
def test_a_module_stored_before_versions_gets_its_first_from_what_is_stored(starter_modules):
    module = GameModule.objects.get(slug="ember-reach")
    module.versions.all().delete()  # as a database of before versions were kept

    [first] = versions_of(module)

    assert (first.number, first.note) == (1, FIRST_NOTE)
    assert ModuleVersion.objects.get(pk=first.pk).spec["slug"] == "ember-reach"
    assert len(versions_of(module)) == 1  # made once


@pytest.mark.django_db
def test_the_versions_page_and_the_changes_as_json(client):
    spec = starter_spec("shard-skirmish")
    game_module_load(spec=ModuleSpec.model_validate(spec))
    faction, key = datasheets(spec)[0]
    changed = copy.deepcopy(spec)
    changed["factions"][faction]["datasheets"][key]["name"] = "<b>Bold</b> Raiders"
    game_module_load(spec=ModuleSpec.model_validate(changed))

    page = client.get("/games/shard-skirmish/versions/")
    assert page.status_code == 200
    assert "&lt;b&gt;Bold&lt;/b&gt; Raiders: renamed from" in page.text
    assert "<b>Bold</b>" not in page.text
    answer = client.get("/games/shard-skirmish/versions/2/changes.json")
    assert answer.status_code == 200
    [change] = json.loads(answer.content)["changes"]
    assert (change["kind"], change["key"], change["where"]) == (
        "changed", key, f"factions.{faction}.datasheet.{key}",
    )  # fmt: skip
    assert client.get("/games/shard-skirmish/versions/9/changes.json").status_code == 404
    assert client.get("/games/nowhere/versions/").status_code == 404

"""Importing Battle Forge's published modules (the MIT data in the shared folder; skipped when
it is absent): every faction maps cleanly, loads into the database at Battle Forge's prices,
re-imports as a no-op and updates in place."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from factions.gamedata.battleforge import BFGame, load_game
from factions.gamedata.battleforge.importer import ImportResult, build_module_spec
from factions.gamedata.loader import game_module_load
from factions.gamedata.references import check_module
from factions.models import Datasheet, DatasheetModel, GameModule, UnitOption

from .test_bf_real_data import REFERENCE

MODULES = [
    # fixture, slug, factions, datasheets
    ("fr_game", "fantasy-realms", 17, 260),
    ("anc_game", "ancients", 7, 125),
    ("sw_game", "space-wars", 4, 8),
]


@pytest.fixture(scope="module")
def fr_result(fr_game: BFGame) -> ImportResult:
    return build_module_spec(fr_game)


@pytest.mark.parametrize(("fixture", "slug", "factions", "sheets"), MODULES)
def test_every_faction_of_the_published_modules_imports_with_no_check_module_finding(
    request: pytest.FixtureRequest, fixture: str, slug: str, factions: int, sheets: int
) -> None:
    result = build_module_spec(request.getfixturevalue(fixture))
    assert result.spec.slug == slug
    assert len(result.spec.factions) == factions
    assert sum(len(f.datasheets) for f in result.spec.factions.values()) == sheets
    assert list(check_module(result.spec)) == []


@pytest.mark.django_db
@pytest.mark.parametrize(("fixture", "slug", "factions", "sheets"), MODULES)
def test_every_published_module_loads_into_the_database(
    request: pytest.FixtureRequest, fixture: str, slug: str, factions: int, sheets: int
) -> None:
    summary = game_module_load(spec=build_module_spec(request.getfixturevalue(fixture)).spec)
    assert summary.module_created
    assert len(summary.counts["factions"].created) == factions
    assert Datasheet.objects.filter(module__slug=slug).count() == sheets


@pytest.mark.django_db
def test_the_reference_values_are_the_stored_datasheet_points(fr_result: ImportResult) -> None:
    game_module_load(spec=fr_result.spec)
    stored = {
        (faction, unit): Datasheet.objects.get(
            module__slug="fantasy-realms", faction__key=faction, key=unit
        ).points
        for faction, unit, _ in REFERENCE
    }
    assert stored == {(faction, unit): points for faction, unit, points in REFERENCE}


@pytest.mark.django_db
def test_feral_ghouls_store_their_extra_models_and_champion_prices(
    fr_result: ImportResult,
) -> None:
    game_module_load(spec=fr_result.spec)
    ghoul = DatasheetModel.objects.get(
        datasheet__module__slug="fantasy-realms",
        datasheet__faction__key="vampire_lords",
        datasheet__key="feral_ghouls",
    )
    assert (ghoul.min, ghoul.max, ghoul.extra_model_points) == (3, 6, 36)
    (champion,) = UnitOption.objects.filter(datasheet=ghoul.datasheet)
    assert (champion.verb, champion.model_limit) == ("add_rule", 1)
    assert [(c["items"], c["points"]) for c in champion.choices] == [(["champion"], 5)]


@pytest.mark.django_db
def test_importing_the_same_files_again_changes_nothing(
    fr_result: ImportResult, bf_data: Path
) -> None:
    game_module_load(spec=fr_result.spec)
    reread = load_game(bf_data / "fantasy-realms", bf_data / "root" / "index.json")
    again = game_module_load(spec=build_module_spec(reread).spec)
    assert not again.changed
    assert again.lines() == ["Module 'fantasy-realms' unchanged."]


@pytest.mark.django_db
def test_a_newer_version_updates_in_place_and_reports_the_change_and_the_removal(
    fr_result: ImportResult, bf_data: Path, tmp_path: Path
) -> None:
    game_module_load(spec=fr_result.spec)
    shutil.copytree(bf_data / "root", tmp_path / "root", copy_function=shutil.copyfile)
    shutil.copytree(
        bf_data / "fantasy-realms", tmp_path / "fantasy-realms", copy_function=shutil.copyfile
    )
    path = tmp_path / "fantasy-realms" / "vampire_lords.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["units"]["feral_ghouls"]["models"][0]["courage"] = 7  # B + 2: 38 x 3 = 114 -> 115
    # the last unit: removing one in the middle also shifts the stored order of those after it
    del data["units"]["vampire_knights"]
    path.write_text(json.dumps(data), encoding="utf-8")

    newer = load_game(tmp_path / "fantasy-realms", tmp_path / "root" / "index.json")
    summary = game_module_load(spec=build_module_spec(newer).spec)

    assert not summary.module_created and summary.changed
    assert summary.counts["datasheets"].updated == ["vampire_lords/feral_ghouls"]
    assert summary.counts["datasheets"].removed == ["vampire_lords/vampire_knights"]
    assert summary.counts["datasheets"].created == []
    assert GameModule.objects.filter(slug="fantasy-realms").count() == 1
    ghouls = Datasheet.objects.get(faction__key="vampire_lords", key="feral_ghouls")
    assert ghouls.points == 115
    assert not Datasheet.objects.filter(key="vampire_knights").exists()
    lines = summary.lines(verbose=True)
    assert "  datasheets: 1 updated, 1 removed" in lines
    assert "    - vampire_lords/vampire_knights" in lines


def test_the_findings_name_the_orphan_file_and_the_dangling_ids(fr_result: ImportResult) -> None:
    codes = {(f.code, f.file, f.path) for f in fr_result.findings}
    assert ("orphan_file", "skeleton_elite.json", "") in codes
    dangling = {
        f.message.split("'")[1]
        for f in fr_result.findings
        if f.code in ("dangling_rule", "dangling_weapon")
    }
    placeheld = {
        f.message.split("'")[1]
        for f in fr_result.findings
        if f.code in ("placeholder_rule", "placeholder_weapon")
    }
    expected = {"barbarian_javelin", "poison_greatweapon", "damage_chart", "ensnare"}
    expected |= {"distracting", "anti_magic", "defiant", "shield_hero"}
    assert dangling == expected
    assert placeheld == expected  # each has its placeholder
    assert fr_result.spec.rules["ensnare"].name == "Ensnare"
    assert ("category_array", "greatogre_raiders.json", "units.ferocious_pets.category") in codes


def test_ancients_ids_that_are_not_keys_are_slugified(anc_game: BFGame) -> None:
    result = build_module_spec(anc_game)
    assert "mayor_s_socii" in result.spec.factions["franks"].datasheets
    assert "axemen_mercenaries" in result.spec.factions["normans_bretons"].datasheets
    renamed = {(f.file, f.path) for f in result.findings if f.code == "key_renamed"}
    assert renamed == {
        ("franks.json", "units.mayor's_socii"),
        ("normans.json", "units.Axemen mercenaries"),
    }


def test_ancients_focuses_are_found_by_their_id_field(anc_game: BFGame) -> None:
    # romano_british defines "romano-british": {"id": "romano_british_early"}; units name the id
    result = build_module_spec(anc_game)
    milites = result.spec.factions["romano_british"].datasheets["milites"]
    assert "romano-british" in milites.focuses


def test_the_modules_carry_their_licence(fr_result: ImportResult, anc_game: BFGame) -> None:
    assert fr_result.spec.source.license == "MIT"
    assert "Copyright (c) 2021 wargame-engine" in (fr_result.spec.source.notes or "")
    assert build_module_spec(anc_game).spec.source.license == "MIT"

"""The Battle Forge importer's mapping rules, on the hand-written module ``fixtures/bfimport``.

Prices are checked by hand where the arithmetic is short (BATTLEFORGE-FORMAT.md §3) and
against the points engine elsewhere. No database: ``build_module_spec`` is pure.
"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from factions.gamedata.battleforge import BFGame, load_game, price_unit
from factions.gamedata.battleforge.import_base import IMPORT_CODES
from factions.gamedata.battleforge.importer import (
    ImportResult,
    build_module_spec,
    default_slug,
)
from factions.gamedata.battleforge.lint import CODES as LINT_CODES
from factions.gamedata.references import check_module
from factions.gamedata.schemas import FactionSpec

from .conftest import FIXTURES
from .imported import found, sheet


# ----- the whole module -------------------------------------------------------------------
@pytest.mark.parametrize("folder", ["bfimport/realm", "testmod", "testmod-skirmish"])
def test_every_fixture_module_imports_with_no_check_module_finding(folder: str) -> None:
    root = FIXTURES / Path(folder).parent / "root" / "index.json"
    if folder.startswith("testmod"):
        root = FIXTURES / "root" / "index.json"
    result = build_module_spec(load_game(FIXTURES / folder, root))
    assert list(check_module(result.spec)) == []


def test_the_module_head_comes_from_the_index_the_root_game_and_the_licence(
    realm: ImportResult,
) -> None:
    spec = realm.spec
    assert (spec.slug, spec.name, spec.version, spec.ruleset) == (
        "the-realm",
        "The Realm",
        "1.2",
        "battleforge",
    )
    assert spec.description == "A hand-written realm for the importer tests."
    assert spec.source.format == "battleforge"
    assert spec.source.license == "MIT"
    assert spec.source.url == "https://github.com/example/realm"
    assert "Copyright (c) 2025 forgebuilder test authors" in (spec.source.notes or "")


def test_a_battle_module_gets_the_battle_parameters(realm: ImportResult) -> None:
    assert realm.spec.parameters == {
        "points_limit": 1000,
        "strategy_points_base": 1,
        "strategy_points_per": 500,
        "legends_per_points": 500,
        "legends_minimum": 1,
        "caster_rule": "power",
        "game_type": "battle",
    }


def test_a_skirmish_module_gets_the_skirmish_parameters_and_unrounded_prices(
    realm_dir: Path,
) -> None:
    game = load_game(realm_dir, realm_dir.parent / "root" / "index.json", "skirmish")
    spec = build_module_spec(game).spec
    assert spec.parameters["game_type"] == "skirmish"
    assert spec.parameters["strategy_points_per"] == 50
    assert spec.parameters["legends_per_points"] is None
    # the skirmish Leader costs 5, not 10: the raider boss is 15, not 20
    assert spec.factions["raiders"].datasheets["boss"].points == 15
    # and skirmish prices are not rounded to 5: the hermit is 28 (30 in battle)
    assert spec.factions["hermits"].datasheets["hermit"].points == 28
    assert list(check_module(spec)) == []


def test_the_slug_can_be_chosen(realm_game: BFGame) -> None:
    assert build_module_spec(realm_game, slug="my-realm").spec.slug == "my-realm"


@pytest.mark.parametrize(
    ("game_id", "slug"),
    [
        ("fantasy_realms", "fantasy-realms"),
        ("ancients", "ancients"),
        ("space_wars", "space-wars"),
        (None, "some-folder"),  # no root game: the folder name
    ],
)
def test_the_default_slug_is_the_root_game_id_with_dashes(game_id: str | None, slug: str) -> None:
    game = SimpleNamespace(game_id=game_id, folder="some_folder")
    assert default_slug(game) == slug  # type: ignore[arg-type]


def test_every_finding_has_a_known_code_a_file_and_a_path(realm: ImportResult) -> None:
    assert realm.lint and realm.repairs
    for item in realm.findings:
        assert item.code in LINT_CODES or item.code in IMPORT_CODES
        assert item.severity in ("warning", "info")
        assert item.file
    assert realm.counts()["placeholder_rule"] == len(found(realm, "placeholder_rule"))


# ----- alliances, categories, organizations, focuses -----------------------------------
def test_alliances_keep_their_kind(realm: ImportResult) -> None:
    kinds = {key: a.kind for key, a in realm.spec.alliances.items()}
    # "mercenaries" by its key, "Unaligned" by its name
    assert kinds == {"order": "standard", "mercenaries": "mercenaries", "loners": "unaligned"}
    assert realm.spec.factions["raiders"].alliance == "mercenaries"


def test_an_unknown_alliance_leaves_the_faction_without_one(realm: ImportResult) -> None:
    assert realm.spec.factions["hermits"].alliance is None
    assert found(realm, "alliance_unknown") == ["factions.hermits.alliance"]


def test_organizations_keep_cost_and_slots_and_a_missing_max_means_no_maximum(
    realm: ImportResult,
) -> None:
    orgs = realm.spec.force_organizations
    assert orgs["vanguard"].cost == 1
    standard = orgs["standard"]
    assert (standard.slots["hero"].min, standard.slots["hero"].max) == (1, 2)
    assert (standard.slots["core"].min, standard.slots["core"].max) == (2, None)
    assert (standard.slots["rare"].min, standard.slots["rare"].max) == (0, 1)
    assert "organizations.standard.categories.core" in found(realm, "slot_without_max")
    # "allies" is no category of the module: nothing could fill the slot
    assert "allies" not in standard.slots
    assert "organizations.standard.categories.allies" in found(realm, "slot_dropped")


def test_focuses_keep_restricted_and_colour(knights: FactionSpec) -> None:
    assert knights.focuses["zeal"].restricted is True
    assert knights.focuses["valor"].restricted is False
    assert knights.focuses["valor"].color == "#aa0000"


def test_unknown_focus_ids_are_dropped_from_a_filter_and_reported(realm: ImportResult) -> None:
    assert sheet(realm, "knights", "men_at_arms").focuses == ("none", "valor")
    assert "units.men_at_arms.subfactions" in found(realm, "focus_unknown", "knights.json")


def test_a_category_given_as_an_array_uses_its_first_entry_and_is_reported(
    realm: ImportResult,
) -> None:
    assert sheet(realm, "knights", "war_wagon").category == "rare"
    assert found(realm, "category_array") == ["units.war_wagon.category"]
    assert "units.war_wagon.category" in found(realm, "category_not_string")  # the linter's


# ----- rules and weapons ------------------------------------------------------------------
def test_rules_keep_their_fields_and_their_points_formula(realm: ImportResult) -> None:
    fear = realm.spec.rules["fear"]
    assert (fear.name, fear.short, fear.description) == ("Fear", "Scary", "Enemies test Courage.")
    assert realm.spec.rules["tough"].takes_value is True  # inputs: ["x"]
    assert realm.spec.rules["tough"].points == ["model.defense", {"multiply": "rule.x"}]
    assert realm.spec.rules["mounted"].hidden is True  # "hidden": "true" still imports


def test_a_rule_given_a_value_without_inputs_takes_one_and_is_reported(
    realm: ImportResult, knights: FactionSpec
) -> None:
    assert knights.rules["oath"].takes_value is True  # oath(1) on the captain
    assert realm.spec.rules["sturdy"].takes_value is True  # sturdy(2) on the wagon
    assert set(found(realm, "rule_takes_value")) == {"rules.oath", "rules.sturdy"}


def test_weapon_ranges_and_stats(knights: FactionSpec, realm: ImportResult) -> None:
    assert knights.weapons["lance"].range.melee
    crossbow = knights.weapons["crossbow"]  # digit strings "12", "24", "1"
    assert (crossbow.range.short, crossbow.range.long) == (12, 24)
    assert crossbow.stats == {"attacks": 1, "ap": 2}
    net = realm.spec.weapons["net_launcher"]
    assert (net.range.short, net.range.long) == (12, None)
    assert [r.shorthand for r in knights.weapons["lance"].rules] == ["blast(2)"]


def test_weapon_profiles_are_kept(knights: FactionSpec) -> None:
    cannon = knights.weapons["hand_cannon"]
    assert cannon.range is None
    shot, bash = cannon.profiles
    assert (shot.name, shot.range.short, shot.stats) == ("Shot", 12, {"attacks": 1, "ap": 1})
    assert (bash.name, bash.range.melee, [r.id for r in bash.rules]) == ("Bash", True, ["fear"])


def test_a_range_under_a_typo_key_is_read_from_there_and_reported(
    knights: FactionSpec, realm: ImportResult
) -> None:
    assert knights.weapons["sling"].range.short == 12
    assert found(realm, "weapon_without_range") == ["weapons.sling.short:"]


def test_weapon_references_keep_count_mount_and_custom_name(realm: ImportResult) -> None:
    wagon = sheet(realm, "knights", "war_wagon").models[0]
    bolt, bow, _ = wagon.weapons
    assert (bolt.id, bolt.mount) == ("bolt_thrower", ("Front",))
    assert (bow.id, bow.count, bow.mount) == ("bow", 2, ("Side",))
    captain = sheet(realm, "knights", "captain").models[0]
    assert captain.weapons[1].name == "Heirloom crossbow"


# ----- datasheets and models --------------------------------------------------------------
def test_datasheet_points_and_extra_model_points_come_from_the_points_engine(
    realm_game: BFGame, realm: ImportResult
) -> None:
    for faction_id in ("knights", "raiders", "hermits"):
        for unit_id, unit in realm_game.faction(faction_id).units.items():
            if not unit.get("models"):
                continue
            price = price_unit(realm_game, faction_id, unit_id)
            key = unit_id.lower().replace(" ", "_")
            spec = sheet(realm, faction_id, key)
            assert spec.points == price.base
            for model, priced in zip(spec.models, price.models, strict=True):
                if model.max is not None and model.max > model.min:
                    assert model.extra_model_points == priced.total


def test_units_are_priced_as_battle_forge_prices_them(realm: ImportResult) -> None:
    # B 12 + sword 4 + crossbow 4 + tough(2) 12 + oath(1) 3 + the unit's leader_x 10 = 45
    assert sheet(realm, "knights", "captain").points == 45
    # B 12 + sword 1.83 + power(1) 15 = 28.83 -> 28, rounded to 30 in battle
    assert sheet(realm, "hermits", "hermit").points == 30


def test_model_stats_are_renamed_and_dashes_become_null(realm: ImportResult) -> None:
    wagon = sheet(realm, "knights", "war_wagon").models[0]
    assert wagon.stats == {
        "movement": 8,  # "8"
        "accuracy": 5,
        "strength": None,  # "-"
        "save": 8,
        "initiative": 4,
        "courage": 5,
    }


def test_a_missing_stat_is_null_and_reported(realm: ImportResult) -> None:
    assert sheet(realm, "knights", "watchmen").models[0].stats["courage"] is None
    assert "units.watchmen.models[0].courage" in found(realm, "stat_missing")


def test_the_wounds_stat_is_not_imported_and_is_reported(realm: ImportResult) -> None:
    assert "wounds" not in sheet(realm, "knights", "war_wagon").models[0].stats
    assert found(realm, "stat_dropped") == ["units.war_wagon.models[0].wounds"]


def test_model_counts_and_keywords(realm: ImportResult) -> None:
    men = sheet(realm, "knights", "men_at_arms")
    assert [(m.id, m.min, m.max) for m in men.models] == [("sergeant", 1, 1), ("man_at_arms", 4, 8)]
    assert men.keywords == ("Infantry",)  # assumed when absent, as the builder shows
    assert sheet(realm, "knights", "captain").keywords == ("Human", "Infantry")


def test_ids_that_are_not_keys_are_slugified_and_model_ids_are_unique(
    realm: ImportResult,
) -> None:
    guard = sheet(realm, "knights", "town_guard")
    assert [m.id for m in guard.models] == ["guard", "guard_2"]
    assert found(realm, "key_renamed") == ["units.Town Guard"]


def test_a_stat_out_of_range_is_null_and_reported(realm: ImportResult) -> None:
    assert sheet(realm, "knights", "watchmen").models[0].stats["initiative"] is None  # 25
    assert found(realm, "stat_invalid") == ["units.watchmen.models[0].reflexes"]


def test_a_max_below_the_min_becomes_the_min_and_is_reported(realm: ImportResult) -> None:
    twin = sheet(realm, "hermits", "twins").models[0]
    assert (twin.min, twin.max) == (2, 2)
    assert found(realm, "counts_invalid") == ["units.twins.models[0].max"]


def test_a_unit_without_models_is_not_imported(realm: ImportResult) -> None:
    assert "empty_hut" not in realm.spec.factions["hermits"].datasheets
    assert found(realm, "unit_without_models") == ["units.empty_hut.models"]


# ----- dangling references ----------------------------------------------------------------
def test_dangling_references_become_placeholders_costing_nothing(
    realm: ImportResult, knights: FactionSpec
) -> None:
    ensnare = realm.spec.rules["ensnare"]  # used by the module's net launcher and the wagon
    # named from its id, as no page may show a player the raw id; no text: cards say so
    assert (ensnare.name, ensnare.description) == ("Ensnare", "")
    assert "ensnare" not in knights.rules
    assert knights.rules["ghostly"].name == "Ghostly"
    grapeshot = knights.weapons["grapeshot"]
    assert (grapeshot.name, grapeshot.range.melee) == ("Grapeshot", True)
    assert "does not define it" in grapeshot.description
    club = realm.spec.factions["raiders"].weapons["club_missing"]  # a legend's weapon
    assert club.name == "Club Missing"
    # B 12 + bolt thrower 12 x 0.8 + 2 bows 6 x 0.8 + sturdy(2) 4 + grapeshot and ensnare 0
    assert sheet(realm, "knights", "war_wagon").points == 30
    assert set(found(realm, "placeholder_rule")) == {
        "weapons.net_launcher.rules[0]",
        "units.war_wagon.models[0].rules[1]",
    }
    assert set(found(realm, "placeholder_weapon")) == {
        "units.war_wagon.models[0].weapons[2]",
        "relics.1.weapon",
    }


def test_an_unknown_model_id_becomes_a_placeholder_template() -> None:
    result = build_module_spec(load_game(FIXTURES / "testmod", FIXTURES / "root" / "index.json"))
    alpha = result.spec.factions["alpha"]
    assert alpha.model_templates["wolf_missing"].name == "Wolf Missing"
    assert "units.guards.models[0].options[3].replaceModel[1]" in found(result, "placeholder_model")


# ----- legends, strategies, powers --------------------------------------------------------
def test_array_relics_and_strategies_get_ids_from_their_names(realm: ImportResult) -> None:
    raiders = realm.spec.factions["raiders"]
    assert list(raiders.strategies) == ["loot", "loot_2", "run_away"]
    assert list(raiders.legends) == ["lucky_coin", "big_club", "free_charm"]
    assert list(realm.spec.factions["knights"].legends) == ["blessed_blade", "old_map", "lost_helm"]


def test_strategies_keep_cost_cost_note_phase_and_focuses(
    realm: ImportResult, knights: FactionSpec
) -> None:
    charge, ambush = knights.strategies["charge"], knights.strategies["ambush"]
    assert (charge.cost, charge.phase, charge.focuses, charge.flavor) == (
        1,
        "Activation",
        ("valor",),
        "Forward!",
    )
    assert (ambush.cost, ambush.cost_note, ambush.phase) == (None, "1/per", "Pre-Game")
    assert realm.spec.factions["raiders"].strategies["run_away"].cost == 2  # "2"
    assert realm.spec.strategies["rally"].cost == 1  # the root's, for every faction


def test_legends_keep_points_and_references(realm: ImportResult, knights: FactionSpec) -> None:
    # only the ignored "cost": free in the builder
    assert realm.spec.factions["raiders"].legends["free_charm"].points == 0
    assert found(realm, "points_invalid") == ["relics.2.points"]
    blade = knights.legends["blessed_blade"]
    assert (blade.points, blade.weapon.id if blade.weapon else None) == (10, "sword")
    inspired = realm.spec.legends["inspired"]
    assert (inspired.points, inspired.rule.id if inspired.rule else None) == (5, "fear")


def test_legend_targets_are_derived_from_the_description(
    realm: ImportResult, knights: FactionSpec
) -> None:
    # "Upgrade one Leader model": the leader rules
    assert realm.spec.legends["inspired"].applies_to.rules == ("leader", "leader_x")
    assert realm.spec.factions["raiders"].legends["lucky_coin"].applies_to.rules == (
        "leader",
        "leader_x",
    )
    # "Upgrade one Knight Captain model": the datasheet and the model of that name
    blade = knights.legends["blessed_blade"].applies_to
    assert (blade.datasheets, blade.models) == (("captain",), ("Knight Captain",))
    # nothing to go by, or nobody of that name: any unit, reported
    assert knights.legends["old_map"].applies_to.anything
    assert knights.legends["lost_helm"].applies_to.anything
    assert set(found(realm, "legend_target", "knights.json")) == {
        "relics.1.description",
        "relics.2.description",
    }


def test_powers_and_power_categories(realm: ImportResult, knights: FactionSpec) -> None:
    spark = realm.spec.powers["spark"]
    assert (spark.cast_value, spark.specialty, spark.description) == (6, "fire", "Zap.")
    assert realm.spec.powers["mend"].specialty is None
    smite = knights.powers["smite"]
    assert (smite.cast_value, smite.specialty, smite.focuses) == (7, "light", ("zeal",))
    assert knights.power_specialties["light"].focuses == ("zeal",)
    assert knights.powers["glow"].specialty is None  # "shadow" does not exist
    assert found(realm, "specialty_unknown") == ["powers.glow.category"]


# ----- what is not imported ---------------------------------------------------------------
def test_hidden_content_is_not_imported(realm: ImportResult, knights: FactionSpec) -> None:
    assert "old_guard" not in knights.datasheets  # hidden_units
    assert "secret" not in realm.spec.strategies  # the root's hidden_strategies
    assert "hidden_units" in found(realm, "hidden_content", "knights.json")


def test_unfinished_factions_and_orphan_files_are_not_imported(realm: ImportResult) -> None:
    assert set(realm.spec.factions) == {"knights", "raiders", "hermits"}
    assert "unfinished_factions.ghosts" in found(realm, "unfinished_faction")
    assert any(f.code == "orphan_file" and f.file == "stray.json" for f in realm.findings)


def test_perks_setbacks_and_terrain_are_reported_as_not_imported(realm: ImportResult) -> None:
    assert found(realm, "not_imported") == ["globalData.all.perks"]


def test_without_a_root_the_root_rules_become_placeholders_and_the_spec_still_checks(
    realm_dir: Path,
) -> None:
    result = build_module_spec(load_game(realm_dir))
    assert result.spec.slug == "realm"  # no root game: the folder name
    assert result.spec.factions["raiders"].rules["leader"].name == "Leader"
    assert list(check_module(result.spec)) == []


def test_every_finding_code_is_documented_with_an_example() -> None:
    doc = (Path(__file__).resolve().parents[3] / "docs" / "battleforge-import.md").read_text()
    assert [c for c in [*LINT_CODES, *IMPORT_CODES] if f"| `{c}` |" not in doc] == []

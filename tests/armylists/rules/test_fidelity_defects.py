"""Regression tests of the rules-fidelity audit (issue 15): each failed before its fix."""

from __future__ import annotations

from factions.catalog import Catalog
from factions.gamedata.files import read_module_source
from factions.gamedata.schemas import ModuleSpec
from factions.rulesets import get_ruleset
from forgebuilder.engine.rules import evaluate
from forgebuilder.lists.exports import token_plan
from forgebuilder.lists.exports.source import ExportSource
from tests.conftest import REPO

from .factories import (
    check,
    choice,
    codes,
    force,
    forge,
    game,
    model,
    option,
    roster,
    sheet,
    take,
    the,
    total,
    unit,
)

# --- 1. Mental Toughness is rolled under (Battle Rules d6) ------------------------------------


def test_mental_toughness_prints_as_the_number_a_morale_roll_must_not_exceed():
    mt = get_ruleset("battle_rules").model_stat("mental_toughness")

    assert mt.display(4) == "4"  # not "4+": a roll of 4 or less passes
    assert "roll ≤ MT" in mt.note


def test_the_roster_glossary_explains_how_mental_toughness_is_rolled():
    from forgebuilder.lists.exports.roster import stat_glossary

    catalog = game("battle_rules", slug="test-squads", datasheets={"squad": sheet(10)})
    resolved = roster(catalog, unit("squad", force=None), forces=[], points_limit=100)
    source = ExportSource(resolved.document, resolved, evaluate(resolved))

    [entry] = stat_glossary(source)
    assert entry.name == "Mental Toughness (MT)"
    assert "equal to or under MT" in entry.text


def test_iron_squads_sergeants_are_steadier_than_their_riflemen():
    spec = ModuleSpec.model_validate(
        read_module_source(REPO / "factions/game_modules/iron-squads").data
    )
    company = spec.factions["brennmark"].datasheets["line_company"]
    mt = {m.name: m.stats["mental_toughness"] for m in company.models}

    assert mt["Sergeant"] > mt["Rifleman"]


# --- 2. models added by options count for Teams and Bands (Wargame) ---------------------------


def wargame_unit(unit_type: str, models: list[dict], **module_fields) -> Catalog:
    return game(
        "wargame",
        slug="test-wargame",
        datasheets={
            "squad": sheet(
                10,
                category=None,
                unit_type=unit_type,
                models=models,
                options=[
                    option(
                        "add_model",
                        choice("hound", points=3, id="hound"),
                        id="hounds",
                        model_limit=10,
                    )
                ],
            )
        },
        home={"model_templates": {"hound": {"name": "War Hound"}}},
        **module_fields,
    )


def fielded(catalog: Catalog, models: dict, hounds: int):
    return check(
        catalog,
        unit("squad", force=None, models=models, options=[take("hounds", "hound", hounds)]),
        forces=[],
        module="test-wargame",
        points_limit=1000,
    )


def test_a_team_of_eight_with_added_models_is_too_large():
    catalog = wargame_unit(
        "team",
        [
            model("Leader", id="leader", leader=True),
            model("Scout", id="scout", min=1, max=4, extra=1),
        ],
    )

    report = fielded(catalog, {"leader": 1, "scout": 4}, hounds=3)

    assert the(report, "team-size").message == ("Unit is a Team of 8 models; a Team has at most 5.")


def test_a_band_of_twenty_three_with_added_models_is_too_large():
    catalog = wargame_unit(
        "band",
        [model("Boss", id="boss", leader=True), model("Thug", id="thug", min=6, max=19, extra=1)],
    )

    report = fielded(catalog, {"boss": 1, "thug": 19}, hounds=3)

    assert "Unit is a Band of 23 models" in the(report, "band-size").message


def test_added_models_make_a_band_of_mixed_members():
    catalog = wargame_unit(
        "band",
        [model("Boss", id="boss", leader=True), model("Thug", id="thug", min=6, max=19, extra=1)],
    )

    report = fielded(catalog, {"boss": 1, "thug": 8}, hounds=2)

    assert the(report, "band-mixed").message == (
        "Unit mixes Thug, War Hound; every Band member but the leader must be identical."
    )


def test_a_band_made_of_added_models_alone_counts_them():
    catalog = wargame_unit(
        "band",
        [model("Boss", id="boss", leader=True), model("Thug", id="thug", min=0, max=19, extra=1)],
    )

    assert codes(fielded(catalog, {"boss": 1, "thug": 0}, hounds=6)) == []


# --- 4. every ruleset checks faction membership ------------------------------------------------


def two_factions(ruleset: str, **alliances) -> Catalog:
    return game(
        ruleset,
        slug="test-two",
        datasheets={"troops": sheet(10, category=None)},
        home={"alliance": alliances.get("home")},
        factions={
            "other": {
                "name": "Gutter Crews",
                "alliance": alliances.get("other"),
                "datasheets": {"raiders": sheet(10, category=None, name="Raiders")},
            }
        },
        alliances={"pact": {"name": "The Pact"}, "coin": {"name": "Coin", "kind": "mercenaries"}},
    )


def mixed_list(catalog: Catalog):
    return check(
        catalog,
        unit("troops", force=None),
        unit("raiders", force=None, faction="other"),
        forces=[],
        module="test-two",
        points_limit=1000,
        doctrine=None,
    )


def test_a_unit_of_another_faction_is_refused_in_every_ruleset():
    for ruleset in ("grimdark", "skirmish", "battle_rules", "wargame"):
        report = mixed_list(two_factions(ruleset))

        violation = the(report, "unit-faction")
        assert violation.units == ("u2",), ruleset
        assert violation.message.startswith("Raiders: Gutter Crews units in a Home Guard list.")


def test_a_unit_of_an_allied_faction_is_welcome():
    assert "unit-faction" not in codes(
        mixed_list(two_factions("grimdark", home="pact", other="pact"))
    )
    assert "unit-faction" not in codes(
        mixed_list(two_factions("wargame", home="pact", other="coin"))
    )


# --- 5. a Battle Forge list fields a force of its own faction ---------------------------------


def test_a_list_of_allied_forces_only_is_not_legal():
    catalog = forge()

    report = check(
        catalog,
        unit("troops", force="f1", faction="friend"),
        forces=[force(faction="friend")],
    )

    violation = the(report, "no-primary-force")
    assert violation.message == (
        "Every force organization of the list is allied; Home Guard fields none of its own. "
        "Allies join an army, they are not the army."
    )


def test_a_list_with_its_own_force_and_an_ally_is_fine():
    catalog = forge(datasheets={"troops": sheet(20)})

    report = check(
        catalog,
        unit("troops", force="f1"),
        unit("troops", force="f2", faction="friend"),
        forces=[force(), force(faction="friend")],
    )

    assert "no-primary-force" not in codes(report)


# --- 6. Grimdark command points: one reading everywhere ---------------------------------------


def grimdark_army(points: int, points_limit: int):
    catalog = game(
        "grimdark",
        slug="test-grimdark",
        datasheets={"block": sheet(points, category=None)},
        doctrines={"universal": {"name": "Universal", "universal": True}, "fury": {"name": "Fury"}},
    )
    resolved = roster(
        catalog, unit("block", force=None), forces=[], doctrine="fury", points_limit=points_limit
    )
    return ExportSource(resolved.document, resolved, evaluate(resolved))


def test_the_token_sheet_prints_as_many_command_points_as_the_totals_give():
    source = grimdark_army(1890, points_limit=2000)

    printed = {kind.key: kind.count for kind, _ in token_plan(source)}

    assert total(source.report, "command_points") == 7
    assert printed["command"] == 7  # counted from the 2000-point limit, it printed 8


# --- 7. a unit is one or more models -----------------------------------------------------------


def test_a_squad_of_zero_models_is_an_error_in_every_ruleset():
    empty = sheet(10, category=None, models=[model("Trooper", id="trooper", min=0, max=5, extra=2)])
    for ruleset in ("battle_rules", "grimdark", "skirmish", "wargame"):
        catalog = game(ruleset, slug="test-empty", datasheets={"squad": empty})
        report = check(
            catalog,
            unit("squad", force=None, models={"trooper": 0}),
            forces=[],
            module="test-empty",
            points_limit=100,
        )

        violation = the(report, "unit-without-models")
        assert violation.message == "Unit has no models; a unit is one or more models.", ruleset


def test_a_battle_forge_unit_of_zero_models_is_an_error():
    empty = sheet(10, models=[model("Trooper", id="trooper", min=0, max=5, extra=2)])

    report = check(forge(datasheets={"squad": empty}), unit("squad", models={"trooper": 0}))

    assert the(report, "unit-without-models").units == ("u1",)

"""Issue 15, defects 8 and 9: models that options add keep their own options, and a model the
data never defines is priced as Battle Forge's builder prices it (an empty model costing 5).

``fixtures/outpost`` is our own skirmish module in the shape of Battle Forge's
grim-darkness-skirmish data: a gun platform of the faction's ``models`` map that units gain
through ``addModel`` and that may swap its rocket (as the Support Turret of the Free Colonies
may), a unit whose rules change that swap's price, and references to models nobody defines.
The same check of added models' options runs on every module of the real published data in the
shared folder, and says why it is skipped when that folder is absent.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from factions.gamedata.battleforge import BFGame, ImportResult, build_module_spec, load_game
from factions.gamedata.schemas import DatasheetSpec, OptionSpec
from tests.conftest import BATTLEFORGE_DATA, BF_ROOT_INDEX

from .conftest import FIXTURES

OUTPOST = FIXTURES / "outpost"


@pytest.fixture(scope="module")
def outpost() -> ImportResult:
    return build_module_spec(load_game(OUTPOST / "outpost", OUTPOST / "root" / "index.json"))


def datasheet(result: ImportResult, key: str) -> DatasheetSpec:
    return result.spec.factions["settlers"].datasheets[key]


def added_options(sheet: DatasheetSpec, template: str) -> list[OptionSpec]:
    return [o for o in sheet.options if o.added_model == template]


def priced(option: OptionSpec) -> list[tuple[list[str], int]]:
    return [([ref.id for ref in c.items], c.points) for c in option.choices]


def test_an_added_models_options_are_imported_on_each_unit_that_adds_it(outpost) -> None:
    swap, spotter = added_options(datasheet(outpost, "settler_team"), "gun_platform")

    assert (swap.verb, [r.id for r in swap.replace]) == ("replace_weapon", ["seeker_rocket"])
    # Seeker 2.5 + 2 + Lobbed 1 = 5.5 against Strike 3 + 3 + Snap Fire 0.5 = 6.5: 1 point
    assert priced(swap) == [(["strike_rocket"], 1)]
    assert (spotter.verb, priced(spotter)) == ("add_rule", [(["spotter"], 5)])
    assert not any(f.code == "template_options_dropped" for f in outpost.findings)


def test_an_added_models_options_are_priced_with_the_units_rules(outpost) -> None:
    # the Pioneers' Steady makes the strike rocket's Braced worth 2 more (§3.7: M + unit rules)
    (swap,) = [
        o for o in added_options(datasheet(outpost, "pioneer_team"), "gun_platform")
        if o.verb == "replace_weapon"
    ]  # fmt: skip

    assert priced(swap) == [(["strike_rocket"], 3)]


def test_a_model_without_options_brings_none(outpost) -> None:
    assert added_options(datasheet(outpost, "settler_team"), "scout_drone") == []


def test_replacing_a_model_with_an_undefined_one_costs_an_empty_model(outpost) -> None:
    boss = datasheet(outpost, "crew_boss")
    (swap,) = boss.models[0].options

    # the boss is 16 (B 5, carbine 3.5, knife 3, leader 5); an empty model is 5: 5 - 16
    assert boss.points == 16
    assert priced(swap) == [(["foreman_missing"], -11)]


def test_adding_an_undefined_model_costs_an_empty_model(outpost) -> None:
    (add,) = [
        o for o in datasheet(outpost, "settler_team").options
        if o.verb == "add_model" and len(o.choices) == 2
    ]  # fmt: skip

    assert priced(add) == [(["scout_drone"], 5), (["drone_missing"], 5)]


def test_the_linter_names_the_file_and_path_of_each_undefined_model(outpost) -> None:
    found = {(f.file, f.path) for f in outpost.findings if f.code == "dangling_model"}

    assert found == {
        ("settlers.json", "units.crew_boss.models[0].options[0].replaceModel"),
        ("settlers.json", "units.settler_team.options[1].addModel[1]"),
    }
    messages = [f.message for f in outpost.findings if f.code == "dangling_model"]
    assert all("empty model (5 points)" in m for m in messages)


def test_the_imported_module_passes_the_module_checks(outpost) -> None:
    from factions.gamedata.references import check_module

    assert list(check_module(outpost.spec)) == []


# ----- the real published data (skipped when the shared folder is absent) --------------------


def _published_modules() -> list:
    data = BATTLEFORGE_DATA
    if not BF_ROOT_INDEX.is_file():
        reason = f"Battle Forge's published data is not in {data} (set FORGEBUILDER_SHARED_DIR)"
        return [pytest.param(None, marks=pytest.mark.skip(reason=reason), id="no-published-data")]
    return [
        pytest.param(p.parent, id=p.parent.name)
        for p in sorted(data.glob("*/index.json"))
        if p.parent.name != "root"
    ]


@pytest.mark.parametrize("module_dir", _published_modules())
def test_every_published_added_model_keeps_its_options(module_dir: Path) -> None:
    """Each option of a models-map model that a unit adds is an option of that datasheet,
    on that model (e.g. the Support Turret's missile swap on five Free Colonies units)."""
    game: BFGame = load_game(module_dir, module_dir.parent / "root" / "index.json")
    result = build_module_spec(game)
    for fid, faction in game.factions.items():
        sheets = result.spec.factions[fid].datasheets
        for uid, unit in faction.units.items():
            if not isinstance(unit, dict) or uid not in sheets:
                continue
            brought = {
                ref
                for option in unit.get("options") or []
                if isinstance(option, dict)
                for alt in (option.get("addModel") or [])
                for ref in (alt if isinstance(alt, list) else [alt])
                if isinstance(ref, str)
            }
            for mid in brought:
                template = faction.models.get(mid)
                if not isinstance(template, dict) or not template.get("options"):
                    continue
                assert any(o.added_model for o in sheets[uid].options), (fid, uid, mid)


def test_every_unit_that_adds_the_gun_platform_is_offered_its_rocket_swap(outpost) -> None:
    # as every unit of Battle Forge's Free Colonies that adds a Support Turret may swap its
    # missile; the swap's price follows each unit's own rules (1 and 3 points here)
    sheets = outpost.spec.factions["settlers"].datasheets
    carrying = {
        key: priced(o)
        for key, sheet in sheets.items()
        for o in sheet.options
        if o.added_model == "gun_platform" and o.verb == "replace_weapon"
    }

    assert carrying == {
        "settler_team": [(["strike_rocket"], 1)],
        "pioneer_team": [(["strike_rocket"], 3)],
    }


# ----- the module format: added_model is checked like any reference ---------------------------


def _with_swap(outpost, **changes) -> list[tuple[tuple[object, ...], str]]:
    from factions.gamedata.references import check_module
    from factions.gamedata.schemas import ModuleSpec

    data = outpost.spec.model_dump(mode="json")
    options = data["factions"]["settlers"]["datasheets"]["settler_team"]["options"]
    swap = next(o for o in options if o.get("added_model") == "gun_platform")
    swap.update(changes)
    return list(check_module(ModuleSpec.model_validate(data)))


def test_an_added_model_option_naming_an_unknown_template_is_reported(outpost) -> None:
    findings = _with_swap(outpost, added_model="hover_tank")
    assert (
        "unknown model 'hover_tank' (add it under model_templates)",
        "added_model",
    ) in [(message, path[-1]) for path, message in findings]


def test_an_added_model_option_for_a_model_the_unit_never_adds_is_reported(outpost) -> None:
    findings = _with_swap(outpost, added_model="scout_drone")
    messages = [message for _, message in findings]
    assert "no add_model option of this datasheet brings model 'scout_drone'" not in messages
    # the scout drone is added, but carries no seeker rocket
    assert "replaces weapon 'seeker_rocket', which model 'scout_drone' does not carry" in messages
    findings = _with_swap(outpost, added_model="foreman_missing")
    messages = [message for _, message in findings]
    assert "no add_model option of this datasheet brings model 'foreman_missing'" in messages


def test_added_model_belongs_on_unit_options_only() -> None:
    from pydantic import ValidationError

    from factions.gamedata.schemas import ModelOptionSpec, UnitOptionSpec

    choice = {"items": [{"id": "spotter"}], "points": 5}
    with pytest.raises(ValidationError, match="added_model belongs on a unit option"):
        ModelOptionSpec(verb="add_rule", choices=[choice], added_model="gun_platform")
    with pytest.raises(ValidationError, match="cannot add models itself"):
        UnitOptionSpec(verb="add_model", choices=[choice], added_model="gun_platform")
    option = UnitOptionSpec(verb="add_rule", choices=[choice], added_model="gun_platform")
    assert option.added_model == "gun_platform"

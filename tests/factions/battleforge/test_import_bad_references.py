"""A reference with an empty id (`"rules": [{"id": "wounds", "x": 2}, "shield", ""]`, as a
published module had) costs that one entry, named in a finding, never the whole module: it
used to make a placeholder rule without a name, which the module's checks then refused
("unknown rule 'model' ... nothing imported"). So does an entry that is not an id at all, and
an option that names nothing to replace (it used to cost its whole unit). Found by
test_import_fuzz_real_data.py, which changes the published modules' entries at random."""

from __future__ import annotations

import json
import shutil
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command

from factions.gamedata.battleforge.importer import build_module_spec
from factions.gamedata.references import check_module
from factions.models import Datasheet

from .test_import_fuzz_real_data import Change, changed_game, game

EMPTY_ENTRY = [{"id": "wounds", "x": 2}, "shield", ""]


@pytest.mark.django_db
def test_the_command_imports_a_module_with_an_empty_rule_id_naming_the_entry(
    realm_dir: Path, tmp_path: Path
) -> None:
    realm = tmp_path / "realm"
    shutil.copytree(realm_dir, realm, copy_function=shutil.copyfile)
    shutil.copytree(realm_dir.parent / "root", tmp_path / "root", copy_function=shutil.copyfile)
    knights = json.loads((realm / "knights.json").read_text(encoding="utf-8"))
    knights["units"]["captain"]["models"][0]["rules"] = [{"id": "tough", "x": 2}, "oath", ""]
    (realm / "knights.json").write_text(json.dumps(knights), encoding="utf-8")
    out = StringIO()

    call_command("import_battleforge", str(realm), verbosity=2, stdout=out, stderr=StringIO())

    assert "Module 'the-realm' created." in out.getvalue()
    assert (
        "knights.json units.captain.models[0].rules[2]: rule reference without an id: ''"
    ) in out.getvalue()
    captain = Datasheet.objects.get(faction__key="knights", key="captain")
    assert captain.model_types.get().rules == ["tough(2)", "oath"], captain.model_types.get().rules


WARBOSS = ("units", "orc_warboss", "models", 0)


def imported_with(place: tuple, value: object):
    """Mystic Realms' Orcs and Goblins imported with one entry of their file changed."""
    change = Change("orcs_and_goblins", "orcs_and_goblins.json", place, value)
    result = build_module_spec(changed_game(game("fantasy-realms"), change))
    assert list(check_module(result.spec)) == []  # the import goes through
    return result, result.spec.factions["orcs_and_goblins"].datasheets["orc_warboss"]


def without_id(result) -> list[tuple[str, str]]:
    return [(f.file, f.path) for f in result.findings if f.code == "ref_without_id"]


def test_the_published_module_with_the_empty_entry_of_the_report_imports() -> None:
    result, warboss = imported_with((*WARBOSS, "rules"), EMPTY_ENTRY)

    assert without_id(result) == [("orcs_and_goblins.json", "units.orc_warboss.models[0].rules[2]")]
    assert [ref.id for ref in warboss.models[0].rules] == ["wounds", "shield"]


@pytest.mark.parametrize("kind", ["rules", "weapons"])
def test_every_empty_id_is_named_and_only_its_entry_skipped(kind: str) -> None:
    kept = game("fantasy-realms").files["orcs_and_goblins.json"].data["units"]["orc_warboss"]
    kept = kept["models"][0][kind]

    result, warboss = imported_with((*WARBOSS, kind), [*kept, "", " "])

    where = f"units.orc_warboss.models[0].{kind}"
    assert without_id(result) == [
        ("orcs_and_goblins.json", f"{where}[{len(kept)}]"),
        ("orcs_and_goblins.json", f"{where}[{len(kept) + 1}]"),
    ]
    assert len(getattr(warboss.models[0], kind)) == len(kept)  # the good entries all kept


def test_an_entry_that_is_not_an_id_is_named_and_skipped() -> None:
    result, warboss = imported_with((*WARBOSS, "rules"), ["leader", None, 7, {"x": 2}])

    assert without_id(result) == [
        ("orcs_and_goblins.json", f"units.orc_warboss.models[0].rules[{i}]") for i in (1, 2, 3)
    ]
    assert [ref.id for ref in warboss.models[0].rules] == ["leader"]


def test_an_option_replacing_nothing_is_imported_as_an_add_option_not_losing_the_unit() -> None:
    result, warboss = imported_with((*WARBOSS, "options", 0, "replaceWeapon"), None)

    option = warboss.models[0].options[0]
    assert option.verb == "add_weapon"
    assert {ref.id for choice in option.choices for ref in choice.items} >= {"grand_axe"}
    [finding] = [f for f in result.findings if f.path.endswith("options[0].replaceWeapon")]
    assert finding.code == "replaced_not_carried"
    assert "imported as add_weapon" in finding.message

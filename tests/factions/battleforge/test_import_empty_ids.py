"""A reference with an empty id (`"rules": [{"id": "wounds", "x": 2}, "shield", ""]`, as a
published module had) costs that one entry, named in a finding, never the whole module: it
used to make a placeholder rule without a name, which the module's checks then refused
("unknown rule 'model' ... nothing imported")."""

from __future__ import annotations

import copy
import json
import shutil
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command

from factions.gamedata.battleforge import BFGame
from factions.gamedata.battleforge.importer import build_module_spec
from factions.gamedata.references import check_module
from factions.models import Datasheet

EMPTY_ENTRY = [{"id": "wounds", "x": 2}, "shield", ""]


def empty_id_findings(result) -> list[tuple[str, str]]:
    return [(f.file, f.path) for f in result.findings if f.code == "reference_empty"]


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
        "knights.json units.captain.models[0].rules[2]: an empty rule id; this entry is not "
        "imported"
    ) in out.getvalue()
    captain = Datasheet.objects.get(faction__key="knights", key="captain")
    assert captain.model_types.get().rules == ["tough(2)", "oath"], captain.model_types.get().rules


@pytest.mark.parametrize("kind", ["rules", "weapons"])
def test_the_published_orc_warboss_with_an_empty_id_imports_without_it(
    fr_game: BFGame, kind: str
) -> None:
    game = copy.deepcopy(fr_game)
    warboss = game.factions["orcs_and_goblins"].units["orc_warboss"]["models"][0]
    kept = copy.deepcopy(warboss[kind])
    warboss[kind] = [*kept, "", " "]

    result = build_module_spec(game)

    assert list(check_module(result.spec)) == []
    where = f"units.orc_warboss.models[0].{kind}"
    assert empty_id_findings(result) == [
        ("orcs_and_goblins.json", f"{where}[{len(kept)}]"),
        ("orcs_and_goblins.json", f"{where}[{len(kept) + 1}]"),
    ]
    model = result.spec.factions["orcs_and_goblins"].datasheets["orc_warboss"].models[0]
    assert len(getattr(model, kind)) == len(kept)  # the good entries all kept


def test_the_published_module_with_the_empty_entry_of_the_report_imports(fr_game: BFGame) -> None:
    game = copy.deepcopy(fr_game)
    game.factions["orcs_and_goblins"].units["orc_warboss"]["models"][0]["rules"] = EMPTY_ENTRY

    result = build_module_spec(game)

    assert list(check_module(result.spec)) == []
    assert empty_id_findings(result) == [
        ("orcs_and_goblins.json", "units.orc_warboss.models[0].rules[2]")
    ]

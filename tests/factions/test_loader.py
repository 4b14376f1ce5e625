"""Loading a module: created, unchanged or updated by slug in one transaction; a bad file changes
nothing; `load_module` prints a summary, or every problem with file, line and path."""

from __future__ import annotations

import os
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.apps import apps
from django.core.management import CommandError, call_command

from factions import models as m
from factions.gamedata import loader
from factions.gamedata.exporter import game_module_spec, module_document
from factions.gamedata.loader import load_module_path
from factions.gamedata.problems import ModuleFileError
from tests.conftest import FIXTURES, REPO

pytestmark = pytest.mark.django_db

MINI = FIXTURES / "mini_module.yaml"

CREATED = [
    "Module 'mini-vale' created.",
    "  alliances: 3 created",
    "  categories: 3 created",
    "  factions: 4 created",
    "  focuses: 2 created",
    "  rules: 4 created",
    "  weapons: 3 created",
    "  legends: 1 created",
    "  strategies: 1 created",
    "  power specialties: 2 created",
    "  powers: 3 created",
    "  force organizations: 2 created",
    "  force organization slots: 6 created",
    "  datasheets: 7 created",
    "  datasheet models: 7 created",
    "  unit options: 2 created",
]

ARCHERS = """\
      archers:
        name: Archers
        category: core
        points: 20
        models:
          - name: Archer
            stats: {movement: 6, accuracy: 6, strength: 4, save: 5, initiative: 5, courage: 5}
            weapons: [crossbow]
"""


def mini_text(*edits: tuple[str, str]) -> str:
    text = MINI.read_text(encoding="utf-8")
    for old, new in edits:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    return text


def write(tmp_path: Path, text: str, name: str = "vale.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def without_levy_mob(text: str) -> str:
    """The example module with the Levy Mob datasheet cut out (it is the last of Millford's)."""
    start, end = text.index("      levy_mob:\n"), text.index("  hollowmere:\n")
    return text[:start] + text[end:]


def stored() -> dict[str, object]:
    """Everything the database holds about game data: each table's rows, and each module as
    an export and with its revision."""
    rows = {
        model.__name__: sorted(
            tuple(sorted((k, str(v)) for k, v in row.items())) for row in model.objects.values()
        )
        for model in apps.get_app_config("factions").get_models()
    }
    modules = {
        module.slug: (module.revision, module_document(game_module_spec(module)))
        for module in m.GameModule.objects.all()
    }
    return {"rows": rows, "modules": modules}


def revision() -> int:
    return m.GameModule.objects.get(slug="mini-vale").revision


# --- create, re-load, update --------------------------------------------------------------------


def test_a_new_module_is_created_and_every_table_counted():
    summary = load_module_path(MINI)
    assert summary.module_created and summary.changed
    assert summary.lines() == CREATED
    module = m.GameModule.objects.get(slug="mini-vale")
    assert (module.name, module.version, module.ruleset) == ("Mini Vale", "1.0", "battleforge")
    assert m.Datasheet.objects.filter(module=module).count() == 7


def test_loading_the_same_file_again_reports_it_unchanged_and_keeps_the_revision():
    load_module_path(MINI)
    before = revision()
    summary = load_module_path(MINI)
    assert not summary.changed
    assert summary.lines() == ["Module 'mini-vale' unchanged."]
    assert revision() == before


def test_an_update_counts_what_was_created_updated_and_removed(tmp_path):
    load_module_path(MINI)
    before = revision()
    text = mini_text(
        ("description: Two river towns", "description: Three river towns"),
        ("        points: 30\n", "        points: 35\n"),  # the captain
    )
    text = without_levy_mob(text).replace("  hollowmere:\n", ARCHERS + "  hollowmere:\n")
    summary = load_module_path(write(tmp_path, text))
    assert summary.lines(verbose=True) == [
        "Module 'mini-vale' updated.",
        "  module: description updated",
        "  datasheets: 1 created, 1 updated, 1 removed",
        "    + millford/archers",
        "    ~ millford/captain",
        "    - millford/levy_mob",
        "  datasheet models: 1 created, 1 removed",
        "    + millford/archers/archer",
        "    - millford/levy_mob/levy",
    ]
    assert revision() == before + 1
    sheets = m.Datasheet.objects.filter(faction__key="millford")
    assert dict(sheets.values_list("key", "points")) == {
        "captain": 35,
        "spearmen": 25,
        "river_witch": 35,
        "archers": 20,
    }
    module = m.GameModule.objects.get(slug="mini-vale")
    assert module.description == "Three river towns and a band of sellswords."


def test_removing_a_faction_counts_everything_that_goes_with_it(tmp_path):
    load_module_path(MINI)
    text = MINI.read_text(encoding="utf-8")
    text = text[: text.index("  hermit:\n    name: The Hermit")]
    summary = load_module_path(write(tmp_path, text))
    assert summary.lines(verbose=True) == [
        "Module 'mini-vale' updated.",
        "  factions: 1 removed",
        "    - hermit",
        "  datasheets: 1 removed",
        "    - hermit/hermit",
        "  datasheet models: 1 removed",
        "    - hermit/hermit/hermit",
    ]
    assert not m.Faction.objects.filter(key="hermit").exists()
    assert not m.Datasheet.objects.filter(key="hermit").exists()


def test_a_renamed_option_price_is_an_updated_option(tmp_path):
    load_module_path(MINI)
    text = mini_text(("{items: [crossbow], points: 3}", "{items: [crossbow], points: 4}"))
    summary = load_module_path(write(tmp_path, text))
    assert summary.counts["unit options"].updated == [
        "millford/spearmen/spearman.replace_weapon.spear"
    ]
    option = m.UnitOption.objects.get(key="spearman.replace_weapon.spear")
    assert option.choices[0]["points"] == 4


@pytest.mark.parametrize(
    "edit",
    [
        ("name: Mini Vale", "name: Mini Vale II"),  # a module field
        ("  core: Core\n", "  core: Line\n"),  # a category's name
        ("    cost: 1\n    slots:", "    cost: 2\n    slots:"),  # a force organization's cost
        ("      support: {max: 2}", "      support: {max: 3}"),  # a slot
        ("points: 10\n", "points: 15\n"),  # the legend
        ("weapons: [sling]", "weapons: [spear]"),  # a model's equipment
    ],
)
def test_every_change_bumps_the_revision_once(tmp_path, edit):
    load_module_path(MINI)
    before = revision()
    assert load_module_path(write(tmp_path, mini_text(edit))).changed
    assert revision() == before + 1


def test_a_module_is_matched_by_slug_so_two_slugs_are_two_modules(tmp_path):
    load_module_path(MINI)
    load_module_path(write(tmp_path, mini_text(("slug: mini-vale", "slug: mini-vale-2"))))
    assert sorted(m.GameModule.objects.values_list("slug", flat=True)) == [
        "mini-vale",
        "mini-vale-2",
    ]
    assert m.Datasheet.objects.filter(key="captain").count() == 2


# --- a bad file changes nothing -----------------------------------------------------------------

BAD_UNIT = ("        points: 25\n", "        points: lots\n")  # the spearmen


def test_a_new_module_with_one_bad_unit_is_not_created(tmp_path):
    before = stored()
    with pytest.raises(ModuleFileError) as info:
        load_module_path(write(tmp_path, mini_text(BAD_UNIT)))
    assert [p.path for p in info.value.problems] == ["factions.millford.datasheets.spearmen.points"]
    assert stored() == before
    assert not m.GameModule.objects.exists()


def test_an_update_with_one_bad_unit_leaves_the_module_exactly_as_it_was(tmp_path):
    load_module_path(MINI)
    before = stored()
    text = without_levy_mob(mini_text(("        points: 30\n", "        points: 35\n"), BAD_UNIT))
    with pytest.raises(ModuleFileError):
        load_module_path(write(tmp_path, text))
    assert stored() == before


def test_a_failure_while_writing_rolls_back_everything_written_before_it(tmp_path, monkeypatch):
    load_module_path(MINI)
    before = stored()

    def fail(*args, **kwargs):
        raise RuntimeError("the database went away")

    # the module, its factions, rules, weapons... are written; then the datasheets fail
    monkeypatch.setattr(loader, "_load_datasheets", fail)
    text = mini_text(("name: Mini Vale", "name: Renamed"), ("  core: Core\n", "  core: Line\n"))
    with pytest.raises(RuntimeError):
        load_module_path(write(tmp_path, without_levy_mob(text)))
    assert stored() == before


# --- the load_module command --------------------------------------------------------------------


def run(*paths: Path, verbosity: int = 1) -> tuple[str, str]:
    out, err = StringIO(), StringIO()
    call_command("load_module", *map(str, paths), verbosity=verbosity, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def run_failing(*paths: Path) -> tuple[str, str, str]:
    """What a failing `load_module` printed (stdout, stderr) and the error it ended with."""
    out, err = StringIO(), StringIO()
    with pytest.raises(CommandError) as info:
        call_command("load_module", *map(str, paths), stdout=out, stderr=err)
    return out.getvalue(), err.getvalue(), str(info.value)


def test_the_command_prints_the_summary():
    out, err = run(MINI)
    assert out.splitlines() == CREATED
    assert err == ""
    out, _ = run(MINI)
    assert out == "Module 'mini-vale' unchanged.\n"


def test_the_command_lists_each_changed_row_at_verbosity_2(tmp_path):
    run(MINI)
    out, _ = run(
        write(tmp_path, mini_text(("        points: 30\n", "        points: 35\n"))), verbosity=2
    )
    assert out.splitlines() == [
        "Module 'mini-vale' updated.",
        "  datasheets: 1 updated",
        "    ~ millford/captain",
    ]


def test_a_bad_file_prints_every_problem_with_file_line_and_path_and_fails(tmp_path):
    text = mini_text(BAD_UNIT, ("weapons: [sling]", "weapons: [slingshot]"))
    path = write(tmp_path, text)
    _, err, error = run_failing(path)
    assert error == "1 module could not be loaded."
    lines = text.splitlines()
    points_line = lines.index("        points: lots") + 1
    sling_line = lines.index("            weapons: [slingshot]") + 1
    assert err.splitlines() == [
        f"{path}: 2 problems; nothing loaded:",
        f"  vale.yaml:{points_line}: factions.millford.datasheets.spearmen.points: "
        "must be a whole number, not 'lots'",
        f"  vale.yaml:{sling_line}: factions.millford.datasheets.river_witch.models[0].weapons[0]: "
        "unknown weapon 'slingshot'",
    ]
    assert "Traceback" not in err
    assert not m.GameModule.objects.exists()


def test_good_modules_load_even_when_another_one_fails(tmp_path):
    bad = write(tmp_path, "- not a module\n", "bad.yaml")
    out, err, error = run_failing(bad, MINI, tmp_path / "missing.yaml")
    assert out.splitlines() == CREATED
    assert err.splitlines() == [
        f"{bad}: 1 problem; nothing loaded:",
        "  bad.yaml: the file must hold a mapping of keys, not list",
        f"{tmp_path / 'missing.yaml'}: 1 problem; nothing loaded:",
        f"  {tmp_path / 'missing.yaml'}: no such file or folder",
    ]
    assert error == "2 modules could not be loaded."
    assert m.GameModule.objects.get().slug == "mini-vale"


def test_a_yaml_syntax_error_is_reported_by_the_command_with_its_line(tmp_path):
    path = write(tmp_path, "slug: vale\nname: [Vale\n")
    _, err, _ = run_failing(path)
    assert err.splitlines()[1] == (
        "  vale.yaml:3: invalid YAML: expected ',' or ']', but got '<stream end>'"
    )


def test_from_the_shell_a_bad_file_exits_non_zero_without_a_traceback(tmp_path):
    path = write(tmp_path, mini_text(BAD_UNIT))
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "forgebuilder.settings.test",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'unused.sqlite3'}",  # never touched
    }
    result = subprocess.run(
        [sys.executable, "manage.py", "load_module", str(path)],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 1
    assert "factions.millford.datasheets.spearmen.points: must be a whole number" in result.stderr
    assert result.stderr.rstrip().endswith("CommandError: 1 module could not be loaded.")
    assert "Traceback" not in result.stderr


def test_removing_a_datasheet_before_others_reports_them_moved_not_updated(tmp_path):
    load_module_path(MINI)
    text = MINI.read_text(encoding="utf-8")
    start, end = text.index("      captain:\n"), text.index("      spearmen:\n")
    summary = load_module_path(write(tmp_path, text[:start] + text[end:]))
    lines = summary.lines(verbose=True)
    assert "  datasheets: 1 removed, 3 reordered" in lines
    assert "    - millford/captain" in lines
    assert not any(line.startswith("    ~ ") for line in lines)
    keys = list(m.Datasheet.objects.filter(faction__key="millford").values_list("key", flat=True))
    assert keys == ["spearmen", "river_witch", "levy_mob"]

"""Export writes a stored module back in the module format: loading the export changes nothing
and gives the same module, for the example module and for every starter module."""

from __future__ import annotations

import functools
import json
from io import StringIO
from pathlib import Path

import pytest
import yaml
from django.conf import settings
from django.core.management import CommandError, call_command

from factions.gamedata.exporter import faction_file_names, game_module_spec, write_module
from factions.gamedata.files import read_module_source
from factions.gamedata.loader import game_module_load, load_module_path
from factions.gamedata.schemas import ModuleSpec
from factions.gamedata.validation import validate_source
from factions.models import GameModule
from tests.conftest import FIXTURES

from .module_text import CAPTAIN_STATS

pytestmark = pytest.mark.django_db

STARTERS = sorted(p.name for p in settings.STARTER_MODULES_DIR.iterdir() if p.is_dir())


@functools.cache
def source_spec(path: Path) -> ModuleSpec:
    return validate_source(read_module_source(path))


def in_order(spec: ModuleSpec) -> str:
    """The spec as text: equal specs with entries in another order differ (specs compare equal)."""
    return json.dumps(spec.model_dump(mode="json"), indent=1)


SOURCES = [
    pytest.param(FIXTURES / "mini_module.yaml", id="mini_module"),
    pytest.param(FIXTURES / "mini_grimdark.yaml", id="mini_grimdark"),
    *(pytest.param(settings.STARTER_MODULES_DIR / name, id=name) for name in STARTERS),
]
TARGETS = [
    pytest.param("exported", id="folder"),  # module.yaml + factions/*.yaml
    pytest.param("exported.yaml", id="yaml"),  # one YAML file
    pytest.param("exported.json", id="json"),  # one JSON file
]


def test_the_five_starter_modules_are_round_tripped():
    assert STARTERS == [
        "ashen-stars",
        "ember-reach",
        "hollow-marches",
        "iron-squads",
        "shard-skirmish",
    ]


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("source", SOURCES)
def test_loading_an_export_changes_nothing_and_gives_the_same_module(tmp_path, source, target):
    spec = source_spec(source)
    game_module_load(spec=spec)
    module = GameModule.objects.get(slug=spec.slug)
    revision = module.revision

    stored = game_module_spec(module)
    write_module(stored, tmp_path / target)
    summary = load_module_path(tmp_path / target)

    assert summary.lines() == [f"Module '{spec.slug}' unchanged."]
    assert in_order(stored) == in_order(spec)
    assert in_order(source_spec(tmp_path / target)) == in_order(spec)
    module.refresh_from_db()
    assert module.revision == revision


def test_a_folder_export_has_one_file_per_faction_in_the_factions_order(tmp_path, mini_module):
    # a folder reads its factions in file-name order, and Millford comes first
    files = write_module(game_module_spec(mini_module), tmp_path / "vale")
    assert [f.relative_to(tmp_path / "vale").as_posix() for f in files] == [
        "module.yaml",
        "factions/01-millford.yaml",
        "factions/02-hollowmere.yaml",
        "factions/03-free_blades.yaml",
        "factions/04-hermit.yaml",
    ]
    hermit = yaml.safe_load((tmp_path / "vale" / "factions" / "04-hermit.yaml").read_text())
    assert hermit["id"] == "hermit" and hermit["alliance"] == "lone"
    assert "factions" not in yaml.safe_load((tmp_path / "vale" / "module.yaml").read_text())
    assert list(source_spec(tmp_path / "vale").factions) == list(
        source_spec(FIXTURES / "mini_module.yaml").factions
    )


@pytest.mark.parametrize(
    ("keys", "names"),
    [
        # already in file-name order: named by id
        (["alpha", "beta"], ["alpha.yaml", "beta.yaml"]),
        # out of order: numbered
        (["beta", "alpha"], ["01-beta.yaml", "02-alpha.yaml"]),
        # "a-b.yaml" sorts before "a.yaml", so the ids' own order is not enough
        (["a", "a-b"], ["01-a.yaml", "02-a-b.yaml"]),
    ],
)
def test_faction_files_are_named_so_that_they_read_back_in_order(keys, names):
    assert list(faction_file_names(keys).values()) == names


def test_an_export_leaves_out_what_equals_the_default(tmp_path, mini_module):
    write_module(game_module_spec(mini_module), tmp_path / "vale.json")
    data = json.loads((tmp_path / "vale.json").read_text())
    captain = data["factions"]["millford"]["datasheets"]["captain"]
    assert captain["models"] == [
        {
            "name": "Captain",
            "id": "captain",
            "stats": CAPTAIN_STATS,
            "weapons": ["spear"],
            "rules": ["tough(2)"],
        }
    ]
    assert "format" not in data and "description" not in data["weapons"]["spear"]


def test_re_exporting_to_a_folder_removes_the_files_of_factions_that_are_gone(
    tmp_path, mini_module
):
    folder = tmp_path / "vale"
    write_module(game_module_spec(mini_module), folder)
    (folder / "factions" / "ghosts.yaml").write_text("name: Ghosts\n")
    write_module(game_module_spec(mini_module), folder)
    assert not (folder / "factions" / "ghosts.yaml").exists()
    assert load_module_path(folder).lines() == ["Module 'mini-vale' unchanged."]


# --- the export_module command ------------------------------------------------------------------


def test_the_export_command_writes_the_files_and_says_where(tmp_path, mini_module):
    out = StringIO()
    call_command("export_module", "mini-vale", str(tmp_path / "vale"), stdout=out)
    assert out.getvalue() == f"Exported 'mini-vale' to 5 file(s) under {tmp_path / 'vale'}.\n"
    assert load_module_path(tmp_path / "vale").lines() == ["Module 'mini-vale' unchanged."]


def test_exporting_an_unknown_slug_names_the_loaded_ones(tmp_path, mini_module):
    with pytest.raises(CommandError) as info:
        call_command("export_module", "mini-dale", str(tmp_path / "x.yaml"))
    assert str(info.value) == "No game module 'mini-dale' (loaded: mini-vale)."
    assert not (tmp_path / "x.yaml").exists()


def test_exporting_with_no_module_loaded_says_none(tmp_path):
    with pytest.raises(CommandError, match=r"^No game module 'mini-vale' \(loaded: none\)\.$"):
        call_command("export_module", "mini-vale", str(tmp_path / "x.yaml"))

"""The example module (`mini_module.yaml`, the one in docs/module-format.md) and what the format
tests do with it: edit one spot, write it as a file or a folder, and read back its problems."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from factions.gamedata.files import read_module_source
from factions.gamedata.problems import ModuleFileError, Problem
from factions.gamedata.validation import validate_source
from tests.conftest import FIXTURES

MINI = FIXTURES / "mini_module.yaml"
# its Captain's stat line (Battle Forge's six stats)
CAPTAIN_STATS = {
    "movement": 6,
    "accuracy": 5,
    "strength": 6,
    "save": 6,
    "initiative": 6,
    "courage": 7,
}


def edited(*edits: tuple[str, str]) -> str:
    """The example module with each `old` text (found exactly once) replaced by `new`."""
    text = MINI.read_text(encoding="utf-8")
    for old, new in edits:
        assert text.count(old) == 1, f"{old!r} should appear once in the example module"
        text = text.replace(old, new)
    return text


def line_of(text: str, marker: str) -> int:
    assert text.count(marker) == 1, f"{marker!r} should appear once"
    return text[: text.index(marker)].count("\n") + 1


def problems_of(path: Path) -> list[Problem]:
    with pytest.raises(ModuleFileError) as info:
        validate_source(read_module_source(path))
    return info.value.problems


def write(tmp_path: Path, text: str, name: str = "vale.yaml") -> Path:
    path = tmp_path / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def as_folder(root: Path, data: dict | None = None, names: dict[str, str] | None = None) -> Path:
    """The example module as module.yaml + factions/<id>.yaml (or the file names in `names`)."""
    data = data or yaml.safe_load(MINI.read_text(encoding="utf-8"))
    factions = data.pop("factions")
    write(root, yaml.safe_dump(data, sort_keys=False), "module.yaml")
    for key, faction in factions.items():
        name = (names or {}).get(key, f"{key}.yaml")
        write(root, yaml.safe_dump(faction, sort_keys=False), f"factions/{name}")
    return root

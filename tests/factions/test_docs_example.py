"""The complete example of docs/module-format.md is the test fixture, and it loads."""

from __future__ import annotations

import re

import pytest

from factions.gamedata.files import read_module_source
from factions.gamedata.loader import load_module_path
from factions.gamedata.problems import ModuleFileError
from factions.gamedata.validation import validate_source
from factions.models import Datasheet, GameModule
from tests.conftest import FIXTURES, REPO

DOCS = REPO / "docs" / "module-format.md"
FIXTURE = FIXTURES / "mini_module.yaml"


def example_block() -> str:
    """The YAML block under the heading 'A complete small example'."""
    text = DOCS.read_text(encoding="utf-8")
    section = text.split("## A complete small example", 1)[1]
    match = re.search(r"```yaml\n(.*?)```", section, re.DOTALL)
    assert match, "the example section should hold a ```yaml block"
    return match.group(1)


def test_the_docs_example_is_the_fixture_module_word_for_word():
    assert example_block() == FIXTURE.read_text(encoding="utf-8")


@pytest.mark.django_db
def test_the_docs_example_loads(tmp_path):
    path = tmp_path / "example.yaml"
    path.write_text(example_block(), encoding="utf-8")
    summary = load_module_path(path)
    assert summary.module_created
    module = GameModule.objects.get(slug="mini-vale")
    assert Datasheet.objects.filter(module=module).count() == 7


def test_the_error_the_docs_show_is_the_one_the_loader_gives(tmp_path):
    shown = re.search(r"^module\.yaml:\d+: (\S+): (.+)$", DOCS.read_text(encoding="utf-8"), re.M)
    assert shown, "the docs should show an unknown-id error"
    path, message = shown.groups()
    # give the spearmen the halberd the docs talk about
    text = FIXTURE.read_text(encoding="utf-8")
    old = "            weapons: [spear]\n            options:"
    (tmp_path / "module.yaml").write_text(
        text.replace(old, old.replace("[spear]", "[spear, halberd]")), encoding="utf-8"
    )
    with pytest.raises(ModuleFileError) as info:
        validate_source(read_module_source(tmp_path / "module.yaml"))
    assert [(p.path, p.message) for p in info.value.problems] == [(path, message)]

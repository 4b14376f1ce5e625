"""A faction's display name has one home, `Catalog.faction_name` (the name, or the key when the
module no longer has the faction): the list summary, the catalogue, the edits' messages, the
engine's messages and the events' pages ask it instead of spelling it out (it was in 8 places)."""

from __future__ import annotations

import re

from factions.catalog import Catalog
from tests.conftest import REPO
from tests.source_lines import places

SPELLED = re.compile(r"\bf(action)?\.name if \(?f(action)?\b")


def test_no_module_spells_out_a_factions_name():
    found = places(lambda line: SPELLED.search(line) and "def faction_name" not in line)
    # the home itself (a resolved force's `faction_name` reads the spec it holds)
    assert found == [
        "factions/catalog.py:" + str(_line("factions/catalog.py", "return faction.name if"))
    ]


def _line(path: str, text: str) -> int:
    lines = (REPO / path).read_text().splitlines()
    return next(n for n, line in enumerate(lines, start=1) if text in line)


def test_a_faction_the_module_no_longer_has_is_named_by_its_key(mini_catalog: Catalog):
    key = next(iter(mini_catalog.spec.factions))
    assert mini_catalog.faction_name(key) == mini_catalog.spec.factions[key].name
    assert mini_catalog.faction_name("gone_faction") == "gone_faction"

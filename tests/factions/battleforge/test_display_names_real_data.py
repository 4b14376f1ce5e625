"""Every name the real Battle Forge data brings to a page or PDF reads as a name: no raw id
("damage_chart") and no value spelled twice ("Leader(Infantry)(Infantry, Cavalry)").

The published data (from the shared folder; skipped with its reason when absent) names rules
it never defines and gives a value to rules whose names already spell one; the importer and the
references' display fix both at their source, for the editor, the share page and the PDF alike.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from factions.cards import datasheet_card
from factions.catalog import Catalog
from factions.gamedata.battleforge import BFGame
from factions.gamedata.battleforge.importer import build_module_spec

# a data id: lower-case words joined by underscores
RAW_ID = re.compile(r"\b[a-z0-9]+(?:_[a-z0-9]+)+\b")
# a value in brackets right after another, or brackets doubled
DOUBLED = re.compile(r"\)\(|\(\(|\)\)")


def shown_names(catalog: Catalog) -> Iterator[tuple[str, str]]:
    """(where, text) of every name a datasheet's card shows, and of the list-wide choices."""
    spec = catalog.spec
    for fkey, faction in spec.factions.items():
        for key, sheet in faction.datasheets.items():
            card = datasheet_card(catalog, fkey, key, sheet)
            where = f"{fkey}/{key}"
            texts = [card.title, card.category, *card.keywords, *card.facts]
            texts += [chip.label for chip in card.rules]
            for row in card.models:
                texts += [row.name, *(chip.label for chip in row.rules)]
            for row in card.weapons:
                texts += [row.name, *(chip.label for chip in row.rules)]
            for line in card.options:
                texts += [line.text, line.limit, *(label for label, _ in line.choices)]
            yield from ((where, text) for text in texts)
        for kind in ("legends", "strategies", "focuses", "force_organizations"):
            for key, item in (getattr(faction, kind, None) or {}).items():
                yield f"{fkey}/{kind}/{key}", item.name
    for key, rule in spec.rules.items():
        yield f"rules/{key}", rule.name  # the PDF's glossary


@pytest.mark.parametrize("fixture", ["fr_game", "anc_game", "sw_game"])
def test_no_shown_name_is_a_raw_id_or_spells_a_value_twice(
    request: pytest.FixtureRequest, fixture: str
):
    game: BFGame = request.getfixturevalue(fixture)
    catalog = Catalog(0, 1, build_module_spec(game).spec)

    names = list(shown_names(catalog))

    assert len(names) > 200  # the whole module was read
    raw = sorted({(w, t) for w, t in names if RAW_ID.search(t)})
    doubled = sorted({(w, t) for w, t in names if DOUBLED.search(t)})
    assert raw == [], raw[:10]
    assert doubled == [], doubled[:10]


def test_the_vampire_lords_leader_reads_its_value_once(fr_game: BFGame):
    catalog = Catalog(0, 1, build_module_spec(fr_game).spec)
    sheet = catalog.spec.factions["vampire_lords"].datasheets["vampire_lord_dragon"]

    card = datasheet_card(catalog, "vampire_lords", "x", sheet)
    labels = [chip.label for row in card.models for chip in row.rules]

    assert "Leader(Infantry, Cavalry)" in labels
    assert "Damage Chart" in labels

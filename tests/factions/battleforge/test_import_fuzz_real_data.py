"""The published Battle Forge modules (the shared folder's; skipped where absent), one entry at a
time made wrong by Hypothesis: an id emptied or unknown, a value of the wrong type, a key taken
out, an entry or a whole entity duplicated, odd text (line breaks, NUL, very long, any script).

Whatever the change, the import never raises and never loses the module or the faction: its
spec passes the module checks (what `import_battleforge` requires before writing anything), the
faction keeps every unit but the one changed, a unit left out is named by a finding, and a
reference made wrong is named by a finding at its own path.

Each module is read once per test process (`bf_game`); an example imports the changed faction alone
over the module's shared content, so it costs a fraction of a whole module's import.
"""

from __future__ import annotations

import copy
import dataclasses
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given
from hypothesis import settings as hsettings
from hypothesis import strategies as st

from factions.gamedata.battleforge import BFGame
from factions.gamedata.battleforge.importer import ImportResult, build_module_spec
from factions.gamedata.battleforge.layering import _build_faction
from factions.gamedata.battleforge.refs import as_entity_map
from factions.gamedata.battleforge.source import MODULE_INDEX, SourceFile
from factions.gamedata.references import check_module
from tests.conftest import bf_game

FOLDERS = ("fantasy-realms", "wbh", "space-wars")
KINDS = ("units", "rules", "weapons", "models", "strategies", "relics", "powers")
DELETE, DUPLICATE = object(), object()
ODD_TEXT = (
    "First line\n * a bullet\r\n- another",
    "a\x00b",
    "x" * 5000,
    "Ωμέγα 🐉 עברית ‏ \u200b",
    "  ",
)
VALUES = (
    "",
    "no_such_id_anywhere",
    7,
    -1.5,
    None,
    True,
    [],
    {},
    {"id": ""},
    {"id": 3},
    *ODD_TEXT,
)
MUTATIONS = st.sampled_from((DELETE, DUPLICATE, *VALUES))
REFERENCE_LISTS = ("rules", "weapons")  # a unit's or model's lists of references


@cache
def game(folder: str) -> BFGame:
    return bf_game(folder)  # skipped with its reason where the data is absent


@dataclasses.dataclass(frozen=True)
class Change:
    """One entry of a module file made wrong: in the faction's own file or in the module's
    index.json, at `place` (its first part the kind of entity), set to `change`."""

    faction_id: str
    file: str
    place: tuple
    change: object

    @property
    def path(self) -> str:
        """The place as findings name it: `units.orc_warboss.models[0].rules[2]`."""
        return dotted(self.place).removeprefix(".")


def changed_game(g: BFGame, change: Change) -> BFGame:
    """`g` with only the faction of `change`, read again as the loader reads it from its file
    and index.json, one of them changed."""
    faction = g.factions[change.faction_id]
    index = g.files[MODULE_INDEX].data
    data = g.files[faction.file].data if faction.file else {}
    if change.file == MODULE_INDEX:
        index = mutate(index, change.place, change.change)
    else:
        data = mutate(data, change.place, change.change)
    entry = as_entity_map(g.index.get("factions"))[change.faction_id]
    faction = _build_faction(faction.id, entry, faction.file, data, index, g.global_data)
    files = {**g.files, MODULE_INDEX: SourceFile(MODULE_INDEX, g.files[MODULE_INDEX].path, index)}
    if faction.file:
        files[faction.file] = SourceFile(faction.file, g.files[faction.file].path, data)
    return dataclasses.replace(g, index=index, factions={faction.id: faction}, files=files)


@cache
def imported_alone(folder: str, faction_id: str) -> ImportResult:
    g = game(folder)
    return build_module_spec(dataclasses.replace(g, factions={faction_id: g.factions[faction_id]}))


def places(value: Any, path: tuple = ()) -> list[tuple]:
    """The path of every key and list item inside `value`."""
    found = []
    if isinstance(value, dict):
        items = list(value.items())
    elif isinstance(value, list):
        items = list(enumerate(value))
    else:
        return []
    for key, item in items:
        found.append((*path, key))
        found.extend(places(item, (*path, key)))
    return found


def mutate(entity: Any, place: tuple, change: object) -> Any:
    """A deep copy of `entity` with the item at `place` changed (deleted, duplicated, set)."""
    changed = copy.deepcopy(entity)
    parent = changed
    for part in place[:-1]:
        parent = parent[part]
    key = place[-1]
    if change is DELETE:
        del parent[key]
    elif change is DUPLICATE:
        if isinstance(parent, list):
            parent.insert(key, copy.deepcopy(parent[key]))
        else:
            parent[f"{key}_again"] = copy.deepcopy(parent[key])
    else:
        parent[key] = change
    return changed


def dotted(place: tuple) -> str:
    return "".join(f"[{part}]" if isinstance(part, int) else f".{part}" for part in place)


def entities(data: Any) -> list[tuple]:
    """The place of every entity of `data` (a module file): (kind, id)."""
    found = []
    for kind in KINDS:
        value = data.get(kind) if isinstance(data, dict) else None
        keys = value.keys() if isinstance(value, dict) else range(len(value or ()))
        found += [(kind, key) for key in keys]
    return found


@st.composite
def changes(draw, folder: str) -> Change:
    g = game(folder)
    faction_id = draw(st.sampled_from(sorted(g.factions)))
    file = g.factions[faction_id].file
    files = [f for f in (file, MODULE_INDEX) if f and entities(g.files[f].data)]
    file = draw(st.sampled_from(files))
    data = g.files[file].data
    kind, key = draw(st.sampled_from(entities(data)))
    inside = [(kind, key, *place) for place in places(data[kind][key])]
    # the entity itself (of a wrong type, taken out, duplicated), or something inside it
    place = draw(st.sampled_from([(kind, key), *inside]))
    return Change(faction_id, file, place, draw(MUTATIONS))


WRONG_REFERENCES = ("", "no_such_id_anywhere", 7, -1.5, None, True, [], {}, {"id": ""})


def check(folder: str, change: Change) -> None:
    result = build_module_spec(changed_game(game(folder), change))

    assert list(check_module(result.spec)) == []  # the import goes through
    assert "lint_crashed" not in {f.code for f in result.findings}
    [faction] = result.spec.factions.values()  # the faction is still there
    before = next(iter(imported_alone(folder, change.faction_id).spec.factions.values()))
    lost = set(before.datasheets) - set(faction.datasheets)
    assert len(lost) <= (1 if change.place[0] == "units" else 0), lost  # but the unit changed
    paths = [f.path for f in result.findings]
    removed = change.change is DELETE and len(change.place) == 2  # a unit taken out: no error
    if lost and not removed:  # a unit left out is named
        unit = f"units.{change.place[1]}"
        assert any(p.startswith(unit) for p in paths), (unit, paths[-5:])
    place = change.place
    if (
        len(place) >= 3
        and place[-2] in REFERENCE_LISTS
        and isinstance(place[-1], int)
        and any(
            change.change == wrong and type(change.change) is type(wrong)
            for wrong in WRONG_REFERENCES
        )
    ):  # a reference made wrong is named where it is
        assert any(p.startswith(change.path) for p in paths), (change.path, paths[-5:])


@pytest.mark.parametrize("folder", FOLDERS)
@hsettings(max_examples=40, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_published_module_with_one_entry_made_wrong_still_imports(folder: str, data) -> None:
    check(folder, data.draw(changes(folder)))

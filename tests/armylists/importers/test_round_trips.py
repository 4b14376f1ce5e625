"""Every list of a corpus goes out through each export and back through the import page's reader
(`read_import`) and comes back as it went: our JSON and our text export for every module, the
Battle Forge app file and share link for the modules imported from Battle Forge.

The corpus: the lists generated over every starter module and every Battle Forge module of the
shared data (`corpus.py`: every datasheet and every option choice at least once, with forces,
allies, legends, focuses, notes and custom names) and over the tests' own small modules, the
example list of docs/list-format.md, the representative lists of the text import's own test and
the Battle Forge app lists of the importer's fixtures. A format carries the list
whole; the Battle Forge app's list, which has no place for some of it (a list's notes, a
legend's unit...), everything else, and the share link's page names what it leaves behind
(`app_left_behind`): the round trip may lose that and nothing more.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from factions.catalog import Catalog, catalog_by_slug
from forgebuilder.engine.listdoc import ListDocument
from forgebuilder.lists import edits
from forgebuilder.lists.documents import parse_document
from forgebuilder.lists.importers.battleforge_app import app_left_behind, app_list, share_link
from forgebuilder.lists.importers.detect import read_import
from forgebuilder.lists.note_edits import set_list_notes, set_unit_notes

from .conftest import MIT_LISTS
from .conftest import app_list as fixture_list
from .corpus import corpus, covered, every_choice
from .test_text import STARTER_SLUGS, representative_list, text_of


def _unit_view(document: ListDocument, catalog: Catalog, unit, forces: dict) -> dict:
    faction = document.unit_faction(unit)
    sheet = catalog.datasheet(faction, unit.datasheet)
    return {
        "force": forces.get(unit.force),
        "faction": faction,
        "datasheet": unit.datasheet,
        "name": "" if sheet is None or unit.name == sheet.name else unit.name,
        "models": {m.id: unit.models.get(m.id, m.min) for m in sheet.models} if sheet else {},
        "options": sorted((c.option, c.choice, c.count) for c in unit.options),
        "specialty": unit.specialty,
        "unit notes": unit.notes,
    }


def view(document: ListDocument, catalog: Catalog, left_behind: tuple[str, ...] = ()) -> dict:
    """What a list is, as the round trips compare it: units in printed order (each force's in
    turn, then those outside any force) and forces by position, whatever their ids."""
    ordered = list(document.forces)
    if "force order" in left_behind:  # the list's own forces first
        ordered.sort(key=lambda f: f.faction != document.faction)
    forces = {f.id: n for n, f in enumerate(ordered)}
    if "loose units" in left_behind and forces:  # in the first force when they come back
        forces[None] = 0
    units = sorted(document.units, key=lambda u: forces.get(u.force, len(forces)))
    position = {u.id: n for n, u in enumerate(units)}
    own = [f for f in document.forces if f.faction == document.faction]
    out = {
        "name": document.name,
        "points_limit": document.points_limit,
        "casual": document.casual,
        "faction": document.faction,
        # with forces of its own faction, the list's focus is only their default: each force's
        # own focus is what the list plays
        "focus": None if own else document.focus,
        "doctrine": document.doctrine,
        "notes": document.notes,
        "pre_game": sorted((s.faction or document.faction, s.strategy) for s in document.pre_game_strategies),
        "forces": [(f.organization, f.faction, f.focus) for f in ordered],
        "units": [_unit_view(document, catalog, u, forces) for u in units],
        "legends": sorted((leg.legend, position.get(leg.unit)) for leg in document.legends),
    }  # fmt: skip
    if "legend holders" in left_behind:
        out["legends"] = sorted((legend, None) for legend, _ in out["legends"])
    for unit in out["units"]:
        if "unit notes" in left_behind:
            del unit["unit notes"]
    return {k: v for k, v in out.items() if k not in left_behind}


def round_trips(document: ListDocument, catalog: Catalog) -> dict[str, str]:
    """Each export of the list, by the format `read_import` names when it reads it back."""
    exports = {
        "forgebuilder list (JSON)": json.dumps(document.to_json(), ensure_ascii=False),
        "forgebuilder text export": text_of(document, catalog),
    }
    if document.units:  # without a unit the full text is the compact one
        exports["forgebuilder full text"] = text_of(document, catalog, full=True)
    if catalog.spec.source.format == "battleforge":
        data = app_list(document, catalog)
        exports["Battle Forge app list"] = json.dumps(data, ensure_ascii=False)
        exports["Battle Forge share link"] = share_link(data, "https://battleforge.example")
    return exports


def difference(went: dict, back: dict) -> str:
    """The first thing that differs, as (what, went, came back)."""
    for key, value in went.items():
        if back.get(key) != value:
            if key == "units" and len(value) == len(back[key]):
                n, unit = next((n, u) for n, u in enumerate(value) if u != back[key][n])
                field = next(f for f in unit if unit[f] != back[key][n].get(f))
                return (
                    f"unit {n + 1} {field}: {unit[field]!r} came back {back[key][n].get(field)!r}"
                )
            return f"{key}: {value!r} came back {back.get(key)!r}"
    return ""


def check_round_trips(documents: list[ListDocument], catalog: Catalog) -> None:
    """Every list back through every format as it went, or the first difference, named."""
    for document in documents:
        for format_name, exported in round_trips(document, catalog).items():
            outcome = read_import(exported)
            assert outcome.format_name == format_name
            app = format_name.startswith("Battle Forge")
            left_behind = tuple(app_left_behind(document)) if app else ()
            went = view(document, catalog, left_behind)
            back = view(outcome.document, catalog, left_behind)
            assert back == went, (
                f"{format_name}, {document.name!r}: {difference(went, back)}; "
                f"the import named {[u.message for u in outcome.unmatched]}"
            )


def check_corpus(catalog: Catalog) -> int:
    documents = list(corpus(catalog))
    sheets, choices = every_choice(catalog)
    taken_sheets, taken_choices = covered(catalog, documents)
    assert sheets - taken_sheets == set(), "datasheets no generated list takes"
    assert choices - taken_choices == set(), "option choices no generated list takes"
    check_round_trips(documents, catalog)
    return len(documents)


@pytest.mark.parametrize("slug", STARTER_SLUGS)
def test_every_starter_list_comes_back_through_every_format(starter_modules, slug):
    catalog = catalog_by_slug(slug)

    check_round_trips([representative_list(catalog)], catalog)
    assert check_corpus(catalog) >= 1


def test_the_documented_example_and_the_test_modules_lists_come_back(
    mini_module, dark_module, list_format_examples
):
    """The example list of docs/list-format.md, and lists generated over the tests' own small
    modules (Battle Forge rules with focuses and allies; Grimdark with doctrines)."""
    catalog = catalog_by_slug("mini-vale")
    example = parse_document(json.loads(list_format_examples["list"]))

    check_round_trips([example], catalog)
    assert check_corpus(catalog) >= 1
    assert check_corpus(catalog_by_slug("mini-dark")) >= 1


@pytest.mark.parametrize("folder", sorted(MIT_LISTS))
def test_every_battleforge_list_comes_back_through_every_format(import_bf_module, folder):
    catalog = import_bf_module(folder)
    fixture = read_import(json.dumps(fixture_list(MIT_LISTS[folder]))).document

    check_round_trips([fixture], catalog)
    assert check_corpus(catalog) >= 1


# What players type into names and notes, with the text export's own separators mixed in
TYPED = st.lists(
    st.sampled_from([*"aZ9 ()[]:,.·×#!", "é", "ж", "語", "\t", " · ", " pts", "Note: ", "== "])
    | st.sampled_from(
        ["Captain", "Spearmen: ", " (Spearmen)", " (Captain)", ": ", "Legend: ", "Notes:", "2× "]
    ),
    max_size=12,
).map("".join)


NOTES = st.lists(TYPED, max_size=3).map("\n".join)


@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    list_name=TYPED,
    names=st.tuples(TYPED, TYPED, TYPED),
    notes=st.tuples(NOTES, NOTES, NOTES),
    list_notes=NOTES,
)
@example(list_name="[Tourney] Vanguard", names=("", "", ""), notes=("", "", ""), list_notes="")
@example(list_name="<Tourney> Vanguard", names=("", "", ""), notes=("", "", ""), list_notes="")
@example(list_name="L", names=("a (Spearmen):", "", ""), notes=("", "", ""), list_notes="")
@example(list_name="L", names=("", "a (Spearmen):", ""), notes=("", "", ""), list_notes="")
@example(list_name="L", names=("", "Spearmen: Legend:", ""), notes=("", "", ""), list_notes="")
@example(list_name="L", names=("", "Captain: x", ""), notes=("", "", ""), list_notes="")
@example(list_name="L", names=("", "", ""), notes=("Note: 1. x · 5 pts", "", ""), list_notes="\t")
def test_names_and_notes_as_typed_come_back_through_the_text(
    mini_module, list_name, names, notes, list_notes
):
    """Whatever a player names the list and its units and writes in their notes, the text
    export brings it back (the editor's own clean-up applied: names on one line, notes
    without blank ends); a note line's trailing spaces, which chat apps drop too, aside."""
    catalog = catalog_by_slug("mini-vale")
    document = edits.new_document(
        catalog, faction="millford", name=list_name, points_limit=999, casual=False
    )
    for key, name, note in zip(("captain", "spearmen", "spearmen"), names, notes, strict=True):
        document, unit_id = edits.add_unit(document, catalog, datasheet=key, force=None)
        document = edits.rename_unit(document, unit_id=unit_id, name=name[:80])
        document = set_unit_notes(document, unit_id=unit_id, notes=note)
    document = set_list_notes(document, notes=list_notes)

    outcome = read_import(text_of(document, catalog))

    assert typed(outcome.document, catalog) == typed(document, catalog), outcome.unmatched


def typed(document: ListDocument, catalog: Catalog) -> dict:
    """The list's view with each line of its notes without trailing spaces."""
    out = view(document, catalog)

    def strip(notes: str) -> str:
        return "\n".join(line.rstrip() for line in notes.split("\n"))

    out["notes"] = strip(out["notes"])
    for unit in out["units"]:
        unit["unit notes"] = strip(unit["unit notes"])
    return out

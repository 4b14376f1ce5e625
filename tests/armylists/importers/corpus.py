"""Lists generated over a module's catalogue, for the round trips through every export and
import (test_round_trips.py): together they take every datasheet of every faction and every
choice of every option at least once, with odd model counts, option counts above one, custom
names (in other scripts and with brackets), unit and list notes, power specialties, legends
(on a unit and free), focuses per force, a second force of the same organization, an allied
force (first, in some lists), a unit outside any force, doctrines, pre-game strategies and
casual lists, at odd points limits.

Plain Python and deterministic: list `r` of a faction takes choice `r` of each option of each
of its datasheets, so a faction needs as many lists as its longest option has choices.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

from factions.catalog import Catalog
from factions.gamedata.schemas import DatasheetSpec
from forgebuilder.engine.listdoc import ListDocument, ListUnit
from forgebuilder.engine.rules.checks.strategies import is_pre_game
from forgebuilder.lists import edits
from forgebuilder.lists.note_edits import set_list_notes, set_unit_notes

NAMES = ("Дружина Ёжика", "Blue (Left)", "Ostmark – Vorhut", "第三小隊")
NOTES = ("Deploys last.", "Line one\nline two: 3× reroll", "Legend: not a legend line")


def options_of(sheet: DatasheetSpec) -> list:
    return [*sheet.options, *(o for m in sheet.models for o in m.options)]


def rounds(sheet: DatasheetSpec) -> int:
    """How many lists it takes to take every choice of every option of `sheet` once."""
    return max((len(o.choices) for o in options_of(sheet)), default=1)


def corpus(catalog: Catalog) -> Iterator[ListDocument]:
    """The module's lists: for each faction, one per round of its datasheets' choices."""
    factions = list(catalog.spec.factions)
    for n, faction in enumerate(factions):
        sheets = catalog.spec.factions[faction].datasheets
        needed = max((rounds(s) for s in sheets.values()), default=1)
        ally = factions[(n + 1) % len(factions)] if len(factions) > 1 else None
        for r in range(needed):
            yield generated_list(catalog, faction, ally, r)


def generated_list(catalog: Catalog, faction: str, ally: str | None, r: int) -> ListDocument:
    """List `r` of `faction` (see the module docstring)."""
    focuses = list(catalog.focuses(faction))
    doctrines = list(catalog.spec.doctrines)
    document = edits.new_document(
        catalog, faction=faction, name=f"{NAMES[r % len(NAMES)]} [{r}]",
        points_limit=999 + 376 * r, casual=r % 3 == 2,
        focus=focuses[r % len(focuses)] if focuses else None,
        doctrine=doctrines[r % len(doctrines)] if doctrines else None,
    )  # fmt: skip
    forces = _forces(catalog, document, faction, ally, r)
    document = forces[0]
    home = [f for f in forces[1] if document.force(f).faction == faction] or [None]
    sheets = catalog.spec.factions[faction].datasheets
    taken = [key for key, sheet in sheets.items() if rounds(sheet) > r] or list(sheets)[:1]
    for i, key in enumerate(taken):
        document = _unit(catalog, document, key, home[i % len(home)], r, i)
    allied = [f for f in forces[1] if document.force(f).faction != faction]
    for force in allied:
        for first in list(catalog.spec.factions[document.force(force).faction].datasheets)[:1]:
            document = _unit(catalog, document, first, force, r, len(taken))
    if r % 3 == 1 and document.forces and taken:  # a unit outside any force organization
        loose = document.units[len(taken) - 1].model_copy(update={"force": None})
        document = document.model_copy(
            update={"units": tuple(loose if u.id == loose.id else u for u in document.units)}
        )
    if r % 4 == 3 and allied:  # an allied force first: the list's own came after, say
        forces = sorted(document.forces, key=lambda f: f.faction == faction)
        document = document.model_copy(update={"forces": tuple(forces)})
    document = _legends(catalog, document, faction, r)
    document = _strategies(catalog, document, r)
    if r % 2 == 0:
        document = set_list_notes(document, notes=f"{NOTES[r % len(NOTES)]}\n\nSecond paragraph.")
    return document


def _forces(catalog: Catalog, document: ListDocument, faction: str, ally: str | None, r: int):
    """The list with its forces: the first one, a second of the same organization, one of
    another organization with a focus of its own, and an allied force; their ids."""
    if not catalog.ruleset.uses_force_organizations:
        return document, [f.id for f in document.forces]
    orgs = list(catalog.force_organizations(faction))
    if not orgs:
        return document, [f.id for f in document.forces]
    first = document.forces[0].organization if document.forces else orgs[0]
    for organization in (first, orgs[(r + 1) % len(orgs)]):
        document, _ = edits.add_force(document, catalog, organization=organization, faction=faction)
    focuses = list(catalog.focuses(faction))
    if len(focuses) > 1:
        other = focuses[(r + 1) % len(focuses)]
        document = edits.set_force_focus(
            document, catalog, force_id=document.forces[-1].id, focus=other
        )
    allied_orgs = list(catalog.force_organizations(ally)) if ally else []
    if allied_orgs:
        document, force = edits.add_force(
            document, catalog, organization=allied_orgs[r % len(allied_orgs)], faction=ally
        )
        ally_focuses = list(catalog.focuses(ally))
        if ally_focuses:
            focus = ally_focuses[r % len(ally_focuses)]
            document = edits.set_force_focus(document, catalog, force_id=force, focus=focus)
    return document, [f.id for f in document.forces]


def _unit(
    catalog: Catalog, document: ListDocument, key: str, force: str | None, r: int, i: int
) -> ListDocument:
    """Unit `key` in `force`, with choice `r` of each of its options and odd model counts.

    Made in a copy of the list without its other units (each edit checks the whole list again,
    and what a unit may take depends on the unit alone), then added to the list."""
    alone = document.model_copy(update={"units": (), "legends": ()})
    made = _made_unit(catalog, alone, key, force, r, i)
    unit = made.model_copy(update={"id": document.next_id("u")})
    return document.model_copy(update={"units": (*document.units, unit)})


def _made_unit(
    catalog: Catalog, document: ListDocument, key: str, force: str | None, r: int, i: int
) -> ListUnit:
    document, unit_id = edits.add_unit(document, catalog, datasheet=key, force=force)
    sheet = catalog.datasheet(document.unit_faction(document.unit(unit_id)), key)
    for m, model in enumerate(sheet.models):
        room = model.max_count - model.min
        if room > 0:
            count = model.min + (r + i + m) % min(room + 1, 4)
            document = edits.set_model_count(
                document, catalog, unit_id=unit_id, model=model.id, count=count
            )
    for option in options_of(sheet):
        choice = option.choices[r % len(option.choices)].id
        taken = _take(catalog, document, unit_id, option.id, choice, 1 + (r + i) % 2)
        if taken is None:  # one per five models, say: the unit at its largest takes it
            for model in sheet.models:
                document = edits.set_model_count(
                    document, catalog, unit_id=unit_id, model=model.id, count=model.max_count
                )
            taken = _take(catalog, document, unit_id, option.id, choice, 1)
        document = taken or document
    if i % 3 == 1:
        document = edits.rename_unit(document, unit_id=unit_id, name=NAMES[(r + i) % len(NAMES)])
    if i % 4 == 2:
        document = set_unit_notes(document, unit_id=unit_id, notes=NOTES[(r + i) % len(NOTES)])
    specialties = list(catalog.power_specialties(document.unit_faction(document.unit(unit_id))))
    if specialties and i % 2 == 0:
        with contextlib.suppress(edits.EditError):
            document = edits.set_specialty(
                document, catalog, unit_id=unit_id, specialty=specialties[r % len(specialties)]
            )
    made = document.unit(unit_id)
    assert made is not None
    return made


def _take(
    catalog: Catalog, document: ListDocument, unit_id: str, option: str, choice: str, count: int
) -> ListDocument | None:
    """The list with the unit taking `choice` `count` times, else once; None when it cannot."""
    for times in dict.fromkeys((count, 1)):
        with contextlib.suppress(edits.EditError):
            return edits.set_option(
                document, catalog, unit_id=unit_id, option=option, choice=choice, count=times
            )
    return None


def _legends(catalog: Catalog, document: ListDocument, faction: str, r: int) -> ListDocument:
    """Up to two legends of the faction: one carried by a unit, one free."""
    legends = list(catalog.legends(faction))
    for n, legend in enumerate(legends[r % max(len(legends), 1) :][:2]):
        holder = document.units[n].id if n == 0 and document.units else None
        document = edits.add_legend(document, catalog, legend=legend, unit_id=holder)
    return document


def _strategies(catalog: Catalog, document: ListDocument, r: int) -> ListDocument:
    """A pre-game strategy of the list's faction and one of an allied force's, if any."""
    chosen = []
    for faction in dict.fromkeys([document.faction, *(f.faction for f in document.forces)]):
        pre_game = [k for k, s in catalog.strategies(faction).items() if is_pre_game(s)]
        if pre_game:
            chosen.append((faction, pre_game[r % len(pre_game)]))
    if not chosen:
        return document
    return edits.set_pre_game_strategies(document, catalog, chosen=chosen)


def covered(catalog: Catalog, documents: list[ListDocument]) -> tuple[set, set]:
    """(datasheets, option choices) the lists take, as (faction, datasheet[, option, choice])."""
    sheets, choices = set(), set()
    for document in documents:
        for unit in document.units:
            faction = document.unit_faction(unit)
            sheets.add((faction, unit.datasheet))
            choices.update((faction, unit.datasheet, c.option, c.choice) for c in unit.options)
    return sheets, choices


def every_choice(catalog: Catalog) -> tuple[set, set]:
    """(datasheets, option choices) of the module, as `covered` names them."""
    sheets, choices = set(), set()
    for faction, spec in catalog.spec.factions.items():
        for key, sheet in spec.datasheets.items():
            sheets.add((faction, key))
            for option in options_of(sheet):
                choices.update((faction, key, option.id, c.id) for c in option.choices)
    return sheets, choices

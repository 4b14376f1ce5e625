"""What a module's new version changed for one list, and the edit that moves the list onto it.

A list records the version of its module it was built on: its number (`ListDocument.data_version`)
and label (`module_version`; lists made before numbers were kept have only the label, and are
matched with the newest version of that label). When the module has moved on, `data_update`
answers what changed for this list: its units' prices (the same document evaluated against both
versions), the module's changes that concern what the list uses, what the update drops because
it no longer exists, the problems it did not have before, and its total. `updated_document` is
the update itself: the new version's number and label, without the options, legends and
strategies the new version no longer has; nothing else changes. `kept_document` keeps the list
on its version instead (data_versions.py reads it with that version's data).

Plain Python over the lists' own reads: views only show it.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass

from factions.cards import choice_label
from factions.catalog import Catalog, catalog_for
from factions.gamedata.changes import Change, module_changes
from forgebuilder.engine.api import ListDocument, ListUnit
from forgebuilder.lists import data_versions
from forgebuilder.lists.data_versions import newest_of
from forgebuilder.lists.edits import EditError
from forgebuilder.lists.selectors import EvaluatedList, evaluated_document

# the module's own fields (its version, its numbers) and what a list takes by key
_USED = ("datasheet", "legend", "strategy", "force organization", "focus")


@dataclass(frozen=True)
class PriceChange:
    unit: str
    before: int
    after: int

    @property
    def words(self) -> str:
        return f"{self.unit}: {self.before} → {self.after} points"


@dataclass(frozen=True)
class DataUpdate:
    """What moving a list from `built_on` to `current` changes for it. `found` is False where
    the version it was built on is not on record: then only the update is offered. `changes`
    are the module's changes that concern the list (a removed datasheet among them), `dropped`
    what the update takes out of it (options, legends, strategies the new version no longer
    has). `pinned`: its owner keeps it on `built_on` for now (the banner is one line)."""

    module_name: str
    built_on: str
    current: str
    found: bool
    prices: tuple[PriceChange, ...] = ()
    changes: tuple[str, ...] = ()
    dropped: tuple[str, ...] = ()
    problems: tuple[str, ...] = ()
    total_before: int | None = None
    total_after: int = 0
    pinned: bool = False

    @property
    def things(self) -> int:
        """How many things the new version changed in this list."""
        return len(self.changes)

    @property
    def label(self) -> str:
        return f"Update to {self.module_name} {self.current}"

    @property
    def quiet(self) -> bool:
        """Nothing this list takes changes: the banner is one line (updating records it)."""
        return self.found and not (self.prices or self.changes or self.dropped or self.problems)


def data_update(evaluated: EvaluatedList) -> DataUpdate | None:
    """What the module's newest version changed for this list, or None when the list is built
    on it (or records no version)."""
    document = evaluated.document
    module_id = evaluated.army_list.module_id
    now = catalog_for(evaluated.army_list.module)
    newest = newest_of(now)
    if document.data_version is not None and newest is not None:
        if document.data_version >= newest[0]:
            return None
        old = data_versions.version_catalog(module_id, document.data_version)
    elif document.module_version and document.module_version != now.spec.version:
        old = data_versions.label_catalog(module_id, document.module_version)
    else:
        return None
    built, current = _names(document, now, newest)
    if old is None:
        return DataUpdate(now.spec.name, built, current, found=False,
                          total_after=evaluated.roster.points)  # fmt: skip
    # the document's own text in the key: a rolled-back test's list may come back with its id
    key = (evaluated.army_list.pk, document.model_dump_json(), evaluated.catalog is now)
    with _old_lock:
        found = _UPDATES.get(key)
    if found is not None and found[0] is now and found[1] is old:
        return found[2]  # the editor's every view of an unchanged list: worked out once
    update = _compared(evaluated, now, old, built, current)
    with _old_lock:
        _UPDATES[key] = (now, old, update)
        while len(_UPDATES) > UPDATES_KEPT:
            _UPDATES.popitem(last=False)
    return update


def _compared(evaluated: EvaluatedList, now: Catalog, old: Catalog, built: str, current: str):
    """`data_update`'s answer once the version the list was built on is found."""
    document = evaluated.document
    if evaluated.catalog is now:
        (old_roster, old_report), (new_roster, new_report) = (
            evaluated_document(document=document, catalog=old),
            (evaluated.roster, evaluated.report),
        )
    else:  # kept on its version: it is read with `old`
        (old_roster, old_report), (new_roster, new_report) = (
            (evaluated.roster, evaluated.report),
            evaluated_document(document=document, catalog=now),
        )
    names = {u.id: u.name for u in new_roster.units}
    prices = tuple(
        PriceChange(names.get(key, key), before, new_report.unit_points.get(key, 0))
        for key, before in old_report.unit_points.items()
        if new_report.unit_points.get(key, 0) != before
    )
    had = {v.message for v in old_report.violations}
    # what no longer exists is said by the changes and by what the update drops
    problems = tuple(
        v.message
        for v in new_report.violations
        if v.message not in had and v.code != "module-version" and not v.code.startswith("unknown-")
    )
    changes = tuple(c.words for c in used_changes(document, changes_between(old, now)))
    _, dropped = updated_document(document, now, old)
    return DataUpdate(
        now.spec.name, built, current, True, prices, changes, tuple(dropped), problems,
        old_roster.points, new_roster.points, pinned=document.pinned,
    )  # fmt: skip


def _names(document: ListDocument, now: Catalog, newest: tuple[int, str] | None) -> tuple[str, str]:
    """The version a list was built on and the newest, as players read them: with their
    numbers where they share a label ("1.3 (#4)" and "1.3 (#5)")."""
    built, current = document.module_version or "?", now.spec.version
    if built != current or newest is None:
        return built, current
    return (
        data_versions.version_name(built, document.data_version, True),
        data_versions.version_name(current, newest[0], True),
    )


def built_on_catalog(module_id: int, document: ListDocument) -> Catalog | None:
    """The catalogue of the version `document` was built on: by its number where it records
    one, else the newest version with its label; None when that version is not on record."""
    if document.data_version is not None:
        return data_versions.version_catalog(module_id, document.data_version)
    if document.module_version:
        return data_versions.label_catalog(module_id, document.module_version)
    return None


def used_changes(document: ListDocument, changes: list[Change]) -> list[Change]:
    """The changes that concern what `document` uses: its units' datasheets, its legends,
    strategies, force organizations and focuses."""
    used = {("datasheet", u.datasheet, document.unit_faction(u)) for u in document.units}
    used |= {("legend", leg.legend, document.faction) for leg in document.legends}
    used |= {
        ("strategy", s.strategy, s.faction or document.faction)
        for s in document.pre_game_strategies
    }
    used |= {("force organization", f.organization, f.faction) for f in document.forces}
    used |= {("focus", f.focus, f.faction) for f in document.forces if f.focus}
    if document.focus:
        used.add(("focus", document.focus, document.faction))
    keys = {(what, key) for what, key, _ in used}
    return [
        c
        for c in changes
        if c.what in _USED
        and ((c.what, c.key, c.faction) in used or (not c.faction and (c.what, c.key) in keys))
    ]


def updated_document(
    document: ListDocument, catalog: Catalog, old: Catalog | None = None
) -> tuple[ListDocument, list[str]]:
    """`document` on `catalog`'s version: its label set, the options, legends and strategies
    the version no longer has dropped (and named, from `old` where known). Nothing else
    changes: a unit whose datasheet is gone stays, for the player to replace."""
    named = old or catalog
    dropped: list[str] = []
    units = []
    for unit in document.units:
        faction = document.unit_faction(unit)
        kept = tuple(c for c in unit.options if _has_choice(catalog, faction, unit, c))
        if catalog.datasheet(faction, unit.datasheet) is not None and len(kept) < len(unit.options):
            dropped += [
                _choice_name(named, faction, unit, c) for c in unit.options if c not in kept
            ]
            unit = unit.model_copy(update={"options": kept})
        units.append(unit)
    legends = tuple(g for g in document.legends if g.legend in catalog.legends(document.faction))
    dropped += [
        _thing_name(named.legends(document.faction), g.legend)
        for g in document.legends
        if g not in legends
    ]
    strategies = tuple(
        s
        for s in document.pre_game_strategies
        if s.strategy in catalog.strategies(s.faction or document.faction)
    )
    dropped += [
        _thing_name(named.strategies(s.faction or document.faction), s.strategy)
        for s in document.pre_game_strategies
        if s not in strategies
    ]
    updated = document.model_copy(
        update={
            "module_version": catalog.spec.version,
            "data_version": newest[0] if (newest := newest_of(catalog)) else None,
            "pinned": False,
            "units": tuple(units),
            "legends": legends,
            "pre_game_strategies": strategies,
        }
    )
    return updated, dropped


def kept_document(document: ListDocument, catalog: Catalog) -> ListDocument:
    """`document` kept on the version it was built on (`pinned`): read with that version's
    data until its owner updates it. Refused (EditError) where that version is not on record."""
    number = document.data_version
    if number is None and document.module_version:
        number = data_versions.label_number(catalog.module_id, document.module_version)
    if number is None:
        raise EditError(
            f"The version this list was built on ({document.module_version or 'unknown'}) is "
            "not on record here, so it cannot be kept: update it instead."
        )
    newest = newest_of(catalog)
    if not document.pinned and newest is not None and number >= newest[0]:
        raise EditError("This list is on the newest version of its game: there is none to keep.")
    return document.model_copy(update={"pinned": True, "data_version": number})


def _has_choice(catalog: Catalog, faction: str, unit: ListUnit, taken) -> bool:
    sheet = catalog.datasheet(faction, unit.datasheet)
    found = sheet.option(taken.option) if sheet else None
    return found is not None and any(c.id == taken.choice for c in found[1].choices)


def _choice_name(catalog: Catalog, faction: str, unit: ListUnit, taken) -> str:
    sheet = catalog.datasheet(faction, unit.datasheet)
    found = sheet.option(taken.option) if sheet else None
    who = unit.name or (sheet.name if sheet else unit.datasheet)
    choice = next((c for c in found[1].choices if c.id == taken.choice), None) if found else None
    if found is None or choice is None:
        return f"{who}: {taken.choice}"
    return f"{who}: {choice_label(catalog, faction, found[1], choice)}"


def _thing_name(things: dict, key: str) -> str:
    thing = things.get(key)
    return thing.name if thing is not None else key


# What a version changed for a list, by the list, its version and which catalogue it is read
# with (the catalogues kept beside, so that an id is not reused): an editor drawn again for an
# unchanged list does not evaluate it a second time.
_UPDATES: OrderedDict[tuple, tuple[Catalog, Catalog, DataUpdate]] = OrderedDict()
UPDATES_KEPT = 256


# The changes between two catalogues, by the pair (each kept, so that an id is not reused):
# a module's whole comparison is worked out once, not on every page of every list on it.
_CHANGES: OrderedDict[tuple[int, int], tuple[Catalog, Catalog, list[Change]]] = OrderedDict()
_OLD_SIZE = 8  # versions (and pairs) kept
_old_lock = threading.Lock()


def changes_between(old: Catalog, new: Catalog) -> list[Change]:
    """`module_changes` from the catalogue `old` to `new`, worked out once per pair."""
    key = (id(old), id(new))
    with _old_lock:
        found = _CHANGES.get(key)
    if found is not None and found[0] is old and found[1] is new:
        return found[2]
    changes = module_changes(old.spec.model_dump(mode="json"), new.spec.model_dump(mode="json"))
    with _old_lock:
        _CHANGES[key] = (old, new, changes)
        while len(_CHANGES) > _OLD_SIZE:
            _CHANGES.popitem(last=False)
    return changes

"""What a module's new version changed for one list, and the edit that moves the list onto it.

A list records the version of its module it was built on (`ListDocument.module_version`). When
the module has moved on, `data_update` finds the version the list was built on (the newest
published one with that label) and answers what changed for this list: its units' prices (the
same document evaluated against both versions), the module's changes that concern what the list
uses, what the update drops because it no longer exists, the problems it did not have before, and its total.
`updated_document` is the update itself: the new version's label, without the options, legends
and strategies the new version no longer has; nothing else changes.

Plain Python over the lists' own reads: views only show it.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass

from factions.cards import choice_label
from factions.catalog import Catalog
from factions.gamedata.changes import Change, module_changes
from factions.gamedata.schemas import ModuleSpec
from factions.models import ModuleVersion
from forgebuilder.engine.api import ListDocument, ListUnit
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
    no published version has the list's label: then only the update is offered. `changes` are
    the module's changes that concern the list (a removed datasheet among them), `dropped` what
    the update takes out of it (options, legends, strategies the new version no longer has)."""

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

    @property
    def things(self) -> int:
        """How many things the new version changed in this list."""
        return len(self.changes)

    @property
    def label(self) -> str:
        return f"Update to {self.module_name} {self.current}"


def data_update(evaluated: EvaluatedList) -> DataUpdate | None:
    """What the module's current version changed for this list, or None when the list is built
    on the current version (or records none)."""
    document, catalog = evaluated.document, evaluated.catalog
    built, now = document.module_version, catalog.spec.version
    if not built or built == now:
        return None
    old = built_on_catalog(catalog.module_id, built)
    if old is None:
        return DataUpdate(catalog.spec.name, built, now, found=False,
                          total_after=evaluated.roster.points)  # fmt: skip
    old_roster, old_report = evaluated_document(document=document, catalog=old)
    new_roster, new_report = evaluated.roster, evaluated.report
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
    changes = used_changes(document, changes_between(old, catalog))
    _, dropped = updated_document(document, catalog, old)
    return DataUpdate(
        catalog.spec.name, built, now, True, prices, tuple(c.words for c in changes), tuple(dropped),
        problems, old_roster.points, new_roster.points,
    )  # fmt: skip


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
            "units": tuple(units),
            "legends": legends,
            "pre_game_strategies": strategies,
        }
    )
    return updated, dropped


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


# Catalogues of published versions, by version and the moment it was published: a version's
# spec never changes (the moment tells apart a rolled-back test's version whose id comes back).
_OLD: OrderedDict[tuple, Catalog] = OrderedDict()


def built_on_catalog(module_id: int, label: str) -> Catalog | None:
    """The catalogue of the newest published version of the module labelled `label`, or None
    when no published version has that label."""
    found = (
        ModuleVersion.objects.filter(module_id=module_id, label=label)
        .order_by("-number")
        .values_list("pk", "number", "published_at")
        .first()
    )
    if found is None:
        return None
    with _old_lock:
        cached = _OLD.get(found)
    if cached is not None:
        return cached
    spec = ModuleVersion.objects.values_list("spec", flat=True).get(pk=found[0])
    # a negative revision: never the module's own catalogue (whose revisions count from 1)
    catalog = Catalog(module_id, -found[1], ModuleSpec.model_validate(spec))
    with _old_lock:
        _OLD[found] = catalog
        while len(_OLD) > _OLD_SIZE:
            _OLD.popitem(last=False)
    return catalog

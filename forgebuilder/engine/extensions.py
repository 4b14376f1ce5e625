"""Where a wing plugs into army lists: unit state, price, progress, checks, card lines and
write guards.

The engine and the lists app never import a wing. A wing (campaigns) subclasses `ListExtension`, overriding
only what it adds, and registers one instance from its AppConfig.ready; the registry refuses
a second extension under the same key, like the rulesets' check registry. The engine, the
cards, the printouts and the list services ask `extensions` and get the combined answer of
every registered wing (with none registered: every unit in play, nothing added, nothing
refused).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, Protocol

from factions.catalog import Catalog
from forgebuilder.engine.listdoc import ListDocument, ListUnit
from forgebuilder.refused import Refused

if TYPE_CHECKING:
    from forgebuilder.engine.rules.base import Check, UnitProgress


class ArmyList(Protocol):
    """A list as stored (the lists app's row), as far as a wing's guard and notices read it:
    the engine knows no storage."""

    pk: Any
    name: str


class ListWriteRefused(Refused, ValueError):
    """A wing refuses a change to a list; the message says why, in players' words."""

    code = "list-change-refused"


@dataclass(frozen=True)
class ListWrite:
    """A change about to be written to a list, shown to every guard first.

    `army_list` is the locked row as stored (the change is not applied yet); `before` and
    `after` are its documents (`after` is None when the list is deleted). `origin` names who
    asks: "editor" for the player's editor and pages, a wing's key for the wing's own writes.
    """

    army_list: ArmyList
    action: Literal["edit", "undo", "delete"]
    label: str
    before: ListDocument
    after: ListDocument | None
    origin: str = "editor"


@dataclass(frozen=True)
class ListNotice:
    """A wing's word above a list in the editor: what the list is, and the page that changes
    it (a campaign army: its campaign's army page)."""

    text: str
    link: str = ""
    link_text: str = ""
    # the wing changes the list's units, upgrades and settings itself (at `link`): the editor
    # offers only what its guard lets through, the list's and units' names and notes
    locked: bool = False


@dataclass(frozen=True)
class ShelfMark:
    """A wing's mark on the rows of My lists: `read` is what the lists app adds to the page's
    one query (a database expression, opaque to the engine), `badge` the words for a row whose
    value is not None ("Campaign: Ashfall")."""

    read: Any
    badge: Callable[[Any], str]


class ListExtension:
    """A wing's part in every list. The defaults add nothing; override what the wing adds."""

    key: str = ""

    def unit_in_play(self, unit: ListUnit) -> bool:
        """False for a unit kept on the list for the record only (it costs and counts nothing)."""
        return True

    def unit_price(self, unit: ListUnit, catalog: Catalog) -> int:
        """Points the wing adds to a unit in play, on top of its datasheet, models and options."""
        return 0

    def checks(self) -> Sequence[Check]:
        """Checks run for every list, after its ruleset's own."""
        return ()

    def unit_progress(self, unit: ListUnit, catalog: Catalog) -> UnitProgress | None:
        """How far the unit has come (level, XP, the XP its next level needs); None: the wing
        does not level this unit up. The engine puts it on the report (`Report.unit_progress`)."""
        return None

    def card_lines(
        self, unit: ListUnit, catalog: Catalog, progress: UnitProgress | None
    ) -> list[tuple[str, str]]:
        """(heading, text) lines for the unit's card, after its legend and powers; `progress`
        is the unit's on the report, for the wing to show, never to measure again."""
        return []

    def underdog_points(self, army_list_id: int) -> int:
        """Underdog points the stored list brings to the game it is set up for."""
        return 0

    def list_notice(self, army_list: ArmyList, document: ListDocument) -> ListNotice | None:
        """What the editor says above the list about the wing's part in it (None: nothing)."""
        return None

    def guard_write(self, write: ListWrite) -> None:
        """Raise ListWriteRefused to stop `write`; called in its transaction, on the locked row."""

    def shelf_mark(self) -> ShelfMark | None:
        """The mark the wing puts on its lists in My lists (None: none)."""
        return None


class ExtensionRegistry:
    def __init__(self) -> None:
        self._extensions: dict[str, ListExtension] = {}
        self._all: tuple[ListExtension, ...] = ()

    def register(self, extension: ListExtension) -> None:
        if not extension.key:
            raise ValueError("A list extension needs a key.")
        if extension.key in self._extensions:
            raise ValueError(f"A list extension '{extension.key}' is already registered.")
        self._extensions[extension.key] = extension
        self._all = tuple(self._extensions.values())

    def unregister(self, key: str) -> None:
        self._extensions.pop(key)
        self._all = tuple(self._extensions.values())

    @contextmanager
    def added(self, extension: ListExtension) -> Iterator[ListExtension]:
        """`extension` registered for the duration of a `with` block (tests)."""
        self.register(extension)
        try:
            yield extension
        finally:
            self.unregister(extension.key)

    def __contains__(self, key: object) -> bool:
        return key in self._extensions

    def unit_in_play(self, unit: ListUnit) -> bool:
        return all(e.unit_in_play(unit) for e in self._all)

    def unit_price(self, unit: ListUnit, catalog: Catalog) -> int:
        return sum(e.unit_price(unit, catalog) for e in self._all)

    def checks(self) -> tuple[Check, ...]:
        return tuple(check for e in self._all for check in e.checks())

    def unit_progress(self, unit: ListUnit, catalog: Catalog) -> UnitProgress | None:
        found = (e.unit_progress(unit, catalog) for e in self._all)
        return next((progress for progress in found if progress is not None), None)

    def card_lines(
        self, unit: ListUnit, catalog: Catalog, progress: UnitProgress | None = None
    ) -> list[tuple[str, str]]:
        return [line for e in self._all for line in e.card_lines(unit, catalog, progress)]

    def underdog_points(self, army_list_id: int) -> int:
        return sum(e.underdog_points(army_list_id) for e in self._all)

    def list_notices(self, army_list: ArmyList, document: ListDocument) -> list[ListNotice]:
        found = (e.list_notice(army_list, document) for e in self._all)
        return [notice for notice in found if notice is not None]

    def guard_write(self, write: ListWrite) -> None:
        for extension in self._all:
            extension.guard_write(write)

    def shelf_marks(self) -> dict[str, ShelfMark]:
        """Each wing's mark on My lists' rows, by the wing's key."""
        found = ((e.key, e.shelf_mark()) for e in self._all)
        return {key: mark for key, mark in found if mark is not None}


extensions = ExtensionRegistry()

"""What a Battle Forge game module is once read (BATTLEFORGE-FORMAT.md §2.1 to §2.4): its files,
each faction's layered entity maps (``BFFaction``), the game (``BFGame``), and the problems and
hidden items found on the way. ``layering.load_game`` reads a module folder into them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .refs import as_entity_map, as_list

__all__ = [
    "DEFAULT_GAME_TYPE",
    "LAYERED_KINDS",
    "MODULE_KINDS",
    "ROOT_FILE",
    "BFFaction",
    "BFGame",
    "HiddenItem",
    "LoadProblem",
    "SourceFile",
    "available_under_focus",
    "deep_merge",
]

#: Entity maps layered root < module index < faction file.
LAYERED_KINDS: tuple[str, ...] = (
    "rules",
    "weapons",
    "strategies",
    "perks",
    "setbacks",
    "powerCategories",
)
#: Entity maps layered module index < faction file (the root has none).
MODULE_KINDS: tuple[str, ...] = ("units", "models", "powers", "relics")
#: Label used as the file name of the shared root index in origins and findings.
ROOT_FILE = "root/index.json"
DEFAULT_GAME_TYPE = "battle"
MODULE_INDEX = "index.json"


@dataclass(frozen=True)
class SourceFile:
    """One JSON file read for a module. ``name`` is relative to the module folder
    (``index.json``, ``vampire_lords.json``) or :data:`ROOT_FILE` for the root index."""

    name: str
    path: Path
    data: dict[str, Any]


@dataclass(frozen=True)
class HiddenItem:
    """A ``hidden_*`` key the authors used to comment content out (ignored)."""

    file: str
    path: str
    size: int


@dataclass(frozen=True)
class LoadProblem:
    """A file that could not be read: missing, unreadable, not JSON or not an object."""

    file: str
    message: str
    faction_id: str | None = None


@dataclass
class BFFaction:
    """A listed faction with its layered entity maps."""

    id: str
    name: str
    file: str | None
    entry: dict[str, Any]
    entities: dict[str, dict[str, Any]]
    origins: dict[str, dict[str, str]]
    subfactions: dict[str, Any]

    def entity_map(self, kind: str) -> dict[str, Any]:
        """The layered map of one kind (``"rules"``, ``"units"``, …); empty if unknown."""
        return self.entities.get(kind, {})

    def origin(self, kind: str, entity_id: str) -> str | None:
        """The file an entity was finally taken from, or None if it does not exist."""
        return self.origins.get(kind, {}).get(entity_id)

    @property
    def units(self) -> dict[str, Any]:
        """The faction's units, module-level units included."""
        return self.entity_map("units")

    @property
    def rules(self) -> dict[str, Any]:
        """Every rule visible to the faction (root < module < faction)."""
        return self.entity_map("rules")

    @property
    def weapons(self) -> dict[str, Any]:
        """Every weapon visible to the faction (root < module < faction)."""
        return self.entity_map("weapons")

    @property
    def models(self) -> dict[str, Any]:
        """The ``models`` map used by ``addModel`` and ``replaceModel``."""
        return self.entity_map("models")

    def is_restricted(self, focus_id: str | None) -> bool:
        """Whether a focus is ``restricted: true`` (accepts the string ``"true"``)."""
        focus = self.subfactions.get(focus_id) if focus_id is not None else None
        if not isinstance(focus, Mapping):
            return False
        return focus.get("restricted") in (True, "true")


@dataclass
class BFGame:
    """A loaded game module."""

    module_dir: Path
    folder: str
    id: str | None
    name: str
    game_id: str | None
    game_type: str
    index: dict[str, Any]
    root: dict[str, Any] | None
    global_data: dict[str, Any]
    factions: dict[str, BFFaction]
    unfinished_factions: dict[str, Any]
    files: dict[str, SourceFile] = field(default_factory=dict)
    hidden: list[HiddenItem] = field(default_factory=list)
    problems: list[LoadProblem] = field(default_factory=list)

    @property
    def is_skirmish(self) -> bool:
        """True for skirmish game types (unit points are not rounded to 5)."""
        return self.game_type == "skirmish"

    @property
    def categories(self) -> dict[str, Any]:
        """Unit slot categories of the module."""
        return as_entity_map(self.index.get("categories"))

    @property
    def organizations(self) -> dict[str, Any]:
        """Force organisations of the module."""
        return as_entity_map(self.index.get("organizations"))

    @property
    def alliances(self) -> dict[str, Any]:
        """Alliances of the module."""
        return as_entity_map(self.index.get("alliances"))

    def faction(self, faction_id: str) -> BFFaction:
        """A listed faction by id (KeyError if not listed)."""
        return self.factions[faction_id]


def deep_merge(base: Mapping[str, Any], over: Mapping[str, Any]) -> dict[str, Any]:
    """Recursively merge two JSON objects; values of ``over`` win, objects merge key by key."""
    merged: dict[str, Any] = dict(base)
    for key, value in over.items():
        current = merged.get(key)
        if isinstance(current, Mapping) and isinstance(value, Mapping):
            merged[key] = deep_merge(current, value)
        else:
            merged[key] = value
    return merged


def available_under_focus(
    subfactions: object, focus_id: str | None, focus_restricted: bool = False
) -> bool:
    """The focus (subfaction) filter of §2.1 item 4.

    An item is available under focus F when its ``subfactions`` array is absent or empty,
    contains F, or contains ``"none"`` and F is not restricted. With no focus chosen
    (``focus_id`` None) an item is available when its array is absent, empty or contains
    ``"none"``. A bare string is read as a one-element array.
    """
    ids = [item for item in as_list(subfactions) if isinstance(item, str)]
    if not ids:
        return True
    if focus_id is not None and focus_id in ids:
        return True
    if "none" in ids:
        return focus_id is None or not focus_restricted
    return False

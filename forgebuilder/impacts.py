"""What publishing a new version of a game module would do to each wing's stored things.

Before an admin publishes a draft (or `import_battleforge --dry-run` reports an import), every
app that keeps things built on a module's data says how the new version touches them: the lists
app counts lists that would change price, become illegal or lose an option; events and
campaigns say which of theirs keep the version they were checked on. Each app registers an
`ImpactReporter` from its AppConfig.ready(), as departures do, so the game data (which no app
may import) asks this registry without naming any of them.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Protocol

from forgebuilder.registries import KeyedRegistry

# a game module's catalogue (factions.catalog.Catalog): named, not imported, for the game data
# imports this registry
Catalog = Any


@dataclass(frozen=True)
class Impact:
    """One app's answer: how many of its things are built on the module (`stored`), how many
    the new version touches (`touched`), and what it does to them, in players' words."""

    what: str  # "Army lists"
    stored: int
    touched: int
    lines: tuple[str, ...] = ()

    def to_json(self) -> dict:
        return {
            "what": self.what, "stored": self.stored, "touched": self.touched,
            "lines": list(self.lines),
        }  # fmt: skip


class ImpactReporter(Protocol):
    key: str  # the app's name ("lists")
    order: int  # where its answer is shown: lower first

    def impact(self, *, module_id: int, current: Catalog, new: Catalog) -> Impact:
        """What replacing `current` (what players see) by `new` would do to this app's things
        of the module (nothing changed)."""
        ...


class ImpactRegistry(KeyedRegistry[ImpactReporter]):
    what = "impact reporters"

    def __iter__(self) -> Iterator[ImpactReporter]:
        return iter(sorted(self._by_key.values(), key=lambda r: (r.order, r.key)))


impact_reporters = ImpactRegistry()


def publish_impact(*, module_id: int, current: Catalog, new: Catalog) -> list[Impact]:
    """Every app's answer to publishing `new` in place of `current`."""
    return [r.impact(module_id=module_id, current=current, new=new) for r in impact_reporters]

"""The in-memory catalogue of a game module: its ModuleSpec with lookups, cached per revision.

Building a catalogue reads every table of a module once; after that, pages and the rules engine
look things up in memory. A module's `published_revision` changes on every load and on every
publish of an admin's draft, which makes the next request build a fresh catalogue. While an admin's
edits wait to be published (`revision` ahead of `published_revision`), players' catalogue is built
from the newest published version's spec, not from the edited rows.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from factions.gamedata.exporter import game_module_spec
from factions.gamedata.schemas import (
    AllianceSpec,
    DatasheetSpec,
    FactionSpec,
    FocusSpec,
    ForceOrganizationSpec,
    LegendSpec,
    ModelTemplateSpec,
    ModuleSpec,
    PowerSpec,
    PowerSpecialtySpec,
    RuleSpec,
    StrategySpec,
    WeaponSpec,
)
from factions.models import GameModule
from factions.rulesets import Ruleset, RulesetParameters, get_ruleset
from factions.versions import newest_spec


def focus_allows(focuses: tuple[str, ...], focus: str | None, restricted: bool) -> bool:
    """Whether an item with this focus filter is available under `focus` (None: no focus).

    Available when the filter is empty, names the focus, or names "none" and the focus is not
    restricted. With no focus chosen: when the filter is empty or names "none".
    """
    if not focuses:
        return True
    if focus is None:
        return "none" in focuses
    return focus in focuses or ("none" in focuses and not restricted)


@dataclass(frozen=True, eq=False)
class Catalog:
    module_id: int
    revision: int
    spec: ModuleSpec
    _layers: dict[tuple[str | None, str], dict[str, Any]] = field(
        default_factory=dict, init=False, repr=False
    )

    @property
    def slug(self) -> str:
        return self.spec.slug

    @cached_property
    def ruleset(self) -> Ruleset:
        return get_ruleset(self.spec.ruleset)

    @cached_property
    def params(self) -> RulesetParameters:
        return self.ruleset.parameters.model_validate(self.spec.parameters)

    def faction(self, key: str) -> FactionSpec | None:
        return self.spec.factions.get(key)

    def layered(self, faction_key: str | None, attr: str) -> dict[str, Any]:
        """Module entries overlaid with the faction's (the faction wins); built once each."""
        key = (faction_key, attr)
        if key not in self._layers:
            merged = dict(getattr(self.spec, attr))
            faction = self.spec.factions.get(faction_key) if faction_key else None
            if faction is not None:
                merged.update(getattr(faction, attr))
            self._layers[key] = merged
        return self._layers[key]

    def rule(self, faction_key: str | None, key: str) -> RuleSpec | None:
        return self.layered(faction_key, "rules").get(key)

    def weapon(self, faction_key: str | None, key: str) -> WeaponSpec | None:
        return self.layered(faction_key, "weapons").get(key)

    def model_template(self, faction_key: str | None, key: str) -> ModelTemplateSpec | None:
        return self.layered(faction_key, "model_templates").get(key)

    def legends(self, faction_key: str | None) -> dict[str, LegendSpec]:
        return self.layered(faction_key, "legends")

    def strategies(self, faction_key: str | None) -> dict[str, StrategySpec]:
        return self.layered(faction_key, "strategies")

    def powers(self, faction_key: str | None) -> dict[str, PowerSpec]:
        return self.layered(faction_key, "powers")

    def power_specialties(self, faction_key: str | None) -> dict[str, PowerSpecialtySpec]:
        return self.layered(faction_key, "power_specialties")

    def force_organizations(self, faction_key: str | None) -> dict[str, ForceOrganizationSpec]:
        return self.layered(faction_key, "force_organizations")

    def focuses(self, faction_key: str | None) -> dict[str, FocusSpec]:
        return self.layered(faction_key, "focuses")

    def datasheet(self, faction_key: str, key: str) -> DatasheetSpec | None:
        faction = self.spec.factions.get(faction_key)
        return faction.datasheets.get(key) if faction else None

    def alliance(self, faction_key: str) -> tuple[str, AllianceSpec] | None:
        faction = self.spec.factions.get(faction_key)
        if faction is None or faction.alliance is None:
            return None
        alliance = self.spec.alliances.get(faction.alliance)
        return (faction.alliance, alliance) if alliance else None

    def focuses_allowing(self, faction_key: str, focuses: tuple[str, ...]) -> list[str]:
        """Names of the faction's focuses under which an item with this filter is available."""
        return [
            focus.name
            for key, focus in self.focuses(faction_key).items()
            if focus_allows(focuses, key, focus.restricted)
        ]

    def faction_name(self, key: str) -> str:
        """The faction's name, or its key when the module no longer has it (a list made on
        older game data): the one home of a faction's display name."""
        faction = self.faction(key)
        return faction.name if faction else key

    def category_name(self, key: str | None) -> str:
        if key is None:
            return "Other"
        category = self.spec.categories.get(key)
        return category.name if category else key

    def rule_label(self, faction_key: str | None, ref) -> str:
        rule = self.rule(faction_key, ref.id)
        return ref.display(rule.name if rule else ref.id)

    def weapon_label(self, faction_key: str | None, ref) -> str:
        weapon = self.weapon(faction_key, ref.id)
        return ref.display(weapon.name if weapon else ref.id)


_cache: dict[int, Catalog] = {}
_lock = threading.Lock()


def catalog_for(module: GameModule) -> Catalog:
    """The catalogue players see of `module` (its published data), rebuilt only when that
    changed."""
    seen = module.published_revision
    cached = _cache.get(module.pk)
    if cached is not None and cached.revision == seen:
        return cached
    with _lock:
        cached = _cache.get(module.pk)
        if cached is not None and cached.revision == seen:
            return cached
        catalog = Catalog(module.pk, seen, published_spec(module))
        _cache[module.pk] = catalog
        return catalog


def published_spec(module: GameModule) -> ModuleSpec:
    """What players see of `module`: its rows, or while an admin's draft waits to be published,
    its newest published version (the rows themselves where it has none yet)."""
    if module.has_draft:
        spec = newest_spec(module)
        if spec is not None:
            return ModuleSpec.model_validate(spec)
    return game_module_spec(module)


def catalog_by_slug(slug: str) -> Catalog | None:
    """The catalogue of the module `slug` (one query when cached), or None."""
    module = (
        GameModule.objects.filter(slug=slug)
        .only("pk", "revision", "published_revision", "slug")
        .first()
    )
    return catalog_for(module) if module else None


def catalog_keep(catalog: Catalog) -> None:
    """Cache a catalogue built elsewhere (the tests build each shared module's once per run)."""
    with _lock:
        _cache[catalog.module_id] = catalog


def clear_catalog_cache() -> None:
    _cache.clear()

"""Reads of game data for pages."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from django.db import transaction
from django.db.models import Count, QuerySet

from factions.cards import datasheet_card, rule_chips
from factions.catalog import Catalog, focus_allows
from factions.gamedata.exporter import game_module_spec
from factions.models import GameModule, ModuleVersion
from factions.rulesets import registry
from factions.versions import version_publish


def game_module_list() -> list[GameModule]:
    modules: QuerySet[GameModule] = GameModule.objects.annotate(
        faction_count=Count("factions", distinct=True)
    ).order_by("name")
    out = list(modules)
    for module in out:
        module.ruleset_name = (
            registry.get(module.ruleset).name if module.ruleset in registry else module.ruleset
        )
    return out


def module_overview(catalog: Catalog) -> dict[str, Any]:
    spec = catalog.spec
    by_alliance: dict[str, list[tuple[str, Any]]] = defaultdict(list)
    for key, faction in spec.factions.items():
        alliance = spec.alliances.get(faction.alliance) if faction.alliance else None
        by_alliance[alliance.name if alliance else "Factions"].append((key, faction))
    alliances = [
        {"key": key, "name": a.name, "kind": a.kind, "factions": by_alliance.get(a.name, [])}
        for key, a in spec.alliances.items()
    ]
    unallied = by_alliance.get("Factions", [])
    return {
        "catalog": catalog,
        "module": spec,
        "ruleset": catalog.ruleset,
        "params": catalog.params,
        "alliances": alliances,
        "unallied": unallied,
        "force_organizations": _force_orgs(catalog, None),
        "legends": list(spec.legends.items()),
        "strategies": _strategies(catalog, None),
        "doctrines": list(spec.doctrines.items()),
        "powers": _powers(catalog, None),
        "rules": sorted(spec.rules.items(), key=lambda kv: kv[1].name.lower()),
    }


def faction_overview(catalog: Catalog, faction_key: str) -> dict[str, Any]:
    faction = catalog.faction(faction_key)
    assert faction is not None
    groups: dict[str, list] = defaultdict(list)
    for key, sheet in faction.datasheets.items():
        groups[catalog.category_name(sheet.category)].append(
            {
                "key": key,
                "card": datasheet_card(catalog, faction_key, key, sheet),
                "focuses": _focus_names(catalog, faction_key, sheet.focuses),
            }
        )
    order = [c.name for c in catalog.spec.categories.values()]
    categories = sorted(groups.items(), key=lambda kv: order.index(kv[0]) if kv[0] in order else 99)
    alliance = catalog.alliance(faction_key)
    return {
        "catalog": catalog,
        "module": catalog.spec,
        "faction_key": faction_key,
        "faction": faction,
        "alliance": alliance[1] if alliance else None,
        "categories": categories,
        "focuses": list(catalog.focuses(faction_key).items()),
        "strategies": _strategies(catalog, faction_key),
        "legends": list(catalog.legends(faction_key).items()),
        "powers": _powers(catalog, faction_key),
        "force_organizations": _force_orgs(catalog, faction_key),
    }


def _focus_names(catalog: Catalog, faction_key: str, focuses: tuple[str, ...]) -> list[str]:
    """Names of the focuses under which an item is available, when it is not all of them."""
    all_focuses = catalog.focuses(faction_key)
    if not focuses or not all_focuses:
        return []
    names = []
    if focus_allows(focuses, None, False):
        names.append("No focus")
    names += catalog.focuses_allowing(faction_key, focuses)
    if len(names) == len(all_focuses) + 1:
        return []
    return names


def _strategies(catalog: Catalog, faction_key: str | None) -> list[dict[str, Any]]:
    """A faction sees the module's strategies and its own; the module page only the module's."""
    strategies = catalog.strategies(faction_key) if faction_key else catalog.spec.strategies
    doctrines = catalog.spec.doctrines
    return [
        {
            "key": key,
            "strategy": strategy,
            "focuses": _focus_names(catalog, faction_key, strategy.focuses) if faction_key else [],
            "doctrine": doctrines[strategy.doctrine].name
            if strategy.doctrine in doctrines
            else None,
        }
        for key, strategy in strategies.items()
    ]


def _force_orgs(catalog: Catalog, faction_key: str | None) -> list[dict[str, Any]]:
    orgs = (
        catalog.force_organizations(faction_key)
        if faction_key
        else catalog.spec.force_organizations
    )
    return [
        {
            "key": key,
            "org": org,
            "slots": [
                (catalog.category_name(cat), slot.min, slot.max) for cat, slot in org.slots.items()
            ],
        }
        for key, org in orgs.items()
    ]


def _powers(catalog: Catalog, faction_key: str | None) -> list[dict[str, Any]]:
    specialties = (
        catalog.power_specialties(faction_key) if faction_key else catalog.spec.power_specialties
    )
    powers = catalog.powers(faction_key) if faction_key else catalog.spec.powers
    groups: dict[str | None, list] = defaultdict(list)
    for key, power in powers.items():
        groups[power.specialty].append((key, power))
    out = (
        [{"name": "Open to every caster", "powers": groups.get(None, [])}]
        if groups.get(None)
        else []
    )
    out += [
        {"name": spec.name, "powers": groups.get(key, [])}
        for key, spec in specialties.items()
        if groups.get(key)
    ]
    return out


__all__ = ["faction_overview", "game_module_list", "module_overview", "rule_chips"]


FIRST_NOTE = "The module as it was when its versions began to be kept."


def versions_of(module: GameModule) -> list[ModuleVersion]:
    """The module's versions, newest first (without their specs). A module loaded before
    versions were kept gets its first one now, from what is stored."""
    found = list(module.versions.defer("spec").order_by("-number"))
    if found:
        return found
    with transaction.atomic():
        locked = GameModule.objects.select_for_update().get(pk=module.pk)
        if not locked.versions.exists():
            spec = game_module_spec(locked).model_dump(mode="json")
            version_publish(module=locked, spec=spec, source=ModuleVersion.LOAD, note=FIRST_NOTE)
    return list(module.versions.defer("spec").order_by("-number"))

"""The factions of a Battle Forge module, each mapped to a ``FactionSpec``: its own rules,
weapons, templates, strategies and powers (the module's are its parent layer), its focuses,
datasheets and legends. Part of the importer (``importer.py``), which holds what these use:
the keys, the shared content and the reporter. No Django imports.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..schemas import FactionSpec
from .import_base import KeyMap, Scope
from .import_legends import legend_dicts
from .import_module import focus_aliases, focus_dict
from .import_steps import ImportSteps
from .import_units import UnitMapper
from .points import PricingContext
from .refs import as_entity_map
from .source import MODULE_INDEX, BFFaction


class FactionImport(ImportSteps):
    """The importer's faction steps (``importer._Importer`` runs them for each faction)."""

    def factions(self, module_scope, mkeys, focus_keys, offered) -> dict[str, FactionSpec]:
        """Each faction of the game imported (those that fail entirely are left out)."""
        factions: dict[str, FactionSpec] = {}
        faction_keys = KeyMap(self.game.factions)
        for fid, faction in self.game.factions.items():
            spec = self.faction(
                faction, faction_keys.keys[fid], module_scope, mkeys, focus_keys, offered
            )
            if spec is not None:
                factions[faction_keys.keys[fid]] = spec
        return factions

    def faction(
        self,
        faction: BFFaction,
        key: str,
        module_scope: Scope,
        mkeys: Mapping[str, KeyMap],
        module_focus_keys: KeyMap,
        offered: set[str],
    ) -> FactionSpec | None:
        file = faction.file or MODULE_INDEX

        def origin(kind: str, eid: str) -> str:
            return faction.origin(kind, eid) or file

        maps, keys = self.faction_maps(faction, mkeys, file)
        focuses = self.faction_focuses(faction)
        focus_keys = self.keymap(focuses, module_focus_keys, "subfactions", file)
        scope = Scope.of_layer(
            file,
            keys,
            {**module_scope.focuses, **focus_aliases(focuses, focus_keys)},
            self.reporter,
            parent=module_scope,
        )
        content = self.content(scope, maps, keys, origin)
        content["focuses"] = {
            focus_keys.keys[fid]: focus_dict(fid, f) for fid, f in focuses.items()
        }
        datasheets = self.faction_datasheets(faction, scope, origin, offered)
        content["legends"] = legend_dicts(scope, maps["relics"], keys["relics"], origin, datasheets)

        own_rules = set(content["rules"]) | set(scope.placeholders.rules)
        self.module_valued |= {k for k in scope.valued if k not in own_rules}
        self.finish_content(
            scope,
            content,
            {k for k in scope.valued if k in own_rules},
            origin,
            {key: raw for raw, key in keys["rules"].keys.items()},
        )
        content["datasheets"] = datasheets
        checked = self.validated(content, file)
        description = faction.entry.get("description")
        color = faction.entry.get("color")
        return self.validate(
            FactionSpec,
            {
                **checked,
                "name": faction.name[:120] or key,
                "alliance": self.faction_alliance(faction),
                "description": description if isinstance(description, str) else "",
                "color": color if isinstance(color, str) else None,
            },
            file,
            "",
        )

    def faction_maps(
        self, faction: BFFaction, mkeys: Mapping[str, KeyMap], file: str
    ) -> tuple[dict[str, dict[str, Any]], dict[str, KeyMap]]:
        """The entities the faction's own file defines, by kind, and their keys."""

        def own(kind: str) -> dict[str, Any]:
            if faction.file is None:
                return {}
            return {
                eid: entity
                for eid, entity in faction.entity_map(kind).items()
                if faction.origin(kind, eid) == faction.file
            }

        kinds = ("rules", "weapons", "models", "strategies", "powerCategories", "powers", "relics")
        maps = {kind: own(kind) for kind in kinds}
        keys = {kind: self.keymap(maps[kind], mkeys[kind], kind, file) for kind in kinds}
        return maps, keys

    def faction_focuses(self, faction: BFFaction) -> dict[str, Any]:
        """The faction's own subfactions (focuses), those the module defines left out."""
        module_focus_ids = set(as_entity_map(self.game.index.get("subfactions")))
        return {
            fid: f
            for fid, f in faction.subfactions.items()
            if isinstance(f, Mapping) and fid not in module_focus_ids
        }

    def faction_datasheets(
        self, faction: BFFaction, scope: Scope, origin, offered: set[str]
    ) -> dict[str, Any]:
        """Each unit of the faction as a datasheet, by its key (renamed keys reported)."""
        ctx = PricingContext(faction, self.game.game_type)
        unit_keys = KeyMap(faction.units)
        for raw, ukey in unit_keys.renamed():
            self.add(
                "key_renamed",
                origin("units", raw),
                f"units.{raw}",
                f"id {raw!r} imported as {ukey!r}",
            )
        mapper = UnitMapper(ctx, scope, self.category_key, offered)
        datasheets = {}
        for uid, unit in faction.units.items():
            if not isinstance(unit, Mapping):
                continue
            sheet = mapper.datasheet(uid, unit, origin("units", uid))
            if sheet is not None:
                datasheets[unit_keys.keys[uid]] = sheet
        self.model_names |= {
            str(model["name"]).lower() for sheet in datasheets.values() for model in sheet["models"]
        }
        return datasheets

    def faction_alliance(self, faction: BFFaction) -> str | None:
        """The faction's alliance key; an alliance the module does not define is reported."""
        alliance = faction.entry.get("alliance")
        if not isinstance(alliance, str) or not alliance:
            return None
        alliance_key = self.alliance_keys.get(alliance)
        if alliance_key is None:
            self.add(
                "alliance_unknown",
                MODULE_INDEX,
                f"factions.{faction.id}.alliance",
                f"alliance {alliance!r} is not defined; the faction has none",
            )
        return alliance_key

"""What every step of the Battle Forge importer shares: its state (the game, the reporter, the
category keys), validation with a finding for what fails, key maps, and the content (rules,
weapons, templates, strategies, powers) of one layer, the module's or a faction's. The module's
steps (``importer.py``) and the factions' (``import_factions.py``) build on it. No Django
imports.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from pydantic import BaseModel, ValidationError

from ..schemas import (
    DatasheetSpec,
    FocusSpec,
    ForceOrganizationSpec,
    LegendSpec,
    ModelTemplateSpec,
    PowerSpec,
    PowerSpecialtySpec,
    RuleSpec,
    StrategySpec,
    WeaponSpec,
    slug_key,
)
from .import_base import KeyMap, Reporter, Scope
from .import_content import (
    placeholder_rule,
    placeholder_template,
    placeholder_weapon,
    power_spec,
    rule_spec,
    specialty_spec,
    strategy_spec,
    template_spec,
    weapon_spec,
)
from .import_module import default_slug
from .refs import as_entity_map
from .source import BFGame


class ImportSteps:
    """The importer's state and the steps the module and its factions both take."""

    def __init__(self, game: BFGame, slug: str | None) -> None:
        self.game = game
        self.slug = slug or default_slug(game)
        self.reporter = Reporter()
        self.categories: dict[str, dict[str, Any]] = {}
        self.category_keys: KeyMap = KeyMap(self.game.categories)
        self.module_valued: set[str] = set()
        self.model_names: set[str] = set()  # every faction's, for module-wide legends
        self.offered_keys: set[str] = set()
        self.alliance_keys = KeyMap(())

    @property
    def add(self) -> Callable[[str, str, str, str], None]:
        return self.reporter.add

    # ----- helpers ------------------------------------------------------------------------
    def validate(self, cls: type[BaseModel], data: dict[str, Any], file: str, path: str) -> Any:
        try:
            return cls.model_validate(data)
        except ValidationError as exc:
            errors = "; ".join(
                f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']}"
                for e in exc.errors(include_url=False)
            )
            self.add("entity_invalid", file, path, f"not imported: {errors}"[:500])
            return None

    def keymap(
        self, entities: Mapping[str, Any], parent: KeyMap | None, kind: str, file: str
    ) -> KeyMap:
        """Keys for one entity map; array-shaped maps (ids "0", "1" …) get name slugs."""
        preferred = {
            eid: slug_key(entity["name"])
            for eid, entity in entities.items()
            if eid.isdigit() and isinstance(entity, Mapping) and isinstance(entity.get("name"), str)
        }
        keys = KeyMap(entities, parent, preferred)
        for raw, key in keys.renamed():
            if raw in preferred:
                continue  # an array entry: its position was never an id
            self.add("key_renamed", file, f"{kind}.{raw}", f"id {raw!r} imported as {key!r}")
        return keys

    def category_key(self, raw: str, file: str, path: str) -> str:
        key = self.category_keys.get(raw)
        if key is None:
            self.category_keys = KeyMap([*self.category_keys.keys, raw])
            key = self.category_keys.keys[raw]
        if key not in self.categories:
            self.categories[key] = {"name": raw.replace("_", " ").title()[:120] or key}
            offered = "" if key in self.offered_keys else " (no organisation offers it)"
            self.add(
                "category_undefined",
                file,
                path,
                f"category {raw!r} is not defined by the module; added as {key!r}{offered}",
            )
        return key

    def offered(self, organizations: Mapping[str, Mapping[str, Any]]) -> set[str]:
        return {cat for org in organizations.values() for cat in org["slots"]}

    # ----- content shared by the module and its factions ----------------------------------
    def content(
        self,
        scope: Scope,
        maps: Mapping[str, Mapping[str, Any]],
        keys: Mapping[str, KeyMap],
        origin: Callable[[str, str], str],
    ) -> dict[str, dict[str, dict[str, Any]]]:
        """Rules, weapons, templates, strategies, power categories and powers of one layer,
        as dicts keyed by forgebuilder keys (legends come later: they need datasheets)."""
        out: dict[str, dict[str, dict[str, Any]]] = {}
        out["rules"] = {
            keys["rules"].keys[rid]: rule_spec(rid, rule) for rid, rule in maps["rules"].items()
        }
        out["weapons"] = {
            keys["weapons"].keys[wid]: weapon_spec(
                wid, weapon, scope, origin("weapons", wid), f"weapons.{wid}"
            )
            for wid, weapon in maps["weapons"].items()
        }
        out["model_templates"] = {
            keys["models"].keys[mid]: template_spec(
                mid, model, scope, origin("models", mid), f"models.{mid}"
            )
            for mid, model in maps["models"].items()
        }
        phases = as_entity_map(self.game.global_data.get("phases")) | as_entity_map(
            self.game.index.get("phases")
        )
        out["strategies"] = {
            keys["strategies"].keys[sid]: strategy_spec(
                sid, strategy, scope, origin("strategies", sid), f"strategies.{sid}", phases
            )
            for sid, strategy in maps["strategies"].items()
        }
        out["power_specialties"] = {
            keys["powerCategories"].keys[cid]: specialty_spec(
                cid, cat, scope, origin("powerCategories", cid), f"powerCategories.{cid}"
            )
            for cid, cat in maps["powerCategories"].items()
        }
        specialties = dict(keys["powerCategories"].all_items())
        out["powers"] = {
            keys["powers"].keys[pid]: power_spec(
                pid, power, scope, origin("powers", pid), f"powers.{pid}", specialties
            )
            for pid, power in maps["powers"].items()
        }
        return out

    def finish_content(
        self,
        scope: Scope,
        content: dict[str, dict[str, dict[str, Any]]],
        valued: set[str],
        origin: Callable[[str, str], str],
        rule_ids: Mapping[str, str],
    ) -> None:
        """Add placeholders and set takes_value on rules given an ``x``."""
        for key, raw in scope.placeholders.rules.items():
            content["rules"][key] = placeholder_rule(raw)
        for key, raw in scope.placeholders.weapons.items():
            content["weapons"][key] = placeholder_weapon(raw)
        for key, raw in scope.placeholders.models.items():
            content["model_templates"][key] = placeholder_template(raw)
        for key in sorted(valued):
            rule = content["rules"].get(key)
            if rule is None or rule.get("takes_value"):
                continue
            rule["takes_value"] = True
            if key not in scope.placeholders.rules:
                raw = rule_ids.get(key, key)
                self.add(
                    "rule_takes_value",
                    origin("rules", raw),
                    f"rules.{raw}",
                    f"rule {key!r} declares no inputs but is given a value; takes_value set",
                )

    def validated(
        self, content: Mapping[str, Mapping[str, dict[str, Any]]], file: str
    ) -> dict[str, dict[str, Any]]:
        classes: dict[str, type[BaseModel]] = {
            "rules": RuleSpec,
            "weapons": WeaponSpec,
            "model_templates": ModelTemplateSpec,
            "legends": LegendSpec,
            "strategies": StrategySpec,
            "power_specialties": PowerSpecialtySpec,
            "powers": PowerSpec,
            "force_organizations": ForceOrganizationSpec,
            "focuses": FocusSpec,
            "datasheets": DatasheetSpec,
        }
        out: dict[str, dict[str, Any]] = {}
        for attr, items in content.items():
            cls = classes[attr]
            checked = {}
            for key, data in items.items():
                spec = self.validate(cls, data, file, f"{attr}.{key}")
                if spec is not None:
                    checked[key] = spec
            out[attr] = checked
        return out

"""Turn a loaded Battle Forge module into a forgebuilder ``ModuleSpec`` (pure mapping).

``build_module_spec(game)`` maps alliances, categories, force organizations, factions and
their focuses, rules, weapons, model templates, legends, strategies, powers and datasheets,
priced by the points engine (see ``import_units``). It repairs what the published data gets
wrong (dangling ids, rule values on rules without inputs, array categories, replacing what a
model does not carry, ids that are not keys …) so that the spec passes
``factions.gamedata.references.check_module``, and reports each repair as a finding next to
the linter's. Hidden (``hidden_*``) content and unfinished factions are not imported.

No Django imports. docs/battleforge-import.md describes the mapping.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ValidationError

from ..schemas import (
    AllianceSpec,
    CategorySpec,
    DatasheetSpec,
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
from .import_factions import FactionImport
from .import_legends import legend_dicts
from .import_module import (
    alliance_dicts,
    default_slug,
    focus_aliases,
    focus_dict,
    module_head,
    module_parameters,
    note_not_imported,
    organization_dicts,
)
from .lint import Finding, lint_game
from .refs import as_entity_map
from .source import MODULE_INDEX, ROOT_FILE, BFGame

__all__ = ["ImportResult", "build_module_spec", "default_slug", "module_parameters"]


@dataclass(frozen=True)
class ImportResult:
    """The spec and what was found on the way: ``lint`` (``lint_game``) and ``repairs``
    (what the importer changed to make the data fit)."""

    spec: ModuleSpec
    lint: tuple[Finding, ...]
    repairs: tuple[Finding, ...]

    @property
    def findings(self) -> tuple[Finding, ...]:
        """Every finding: the linter's, then the importer's."""
        return self.lint + self.repairs

    def counts(self) -> Counter[str]:
        """Number of findings per code."""
        return Counter(f.code for f in self.findings)


LAYERED = ("rules", "weapons", "strategies", "powerCategories")


def _module_maps(game) -> tuple[dict[str, dict[str, Any]], dict[tuple[str, str], str]]:
    """The module-wide entities by kind, the root index's global ones under the module's, and
    the file each comes from."""
    maps: dict[str, dict[str, Any]] = {}
    module_origin: dict[tuple[str, str], str] = {}
    for kind in (*LAYERED, "models", "powers", "relics"):
        merged: dict[str, Any] = {}
        layers = [(ROOT_FILE, game.global_data.get(kind))] if kind in LAYERED else []
        layers.append((MODULE_INDEX, game.index.get(kind)))
        for file, value in layers:
            for eid, entity in as_entity_map(value).items():
                if isinstance(entity, Mapping):
                    merged[eid] = entity
                    module_origin[(kind, eid)] = file
        maps[kind] = merged
    return maps, module_origin


class _Importer(FactionImport):
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

    # ----- the whole module ---------------------------------------------------------------
    def run(self) -> ModuleSpec:
        game = self.game
        head = module_head(game, self.slug, self.reporter)
        alliances = self.alliances_and_categories()
        org_keys = self.keymap(game.organizations, None, "organizations", MODULE_INDEX)
        organizations = organization_dicts(game, org_keys, self.category_keys, self.reporter)
        offered = self.offered(organizations)
        self.offered_keys = offered

        maps, module_origin = _module_maps(game)
        module_focuses = {
            fid: f
            for fid, f in as_entity_map(game.index.get("subfactions")).items()
            if isinstance(f, Mapping)
        }
        mkeys = {kind: self.keymap(maps[kind], None, kind, MODULE_INDEX) for kind in maps}
        focus_keys = self.keymap(module_focuses, None, "subfactions", MODULE_INDEX)
        module_scope = Scope.of_layer(
            MODULE_INDEX, mkeys, focus_aliases(module_focuses, focus_keys), self.reporter
        )

        def module_file(kind: str, eid: str) -> str:
            return module_origin.get((kind, eid), MODULE_INDEX)

        module_content = self.content(module_scope, maps, mkeys, module_file)
        module_content["focuses"] = {
            focus_keys.keys[fid]: focus_dict(fid, f) for fid, f in module_focuses.items()
        }
        note_not_imported(game, self.reporter)

        factions = self.factions(module_scope, mkeys, focus_keys, offered)
        module_content["legends"] = legend_dicts(
            module_scope, maps["relics"], mkeys["relics"], module_file, {}, self.model_names
        )
        self.finish_content(
            module_scope,
            module_content,
            module_scope.valued | self.module_valued,
            module_file,
            {key: raw for raw, key in mkeys["rules"].keys.items()},
        )
        module_content["force_organizations"] = organizations
        checked = self.validated(module_content, MODULE_INDEX)
        categories = {key: CategorySpec.model_validate(cat) for key, cat in self.categories.items()}
        return ModuleSpec.model_validate(
            {
                **head,
                **checked,
                "alliances": alliances,
                "categories": categories,
                "factions": factions,
            }
        )

    def alliances_and_categories(self) -> dict[str, AllianceSpec]:
        """The module's alliances (their keys kept for the factions) and unit categories."""
        game = self.game
        self.alliance_keys = self.keymap(game.alliances, None, "alliances", MODULE_INDEX)
        self.categories = {
            self.category_keys.keys[cid]: {
                "name": str(cat.get("name") or cid)[:120] if isinstance(cat, Mapping) else cid
            }
            for cid, cat in game.categories.items()
        }
        return {
            key: AllianceSpec.model_validate(data)
            for key, data in alliance_dicts(game, self.alliance_keys).items()
        }


def build_module_spec(game: BFGame, *, slug: str | None = None) -> ImportResult:
    """Map a loaded Battle Forge module to a forgebuilder ``ModuleSpec``.

    ``slug`` defaults to :func:`default_slug`. The result's findings are the linter's
    (``lint_game``) and the importer's repairs, each naming the file and the path.
    """
    importer = _Importer(game, slug)
    spec = importer.run()
    return ImportResult(
        spec=spec,
        lint=tuple(lint_game(game)),
        repairs=tuple(importer.reporter.findings),
    )

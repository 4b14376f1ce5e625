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
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..schemas import (
    AllianceSpec,
    CategorySpec,
    ModuleSpec,
)
from .import_base import Scope
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
    """The importer: the steps of the module and of its factions (``ImportSteps``,
    ``FactionImport``), run over the whole module."""

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

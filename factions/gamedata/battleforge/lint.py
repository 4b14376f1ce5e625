"""A linter for Battle Forge game-module data (BATTLEFORGE-FORMAT.md §2.8).

``lint_game`` never raises: it returns :class:`Finding` objects, each with a severity
(``"warning"`` for data the builder silently mis-handles, ``"info"`` for content that is
skipped on purpose), a stable ``code`` (see :data:`CODES`), the file (relative to the module
folder, or ``root/index.json``) and a path inside it such as
``units.crypt_watch.models[0].options[2].AddRule``.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from .findings import CODES, WARNING, Finding
from .refs import as_entity_map, as_list, ref_id
from .schema import (
    ENTITY_KEYS,
    MODEL_REF_VERBS,
    OPTION_KEYS,
    OPTION_VERBS,
    RULE_REF_KEYS,
    RULE_REF_VERBS,
    WEAPON_REF_KEYS,
    WEAPON_REF_VERBS,
)
from .source import MODULE_INDEX, ROOT_FILE, BFGame

__all__ = ["CODES", "Finding", "lint_game"]


_MAP_KINDS: dict[str, str] = {
    "units": "unit",
    "models": "model",
    "weapons": "weapon",
    "rules": "rule",
    "relics": "relic",
    "powers": "power",
    "strategies": "strategy",
    "subfactions": "subfaction",
    "perks": "perk",
    "setbacks": "setback",
    "powerCategories": "powerCategory",
}


@dataclass(frozen=True)
class _Scope:
    """The file being linted and the entity maps its references resolve against."""

    file: str
    rules: Mapping[str, Any]
    weapons: Mapping[str, Any]
    models: Mapping[str, Any]


def _suggest(key: str, allowed: frozenset[str]) -> str:
    cleaned = key.strip().rstrip(":")
    exact = [a for a in allowed if a.lower() == cleaned.lower()]
    close = exact or difflib.get_close_matches(cleaned, sorted(allowed), n=1, cutoff=0.6)
    return f"; did you mean {close[0]!r}?" if close else ""


def _refs(value: object, path: str, *, nested: bool = False) -> Iterator[tuple[object, str]]:
    """The references of a list, or the one reference `value` is; nothing for an absent
    (null) value. An entry of a list that is null or a list names no reference (it is
    yielded whole, as the importer reads it), but in an option's alternatives (`nested`),
    where a list is a bundle of references taken together."""
    if isinstance(value, list):
        for index, item in enumerate(value):
            if item is None or (isinstance(item, list) and not nested):
                yield item, f"{path}[{index}]"
            else:
                yield from _refs(item, f"{path}[{index}]", nested=nested)
    elif value is not None:
        yield value, path


class _Linter:
    def __init__(self, game: BFGame) -> None:
        self.game = game
        self.findings: list[Finding] = []

    def add(self, code: str, file: str, path: str, message: str) -> None:
        self.findings.append(Finding(CODES[code][0], code, file, path, message))

    # ----- generic ------------------------------------------------------------------------
    def keys(self, kind: str, data: Mapping[str, Any], scope: _Scope, path: str) -> None:
        allowed = ENTITY_KEYS[kind]
        for key in data:
            if not isinstance(key, str) or key in allowed or key.startswith("hidden_"):
                continue
            if kind == "model" and key in OPTION_VERBS:
                self.add("verb_on_model", scope.file, f"{path}.{key}", f"{key!r} on a model")
                continue
            self.unknown_key("unknown_key", key, allowed, scope, path, kind)

    def unknown_key(
        self, code: str, key: object, allowed: frozenset[str], scope: _Scope, path: str, what: str
    ) -> None:
        """A key `what` does not have, with the allowed key it may be a typo of."""
        hint = _suggest(str(key), allowed)
        self.add(code, scope.file, f"{path}.{key}", f"unknown {what} key {key!r}{hint}")

    def ref(self, kind: str, ref: object, scope: _Scope, path: str) -> None:
        allowed = {"weapon": WEAPON_REF_KEYS, "rule": RULE_REF_KEYS}.get(kind, frozenset({"id"}))
        if isinstance(ref, Mapping):
            for key in ref:
                if key not in allowed:
                    self.unknown_key("unknown_key", key, allowed, scope, path, f"{kind} reference")
        rid = ref_id(ref)
        if rid is None or not rid.strip():
            self.add("ref_without_id", scope.file, path, f"{kind} reference without an id: {ref!r}")
            return
        table = {"weapon": scope.weapons, "rule": scope.rules, "model": scope.models}[kind]
        if not isinstance(table.get(rid), Mapping):
            # (the builder prices a model nobody defines as an empty model: 5 points plus
            # the unit's rules, §3.3)
            priced = "; priced as an empty model (5 points)" if kind == "model" else ""
            self.add(f"dangling_{kind}", scope.file, path, f"{kind} {rid!r} not found{priced}")

    def entity_map(self, name: str, value: object, scope: _Scope, path: str) -> None:
        kind = _MAP_KINDS[name]
        for entity_id, entity in as_entity_map(value).items():
            sub = f"{path}.{entity_id}" if path else f"{name}.{entity_id}"
            if not isinstance(entity, Mapping):
                self.add(
                    "entity_not_object", scope.file, sub, f"{kind} {entity_id!r} is not an object"
                )
                continue
            self.keys(kind, entity, scope, sub)
            handler = getattr(self, f"entity_{kind}", None)
            if handler is not None:
                handler(entity, scope, sub)

    # ----- entities -----------------------------------------------------------------------
    def entries(
        self, items: Any, kind: str, scope: _Scope, path: str
    ) -> Iterator[tuple[Mapping[str, Any], str]]:
        """Each object of the list at `path` with its path (`path[i]`), its keys checked as a
        `kind`'s; an entry that is not an object is a finding, and is passed over."""
        for index, item in enumerate(as_list(items)):
            sub = f"{path}[{index}]"
            if not isinstance(item, Mapping):
                self.add("entity_not_object", scope.file, sub, f"{kind} is not an object")
                continue
            self.keys(kind, item, scope, sub)
            yield item, sub

    def entity_unit(self, unit: Mapping[str, Any], scope: _Scope, path: str) -> None:
        self.category(unit.get("category"), scope, f"{path}.category")
        for ref, sub in _refs(unit.get("rules"), f"{path}.rules"):
            self.ref("rule", ref, scope, sub)
        for model, sub in self.entries(unit.get("models"), "model", scope, f"{path}.models"):
            self.entity_model(model, scope, sub)
        self.options(unit.get("options"), "unit", scope, path)

    def entity_model(self, model: Mapping[str, Any], scope: _Scope, path: str) -> None:
        for ref, sub in _refs(model.get("weapons"), f"{path}.weapons"):
            self.ref("weapon", ref, scope, sub)
        for ref, sub in _refs(model.get("rules"), f"{path}.rules"):
            self.ref("rule", ref, scope, sub)
        self.options(model.get("options"), "model", scope, path)

    def entity_weapon(self, weapon: Mapping[str, Any], scope: _Scope, path: str) -> None:
        for ref, sub in _refs(weapon.get("rules"), f"{path}.rules"):
            self.ref("rule", ref, scope, sub)
        profiles = self.entries(weapon.get("profiles"), "profile", scope, f"{path}.profiles")
        for profile, sub in profiles:
            for ref, rsub in _refs(profile.get("rules"), f"{sub}.rules"):
                self.ref("rule", ref, scope, rsub)

    def entity_relic(self, relic: Mapping[str, Any], scope: _Scope, path: str) -> None:
        if relic.get("rule") is not None:
            self.ref("rule", relic["rule"], scope, f"{path}.rule")
        if relic.get("weapon") is not None:
            self.ref("weapon", relic["weapon"], scope, f"{path}.weapon")

    def options(self, options: object, level: str, scope: _Scope, owner: str) -> None:
        for index, option in enumerate(as_list(options)):
            path = f"{owner}.options[{index}]"
            if not isinstance(option, Mapping):
                self.add(
                    "option_not_object",
                    scope.file,
                    path,
                    f"option is a {type(option).__name__}, not an object; ignored: "
                    + json.dumps(option, ensure_ascii=False)[:120],
                )
                continue
            for key in option:
                if key not in OPTION_KEYS:
                    self.unknown_key("unknown_option_key", key, OPTION_KEYS, scope, path, "option")
            ignored = "addModel" if level == "model" else "replaceModel"
            if ignored in option:
                self.add(
                    "verb_ignored",
                    scope.file,
                    f"{path}.{ignored}",
                    f"{ignored!r} is ignored on a {level}",
                )
            for verb, source in (("replaceWeapon", "withWeapon"), ("replaceRule", "withRule")):
                if verb in option and not as_list(option.get(source)):
                    self.add(
                        "option_without_alternatives",
                        scope.file,
                        f"{path}.{verb}",
                        f"{verb!r} without {source!r}",
                    )
            for verb in ("addWeapon", "addRule", "removeRule", "replaceModel", "addModel"):
                if verb in option and not as_list(option.get(verb)):
                    self.add(
                        "option_without_alternatives",
                        scope.file,
                        f"{path}.{verb}",
                        f"empty {verb!r}",
                    )
            for verbs, kind in (
                (WEAPON_REF_VERBS, "weapon"),
                (RULE_REF_VERBS, "rule"),
                (MODEL_REF_VERBS, "model"),
            ):
                for verb in verbs:
                    for ref, sub in _refs(option.get(verb), f"{path}.{verb}", nested=True):
                        self.ref(kind, ref, scope, sub)

    def category(self, category: object, scope: _Scope, path: str) -> None:
        if not isinstance(category, str):
            self.add(
                "category_not_string",
                scope.file,
                path,
                f"category {category!r} is not a string; the unit can never be added",
            )
            return
        if category not in self.game.categories:
            self.add(
                "unknown_category",
                scope.file,
                path,
                f"category {category!r} is not defined by the module",
            )
            return
        offered = any(
            isinstance(org, Mapping)
            and isinstance(org.get("categories"), Mapping)
            and category in org["categories"]
            for org in self.game.organizations.values()
        )
        if not offered:
            self.add(
                "category_not_offered",
                scope.file,
                path,
                f"no organisation offers category {category!r}; the unit can never be added",
            )

    # ----- files --------------------------------------------------------------------------
    def lint(self, include_root: bool) -> list[Finding]:
        game = self.game
        for problem in game.problems:
            self.add("file_unreadable", problem.file, "", problem.message)
        if include_root and game.root is not None:
            scope = _Scope(
                ROOT_FILE,
                game.global_data.get("rules") or {},
                game.global_data.get("weapons") or {},
                {},
            )
            for name in ("all", game.game_type):
                data = (game.root.get("globalData") or {}).get(name)
                if isinstance(data, Mapping):
                    for kind in ("rules", "weapons", "strategies", "perks", "setbacks"):
                        self.entity_map(kind, data.get(kind), scope, f"globalData.{name}.{kind}")
        self.lint_index()
        linted: set[str] = set()
        for faction in game.factions.values():
            if faction.file is None or faction.file in linted or faction.file not in game.files:
                continue
            linted.add(faction.file)
            scope = _Scope(faction.file, faction.rules, faction.weapons, faction.models)
            data = game.files[faction.file].data
            self.keys("faction_file", data, scope, "")
            for name in _MAP_KINDS:
                if name in data:
                    self.entity_map(name, data[name], scope, name)
        for item in game.hidden:
            self.add(
                "hidden_content",
                item.file,
                item.path,
                f"{item.path} ({item.size} entries) is commented out; skipped",
            )
        self.lint_folder()
        return self.findings

    def lint_index(self) -> None:
        game, index = self.game, self.game.index
        rules = {
            **as_entity_map(game.global_data.get("rules")),
            **as_entity_map(index.get("rules")),
        }
        weapons = {
            **as_entity_map(game.global_data.get("weapons")),
            **as_entity_map(index.get("weapons")),
        }
        scope = _Scope(MODULE_INDEX, rules, weapons, as_entity_map(index.get("models")))
        self.keys("module_index", index, scope, "")
        for fid, entry in as_entity_map(index.get("factions")).items():
            if isinstance(entry, Mapping):
                self.keys("index_faction", entry, scope, f"factions.{fid}")
                self.entity_map(
                    "subfactions", entry.get("subfactions"), scope, f"factions.{fid}.subfactions"
                )
        for fid, entry in game.unfinished_factions.items():
            url = entry.get("url") if isinstance(entry, Mapping) else None
            self.add(
                "unfinished_faction",
                MODULE_INDEX,
                f"unfinished_factions.{fid}",
                f"unfinished faction {fid!r} ({url}) is skipped",
            )
        for oid, org in game.organizations.items():
            slots = org.get("categories") if isinstance(org, Mapping) else None
            for cid in slots if isinstance(slots, Mapping) else {}:
                if cid not in game.categories:
                    self.add(
                        "organization_unknown_category",
                        MODULE_INDEX,
                        f"organizations.{oid}.categories.{cid}",
                        f"category {cid!r} is not defined by the module",
                    )
        for name in _MAP_KINDS:
            if name in index:
                self.entity_map(name, index[name], scope, name)

    def lint_folder(self) -> None:
        game = self.game
        listed = {f.file for f in game.factions.values() if f.file}
        unfinished = {
            str(e.get("url")) for e in game.unfinished_factions.values() if isinstance(e, Mapping)
        }
        try:
            files = sorted(p.name for p in game.module_dir.glob("*.json"))
        except OSError:
            return
        for name in files:
            if name == MODULE_INDEX or name in listed or name in unfinished:
                continue
            self.add(
                "orphan_file",
                name,
                "",
                f"{name} is not listed by index.json (factions or unfinished_factions)",
            )


def lint_game(game: BFGame, include_root: bool = True) -> list[Finding]:
    """Lint a loaded module (its index, listed faction files and folder, plus the root's
    global data unless ``include_root`` is False). Never raises."""
    try:
        return _Linter(game).lint(include_root)
    except Exception as exc:  # a linter must not break an import
        return [Finding(WARNING, "lint_crashed", MODULE_INDEX, "", f"linter error: {exc!r}")]

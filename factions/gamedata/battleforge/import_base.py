"""Shared machinery of the Battle Forge importer: finding codes, ids, scopes and references.

Battle Forge ids are mapped to forgebuilder keys (``KEY_PATTERN``) once per scope, so every
reference to an entity uses the same key as its definition. References to ids nobody defines
get a placeholder entity named from its id ("ensnare": "Ensnare") so that the module passes the
cross-reference checks while keeping Battle Forge's price for them (0). No Django imports.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..refs import KEY_PATTERN
from ..schemas import slug_key
from .findings import CODES as LINT_CODES
from .findings import INFO, WARNING, Finding
from .refs import numeric, readable_id, ref_id

__all__ = [
    "IMPORT_CODES",
    "KeyMap",
    "Placeholders",
    "Reporter",
    "Scope",
    "finding",
    "ref_value",
    "valid_key",
]

#: Every finding code the importer itself adds (the linter's are in ``lint.CODES``).
IMPORT_CODES: dict[str, tuple[str, str]] = {
    "key_renamed": (INFO, "an id that is not a valid forgebuilder key; imported under a slug"),
    "placeholder_rule": (
        WARNING,
        "an unknown rule id; imported as a placeholder rule named from its id, without text, "
        "costing 0",
    ),
    "placeholder_weapon": (
        WARNING,
        "an unknown weapon id; imported as a placeholder weapon named from its id, costing 0",
    ),
    "placeholder_model": (
        WARNING,
        "an unknown model id; imported as a placeholder model template named from its id, "
        "priced as the builder prices it: an empty model costing 5",
    ),
    "rule_takes_value": (
        INFO,
        "a rule given a value (x) though it declares no inputs; imported with takes_value",
    ),
    "category_array": (WARNING, "a unit category given as an array; its first entry is used"),
    "category_undefined": (
        WARNING,
        "a unit category the module does not define; added to the module's categories",
    ),
    "category_not_offered": LINT_CODES["category_not_offered"],
    "slot_without_max": (
        INFO,
        "an organisation slot without max; imported as no maximum (the builder hides such "
        "categories outside narrative lists)",
    ),
    "slot_dropped": (WARNING, "an organisation slot for an undefined category; not imported"),
    "stat_missing": (WARNING, "a model stat absent from the data; imported as '-' (null)"),
    "stat_invalid": (WARNING, "a stat that is not a whole number in range; imported as '-'"),
    "stat_dropped": (INFO, "a stat forgebuilder's Battle Forge ruleset has no place for"),
    "weapon_without_range": (
        WARNING,
        "a weapon with neither a usable range nor profiles; its range is read from a typo key "
        "('short:') when there is one, else it is imported as melee",
    ),
    "replaced_not_carried": (
        WARNING,
        "an option replacing what the model does not carry; imported as an add option at "
        "Battle Forge's price",
    ),
    "removed_not_held": (
        WARNING,
        "a removeRule alternative for a rule the unit does not have; not imported",
    ),
    "option_value_unsupported": (
        WARNING,
        "an option modifier (modelLimit, limit, count) forgebuilder cannot express; dropped",
    ),
    "price_not_computable": (
        WARNING,
        "an alternative the builder prices as NaN (no model to average over); imported at 0",
    ),
    "template_options_dropped": (
        WARNING,
        "options of a models-map model that forgebuilder cannot keep: those of a model brought "
        "by replaceModel, and an added model's own replaceModel (addModel models keep theirs)",
    ),
    "focus_unknown": (WARNING, "a focus (subfaction) id nobody defines; dropped from the filter"),
    "specialty_unknown": (WARNING, "an unknown power category; the power is open to any caster"),
    "alliance_unknown": (WARNING, "an alliance the module does not define; the faction has none"),
    "legend_target": (
        INFO,
        "a legend whose target could not be derived from its description; any unit may take it",
    ),
    "unit_without_models": (WARNING, "a unit with no model; not imported"),
    "points_invalid": (
        WARNING,
        "a price that is missing, not a number or negative where forgebuilder needs 0 or more "
        "(a legend with only the ignored 'cost' key, so free in the builder); imported as 0",
    ),
    "counts_invalid": (WARNING, "a model whose max is below its min; imported with max = min"),
    "entity_invalid": (
        WARNING,
        "an entity the schema rejects even after the repairs (an importer gap: please report); "
        "not imported",
    ),
    "not_imported": (INFO, "Battle Forge content forgebuilder's module format does not hold"),
    "license_missing": (WARNING, "the module folder has no LICENSE file"),
}

_KEY = re.compile(KEY_PATTERN)
_KEY_MAX = 80


def valid_key(raw: str) -> bool:
    """Whether ``raw`` may be used as a forgebuilder key unchanged."""
    return bool(_KEY.match(raw)) and len(raw) <= _KEY_MAX


def _slug(raw: str) -> str:
    return slug_key(raw)[:_KEY_MAX].rstrip("_") or "item"


def finding(code: str, file: str, path: str, message: str) -> Finding:
    """A finding of an importer or linter code."""
    severity = (IMPORT_CODES.get(code) or LINT_CODES[code])[0]
    return Finding(severity, code, file, path, message)


class Reporter:
    """Collects the importer's findings, once per (code, file, path)."""

    def __init__(self) -> None:
        self.findings: list[Finding] = []
        self._seen: set[tuple[str, str, str]] = set()

    def add(self, code: str, file: str, path: str, message: str) -> None:
        key = (code, file, path)
        if key not in self._seen:
            self._seen.add(key)
            self.findings.append(finding(code, file, path, message))


class KeyMap:
    """Battle Forge ids of one kind in one scope, mapped to unique forgebuilder keys.

    Valid ids keep their key; others get a slug of themselves (``mayor's_socii`` ->
    ``mayor_s_socii``), with ``_2``, ``_3`` … appended on a clash. ``parent`` keys are
    visible and may be overridden by the same raw id only.
    """

    def __init__(
        self,
        raw_ids: Iterable[str],
        parent: KeyMap | None = None,
        preferred: Mapping[str, str] | None = None,
    ) -> None:
        self.parent = parent
        self.keys: dict[str, str] = {}
        ids = list(dict.fromkeys(raw_ids))
        taken = {key for raw, key in (parent.all_items() if parent else []) if raw not in ids}
        preferred = preferred or {}
        for raw in ids:  # valid ids claim their own key first
            if raw not in preferred and valid_key(raw) and raw not in taken:
                self.keys[raw] = raw
                taken.add(raw)
        for raw in ids:
            if raw in self.keys:
                continue
            base = preferred.get(raw) or _slug(raw)
            key, n = base, 2
            while key in taken:
                key, n = f"{base[: _KEY_MAX - 4]}_{n}", n + 1
            self.keys[raw] = key
            taken.add(key)

    def all_items(self) -> list[tuple[str, str]]:
        """(raw id, key) of this scope and its parents (this scope wins)."""
        items = dict(self.parent.all_items()) if self.parent else {}
        items.update(self.keys)
        return list(items.items())

    def get(self, raw: str) -> str | None:
        """The key of a defined id, or None."""
        if raw in self.keys:
            return self.keys[raw]
        return self.parent.get(raw) if self.parent else None

    def renamed(self) -> list[tuple[str, str]]:
        """(raw id, key) of this scope's ids that changed."""
        return [(raw, key) for raw, key in self.keys.items() if raw != key]


@dataclass
class Placeholders:
    """Placeholder entities created in one scope: key -> raw id."""

    rules: dict[str, str] = field(default_factory=dict)
    weapons: dict[str, str] = field(default_factory=dict)
    models: dict[str, str] = field(default_factory=dict)


@dataclass
class Scope:
    """What a reference resolves against: the module's entities, or a faction's over them.

    ``file`` is the default file named by findings. ``placeholders`` collects the unknown ids
    met here (created in this scope); ``valued`` the rule keys used with an ``x``.
    """

    file: str
    rules: KeyMap
    weapons: KeyMap
    models: KeyMap
    focuses: Mapping[str, str]
    reporter: Reporter
    parent: Scope | None = None
    placeholders: Placeholders = field(default_factory=Placeholders)
    valued: set[str] = field(default_factory=set)

    @classmethod
    def of_layer(
        cls,
        file: str,
        keys: Mapping[str, KeyMap],
        focuses: Mapping[str, str],
        reporter: Reporter,
        parent: Scope | None = None,
    ) -> Scope:
        """The scope of one layer (the module, or a faction over it) from its keys by kind."""
        return cls(
            file, keys["rules"], keys["weapons"], keys["models"], focuses, reporter, parent=parent
        )

    # ----- references ---------------------------------------------------------------------
    def _resolve(self, kind: str, raw: str, file: str, path: str) -> str:
        keymap: KeyMap = getattr(self, kind)
        key = keymap.get(raw)
        if key is not None:
            return key
        created: dict[str, str] = getattr(self.placeholders, kind)
        for scope in self._chain():
            existing = getattr(scope.placeholders, kind)
            for pkey, praw in existing.items():
                if praw == raw:
                    return pkey
        taken = {k for _, k in keymap.all_items()} | set(created)
        key = raw if valid_key(raw) else _slug(raw)
        base, n = key, 2
        while key in taken:
            key, n = f"{base}_{n}", n + 1
        created[key] = raw
        code = {"rules": "placeholder_rule", "weapons": "placeholder_weapon"}.get(
            kind, "placeholder_model"
        )
        what = {"rules": "rule", "weapons": "weapon"}.get(kind, "model")
        near = _slug(raw)
        hint = f" (did the authors mean '{near}'?)" if near in taken and near != raw else ""
        self.reporter.add(
            code,
            file,
            path,
            f"{what} {raw!r} is not defined{hint}; imported as placeholder '{key}' "
            f"named '{readable_id(raw)}' "
            + (
                "priced as an empty model (5 points), as the builder prices it"
                if kind == "models"
                else "at 0 points"
            ),
        )
        return key

    def _chain(self) -> list[Scope]:
        chain: list[Scope] = []
        scope: Scope | None = self
        while scope is not None:
            chain.append(scope)
            scope = scope.parent
        return chain

    @staticmethod
    def _raw_id(ref: object) -> str | None:
        """The id of a reference, or None when it has none: an empty id names nothing (a
        placeholder for it would have no name). The linter names such an entry
        (``ref_without_id``); the importer skips it."""
        raw = ref_id(ref)
        return raw if raw is not None and raw.strip() else None

    def rule_ref(self, ref: object, file: str, path: str) -> Any:
        """A forgebuilder rule reference (a dict) for a Battle Forge rule ref, or None."""
        raw = self._raw_id(ref)
        if raw is None:
            return None
        key = self._resolve("rules", raw, file, path)
        out: dict[str, Any] = {"id": key}
        x = ref.get("x") if isinstance(ref, Mapping) else None
        if x is not None:
            out["x"] = ref_value(x)
            self.valued.add(key)
        return out

    def weapon_ref(self, ref: object, file: str, path: str) -> Any:
        """A forgebuilder weapon reference (count, mount and custom name kept), or None."""
        raw = self._raw_id(ref)
        if raw is None:
            return None
        out: dict[str, Any] = {"id": self._resolve("weapons", raw, file, path)}
        if isinstance(ref, Mapping):
            count = numeric(ref.get("count"))
            if count is not None and count >= 0:
                out["count"] = int(count)
            mount = ref.get("mount")
            if isinstance(mount, str) and mount:
                out["mount"] = [mount]
            elif isinstance(mount, list) and mount:
                out["mount"] = [str(item) for item in mount]
            if isinstance(ref.get("name"), str) and ref["name"]:
                out["name"] = ref["name"]
        return out

    def model_ref(self, ref: object, file: str, path: str) -> Any:
        """A reference to a model template (``addModel`` / ``replaceModel``), or None."""
        raw = self._raw_id(ref)
        if raw is None:
            return None
        return {"id": self._resolve("models", raw, file, path)}

    def focus_filter(self, value: object, file: str, path: str) -> list[str]:
        """A ``subfactions`` array as focus ids; unknown ids are dropped and reported."""
        if value is None:
            return []
        items = [item for item in (value if isinstance(value, list) else [value])]
        out: list[str] = []
        unknown: list[str] = []
        for item in items:
            if not isinstance(item, str):
                continue
            key = "none" if item == "none" else self.focuses.get(item)
            if key is None:
                unknown.append(item)
            elif key not in out:
                out.append(key)
        if unknown:
            names = ", ".join(repr(item) for item in unknown)
            names = f"focus {names} is" if len(unknown) == 1 else f"focuses {names} are"
            effect = (
                "dropped" if out else "dropped, which leaves no filter: available under every focus"
            )
            self.reporter.add("focus_unknown", file, path, f"{names} not defined; {effect}")
        return out


def ref_value(x: object) -> int | str:
    """A rule ref's ``x`` as forgebuilder keeps it: whole numbers as int, the rest as text."""
    number = numeric(x)
    if number is not None and number == int(number):
        return int(number)
    return str(x)

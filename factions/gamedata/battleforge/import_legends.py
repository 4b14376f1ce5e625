"""Battle Forge relics as forgebuilder legends (BATTLEFORGE-FORMAT.md §2.5, "Relic").

A relic's points are fixed. Its target is only written in prose ("Upgrade one Leader model
with Inspired."), so ``applies_to`` is derived from that sentence: "Leader" means models with
a leader rule, another name the datasheets and models of that name. What cannot be derived is
reported and left open (any unit).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Mapping
from typing import Any

from .import_base import KeyMap, Scope
from .import_content import whole

__all__ = ["LEADER_RULES", "legend_applies_to", "legend_dicts", "legend_target"]

#: Battle Forge's leader rules: ``leader`` (Leader(Infantry)) and ``leader_x`` (Leader(X)).
LEADER_RULES = ("leader", "leader_x")
_UPGRADE = re.compile(r"\bupgrade\s+one\s+(?P<target>.+?)\s+models?\b", re.IGNORECASE)


def legend_target(description: str) -> str | None:
    """X of "Upgrade one X model" (markdown emphasis removed), or None."""
    match = _UPGRADE.search(description)
    if match is None:
        return None
    return match.group("target").strip().strip("_*").strip() or None


def legend_applies_to(
    relic: Mapping[str, Any],
    scope: Scope,
    file: str,
    path: str,
    datasheets: Mapping[str, Mapping[str, Any]],
    model_names: Collection[str],
) -> dict[str, Any]:
    """``applies_to`` from the description: Leader -> ``{rules: [leader, leader_x]}``, else
    ``{datasheets: [the datasheets named X], models: [X]}`` as far as they exist.

    ``datasheets`` are the faction's (empty for module-wide legends); ``model_names`` the
    lower-case names of every model the legend could be given to.
    """
    description = relic.get("description")
    target = legend_target(description) if isinstance(description, str) else None
    if target is None:
        scope.reporter.add(
            "legend_target",
            file,
            f"{path}.description",
            "no 'Upgrade one X model' in the description; any unit may take it",
        )
        return {}
    wanted = target.lower()
    if wanted == "leader":
        rules = [key for raw in LEADER_RULES if (key := scope.rules.get(raw))]
        return {"rules": rules or ["leader"]}
    result: dict[str, Any] = {}
    sheets = [k for k, s in datasheets.items() if str(s.get("name", "")).lower() == wanted]
    if sheets:
        result["datasheets"] = sheets
    if wanted in model_names:
        result["models"] = [target]
    if not result:
        scope.reporter.add(
            "legend_target",
            file,
            f"{path}.description",
            f"no datasheet or model named {target!r}; any unit may take it",
        )
    return result


def legend_spec(
    lid: str,
    relic: Mapping[str, Any],
    scope: Scope,
    file: str,
    path: str,
    applies_to: dict[str, Any],
) -> dict[str, Any]:
    """A legend: fixed points, rule or weapon reference, focus filter, target."""
    points = whole(relic.get("points"))
    if points is None or points < 0:
        scope.reporter.add(
            "points_invalid",
            file,
            f"{path}.points",
            f"legend points {relic.get('points')!r} are not 0 or more; imported as 0",
        )
        points = 0
    description = relic.get("description")
    if not isinstance(description, str):
        description = ""
    flavor = relic.get("flavor")
    name = relic.get("name")
    out: dict[str, Any] = {
        "name": (name.strip() if isinstance(name, str) and name.strip() else lid)[:120],
        "points": points,
        "kind": "item" if re.match(r"\s*replace", description, re.IGNORECASE) else "upgrade",
        "description": description,
        "flavor": flavor if isinstance(flavor, str) else "",
        "applies_to": applies_to,
        "focuses": scope.focus_filter(relic.get("subfactions"), file, f"{path}.subfactions"),
    }
    if relic.get("rule") is not None:
        out["rule"] = scope.rule_ref(relic["rule"], file, f"{path}.rule")
    if relic.get("weapon") is not None:
        out["weapon"] = scope.weapon_ref(relic["weapon"], file, f"{path}.weapon")
    return {k: v for k, v in out.items() if v is not None}


def legend_dicts(
    scope: Scope,
    relics: Mapping[str, Any],
    keys: KeyMap,
    origin: Callable[[str, str], str],
    datasheets: Mapping[str, Mapping[str, Any]],
    model_names: Collection[str] | None = None,
) -> dict[str, dict[str, Any]]:
    """Every relic of one layer, keyed by forgebuilder keys. ``model_names`` defaults to the
    names of the models of ``datasheets``."""
    if model_names is None:
        model_names = {
            str(model.get("name", "")).lower()
            for sheet in datasheets.values()
            for model in sheet["models"]
        }
    out = {}
    for lid, relic in relics.items():
        file, path = origin("relics", lid), f"relics.{lid}"
        applies_to = legend_applies_to(relic, scope, file, path, datasheets, model_names)
        out[keys.keys[lid]] = legend_spec(lid, relic, scope, file, path, applies_to)
    return out

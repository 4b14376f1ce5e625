"""An independent reading of Battle Forge's points calculation (BATTLEFORGE-FORMAT.md §3),
written for the tests from the format document alone: it shares no code with the importer's
points engine (``factions/gamedata/battleforge/points.py``, ``options.py``), so the two check
each other.

``builder_bugs=True`` prices as the builder does, bugs included; ``False`` prices what the
builder means (the importer's documented choice, docs/battleforge-import.md "Three builder bugs
we do not copy"). Prices work on a faction's layered JSON maps (rules, weapons, models).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

NAN = float("nan")

CONSTANTS = {
    "baseStats": {
        "movement": 6, "shoot": 5, "fight": 5, "courage": 5, "reflexes": 5, "wounds": 1,
        "defense": 5,
    },
    "baseCost": 5, "woundsCost": 5, "courageCost": 2, "defenseCost": 2, "apCost": 1,
    "damageCost": 5, "movementCost": 1,
}  # fmt: skip


def listed(value: Any) -> list[Any]:
    if value is None:
        return []
    return value if isinstance(value, list) else [value]


def bundles(value: Any) -> list[list[Any]]:
    """A verb's alternatives; a nested list is one alternative taken together (flattened)."""

    def flat(items: list[Any]) -> list[Any]:
        out: list[Any] = []
        for item in items:
            out += flat(item) if isinstance(item, list) else ([] if item is None else [item])
        return out

    return [flat(a) if isinstance(a, list) else [a] for a in listed(value)]


def rid(ref: Any) -> str | None:
    if isinstance(ref, str):
        return ref
    if isinstance(ref, Mapping) and isinstance(ref.get("id"), str | int):
        return str(ref["id"])
    return None


def num(value: Any) -> float | None:
    """A number as JavaScript arithmetic reads a stat: numbers and digit strings."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return float(value)
    if isinstance(value, str):
        try:
            return float(value.strip())
        except ValueError:
            return None
    return None


def dash(value: Any) -> bool:
    return isinstance(value, str) and value.strip() == "-"


def trunc(value: float) -> int:
    return int(value) if math.isfinite(value) else 0


# ----- §3.2 formulas --------------------------------------------------------------------------
def lookup(path: str, variables: Mapping[str, Any]) -> float:
    node: Any = {**variables, "constants": CONSTANTS}
    for part in path.split("."):
        if not isinstance(node, Mapping) or part not in node:
            return 0.0
        node = node[part]
    if isinstance(node, bool) or not isinstance(node, int | float):
        return 0.0
    return float(node)


def divide(a: float, b: float) -> float:
    if b == 0:
        return NAN if a == 0 or math.isnan(a) else math.copysign(math.inf, a)
    return a / b


def formula(expr: Any, variables: Mapping[str, Any]) -> float:
    if isinstance(expr, list):
        total = 0.0
        for element in expr:
            if isinstance(element, Mapping):
                if "add" in element:
                    total += formula(element["add"], variables)
                elif "multiply" in element:
                    total *= formula(element["multiply"], variables)
                elif "subtract" in element:
                    total -= formula(element["subtract"], variables)
                elif "divide" in element:
                    total = divide(total, formula(element["divide"], variables))
                elif "max" in element:
                    total = max(total, formula(element["max"], variables))
                elif "min" in element:
                    total = min(total, formula(element["min"], variables))
                # anything else (e.g. 2024's "pow") adds 0
            else:
                total += formula(element, variables)
        return total
    if isinstance(expr, bool):
        return 0.0
    if isinstance(expr, int | float):
        return float(expr)
    if isinstance(expr, str):
        return lookup(expr, variables)
    return 0.0


# ----- §3.3 to §3.6 models ----------------------------------------------------------------------
def base_cost(model: Mapping[str, Any]) -> float:
    d = {k: dash(model.get(k)) for k in ("shoot", "fight", "courage", "defense", "reflexes")}
    if d["shoot"] and d["fight"] and d["courage"]:
        if d["defense"]:
            return 0.0
        return 2 * ((num(model.get("defense")) or 5) - 5)
    if d["defense"] and d["courage"] and d["reflexes"]:
        return 0.0
    total = 5.0
    if not dash(model.get("movement")):
        move = num(model.get("movement"))
        total += (6 if move is None else move) - 6
    for key, weight in (("defense", 2), ("courage", 2), ("reflexes", 1)):
        if not d[key]:
            total += weight * ((num(model.get(key)) or 5) - 5)
    return total


def rules_map(refs: list[Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for ref in refs:
        key = rid(ref)
        if key is not None:
            bare = isinstance(ref, str) or (isinstance(ref, Mapping) and set(ref) <= {"id"})
            out[key] = 1 if bare else ref
    return out


@dataclass
class Faction:
    """A faction's layered maps and the module's game type."""

    rules: Mapping[str, Any]
    weapons: Mapping[str, Any]
    models: Mapping[str, Any]
    game_type: str
    entry: Mapping[str, Any]

    def with_unit_rules(self, model: Mapping[str, Any], unit_rules: list[Any]) -> dict[str, Any]:
        return {**model, "rules": [*listed(model.get("rules")), *unit_rules]}

    def rule(self, model: Mapping[str, Any], ref: Any) -> float:
        """§3.5 on `model` (its `rules` already hold the unit's)."""
        rule = self.rules.get(rid(ref) or "")
        if not isinstance(rule, Mapping):
            return 0.0
        model_var = {**model, "rules": rules_map(listed(model.get("rules")))}
        value = formula(
            rule.get("points"), {"rule": ref, "model": model_var, "faction": self.entry}
        )
        return value if math.isfinite(value) else 0.0

    def weapon(self, model: Mapping[str, Any], ref: Any) -> float:
        """§3.4 on `model`."""
        weapon = self.weapons.get(rid(ref) or "")
        if not isinstance(weapon, Mapping):
            return 0.0
        model_var = {**model, "rules": rules_map(listed(model.get("rules")))}
        costs = []
        for profile in [
            weapon,
            *[p for p in listed(weapon.get("profiles")) if isinstance(p, Mapping)],
        ]:
            short = profile.get("short")
            melee = isinstance(short, str) and short.strip().lower() == "melee"
            stat = model.get("fight" if melee else "shoot")
            skill = NAN if dash(stat) or num(stat) is None else num(stat) - 5
            if melee:
                range_cost = (num(model.get("movement")) or 6) / 6
            else:
                range_cost = NAN if num(short) is None else num(short) / 6
            long_range = melee or profile.get("medium") is not None
            c = skill + (range_cost if long_range else range_cost / 2)
            c += num(profile.get("ap")) or 0
            if "attacks" in profile:
                attacks = num(profile.get("attacks"))
                c *= NAN if attacks is None else attacks
            for rule_ref in listed(profile.get("rules")):
                rule = self.rules.get(rid(rule_ref) or "")
                if not isinstance(rule, Mapping):
                    continue
                weapon_var = {
                    **profile, "ap": profile.get("ap", 0), "damage": profile.get("damage", 1),
                    "range": short, "rangeCost": range_cost, "points": c,
                }  # fmt: skip
                c += formula(
                    rule.get("points"),
                    {"rule": rule_ref, "model": model_var, "weapon": weapon_var,
                     "faction": self.entry},
                )  # fmt: skip
            if any(rid(r) == "grenade" for r in listed(profile.get("rules"))):
                c = 0.0
            if math.isfinite(c):
                costs.append(c)
        costs.sort(reverse=True)
        base = costs[0] + 0.5 * sum(costs[1:]) if costs else 0.0
        count, mount = 1.0, None
        if isinstance(ref, Mapping):
            count = 1.0 if num(ref.get("count")) is None else num(ref.get("count"))
            mount = ref.get("mount")
        factor = 1.0
        if isinstance(mount, str) or (isinstance(mount, list) and len(mount) == 1):
            factor = 0.8
        elif isinstance(mount, list) and len(mount) == 2:
            factor = 0.9
        return base * count * factor

    def total(self, model: Mapping[str, Any], unit_rules: list[Any]) -> int:
        """T(m) with the unit's rules appended (§3.6)."""
        m = self.with_unit_rules(model, unit_rules)
        weapons = sum(self.weapon(m, ref) for ref in listed(model.get("weapons")))
        rules = sum(self.rule(m, ref) for ref in listed(m.get("rules")))
        return trunc(base_cost(model) + weapons + rules)

    def template(self, model_id: Any) -> Mapping[str, Any]:
        """A models-map model; one nobody defines is an empty model (defect 9)."""
        found = self.models.get(model_id) if isinstance(model_id, str) else None
        return found if isinstance(found, Mapping) else {}

    def unit_base(self, unit: Mapping[str, Any]) -> int:
        unit_rules = listed(unit.get("rules"))
        total = 0
        for model in listed(unit.get("models")):
            if isinstance(model, Mapping):
                low = num(model.get("min"))
                total += trunc(self.total(model, unit_rules) * (1 if low is None else low))
        if self.game_type == "skirmish":
            return total
        return math.floor(total / 5) * 5 + (5 if total % 5 >= 2.5 else 0)

    # ----- §3.7 option items ----------------------------------------------------------------
    def model_item(
        self, verb: str, model: Mapping[str, Any], old: list[Any], new: list[Any],
        unit_rules: list[Any], builder_bugs: bool,
    ) -> int:  # fmt: skip
        m = self.with_unit_rules(model, unit_rules)
        if verb == "replaceWeapon":
            return trunc(sum(self.weapon(m, r) for r in new) - sum(self.weapon(m, r) for r in old))
        if verb == "replaceRule":
            if builder_bugs and len(new) > 1:
                return 0
            return trunc(sum(self.rule(m, r) for r in new) - sum(self.rule(m, r) for r in old))
        if verb == "addWeapon":
            return trunc(sum(self.weapon(m, r) for r in new))
        if verb == "addRule":
            return trunc(sum(self.rule(m, r) for r in new))
        if verb == "removeRule":
            return -trunc(sum(self.rule(m, r) for r in new))
        assert verb == "replaceModel"
        old_total = self.total(m if builder_bugs else model, unit_rules)
        return trunc(sum(self.total(self.template(r), unit_rules) for r in new) - old_total)

    def reachable(self, unit: Mapping[str, Any]) -> list[Mapping[str, Any]]:
        found = [m for m in listed(unit.get("models")) if isinstance(m, Mapping)]
        seen: set[str] = set()

        def visit(ids: list[Any]) -> None:
            for mid in ids:
                if isinstance(mid, str) and mid not in seen:
                    seen.add(mid)
                    if isinstance(self.models.get(mid), Mapping):
                        found.append(self.models[mid])

        for option in listed(unit.get("options")):
            if isinstance(option, Mapping):
                visit([r for alt in bundles(option.get("addModel")) for r in alt])
        i = 0
        while i < len(found):
            for option in listed(found[i].get("options")):
                if isinstance(option, Mapping):
                    visit([r for alt in bundles(option.get("replaceModel")) for r in alt])
            i += 1
        return found

    def unit_item(
        self, verb: str, unit: Mapping[str, Any], old: list[Any], new: list[Any]
    ) -> float:
        """A unit-level item: an average over the unit's models (NaN over none)."""
        unit_rules = listed(unit.get("rules"))
        if verb == "addModel":
            return float(sum(self.total(self.template(r), unit_rules) for r in new))
        models = [self.with_unit_rules(m, unit_rules) for m in self.reachable(unit)]
        if verb in ("replaceWeapon", "addWeapon"):
            pool = [m for m in models if not dash(m.get("shoot")) and not dash(m.get("fight"))]
            cost = self.weapon
        else:
            pool, cost = models, self.rule

        def mean(ref: Any) -> float:
            return sum(cost(m, ref) for m in pool) / len(pool) if pool else NAN

        def t(x: float) -> float:
            return float(math.trunc(x)) if math.isfinite(x) else NAN

        if verb == "replaceWeapon":
            return t(sum(mean(r) for r in new) - sum(mean(r) for r in old))
        if verb == "addWeapon":
            return sum(t(mean(r)) for r in new)
        if verb == "addRule":
            return t(sum(t(mean(r)) for r in new))
        if verb == "removeRule":
            return -t(sum(t(mean(r)) for r in new))
        return t(sum(t(mean(r)) for r in new) - sum(t(mean(r)) for r in old))

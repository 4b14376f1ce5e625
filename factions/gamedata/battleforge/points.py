"""Battle Forge's points engine for models and units (BATTLEFORGE-FORMAT.md §3.3 to §3.6).

Everything works on the raw JSON of a loaded faction (:class:`~.source.BFFaction`): unknown
rules and weapons cost 0 and never raise (§2.1 item 5). Option prices live in ``options.py``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .formula import evaluate
from .refs import as_list, is_dash, numeric, ref_id
from .source import BFFaction, BFGame

__all__ = [
    "ModelPrice",
    "PricingContext",
    "ProfileCost",
    "RuleCost",
    "WeaponCost",
    "model_base_cost",
    "model_variables",
    "mount_factor",
    "round_unit_points",
    "trunc",
]

_STAT_DEFAULT = 5.0
_MOVEMENT_DEFAULT = 6.0


def trunc(value: float) -> int:
    """Truncate toward 0; non-finite values (NaN, ±inf) become 0."""
    return int(value) if math.isfinite(value) else 0


def round_unit_points(value: float, game_type: str) -> float:
    """Round a unit base to the nearest 5, halves up (x mod 5 ≥ 2.5), unless skirmish (§3.6)."""
    if game_type == "skirmish" or not math.isfinite(value):
        return value
    remainder = value % 5
    return math.floor(value / 5) * 5 + (5 if remainder >= 2.5 else 0)


def model_base_cost(model: Mapping[str, Any]) -> float:
    """B(m), the model's base cost from its stats (§3.3).

    Special cases: shoot, fight and courage all ``"-"`` gives 2·(defense - 5) when defense is
    not ``"-"`` (terrain), else 0; defense, courage and reflexes all ``"-"`` gives 0. Otherwise
    5 + (mov - 6) + 2·(def - 5) + 2·(cou - 5) + (ref - 5), dropping ``"-"`` terms, with a
    missing or 0 def/cou/ref read as 5 and a missing movement as 6.
    """
    dash = {key: is_dash(model.get(key)) for key in ("shoot", "fight", "courage", "defense")}
    dash["reflexes"] = is_dash(model.get("reflexes"))
    dash["movement"] = is_dash(model.get("movement"))
    if dash["shoot"] and dash["fight"] and dash["courage"]:
        if dash["defense"]:
            return 0.0
        defense = numeric(model.get("defense"))
        return 2 * ((defense if defense else _STAT_DEFAULT) - 5)
    if dash["defense"] and dash["courage"] and dash["reflexes"]:
        return 0.0

    def stat(key: str) -> float:
        value = numeric(model.get(key))
        return value if value else _STAT_DEFAULT

    base = 5.0
    if not dash["movement"]:
        movement = numeric(model.get("movement"))
        base += (movement if movement is not None else _MOVEMENT_DEFAULT) - 6
    if not dash["defense"]:
        base += 2 * (stat("defense") - 5)
    if not dash["courage"]:
        base += 2 * (stat("courage") - 5)
    if not dash["reflexes"]:
        base += stat("reflexes") - 5
    return base


def mount_factor(mount: object) -> float:
    """0.8 for a string or a 1-element list, 0.9 for 2 elements, 1 otherwise (§3.4)."""
    if isinstance(mount, str):
        return 0.8
    if isinstance(mount, list):
        return {1: 0.8, 2: 0.9}.get(len(mount), 1.0)
    return 1.0


def _rules_map(rule_refs: Sequence[Any]) -> dict[str, Any]:
    mapped: dict[str, Any] = {}
    for ref in rule_refs:
        rid = ref_id(ref)
        if rid is None:
            continue
        is_bare = isinstance(ref, str) or (isinstance(ref, Mapping) and set(ref) <= {"id"})
        mapped[rid] = 1 if is_bare else ref
    return mapped


def model_variables(model: Mapping[str, Any], rule_refs: Sequence[Any]) -> dict[str, Any]:
    """The ``model`` formula variable: the model with ``rules`` turned into a map (§3.2)."""
    return {**model, "rules": _rules_map(rule_refs)}


@dataclass(frozen=True)
class ProfileCost:
    """One firing mode of a weapon; ``cost`` None means discarded (not a finite number)."""

    name: str
    cost: float | None


@dataclass(frozen=True)
class WeaponCost:
    """The cost of one weapon reference on one model (before any truncation)."""

    ref: Any
    weapon_id: str | None
    label: str
    found: bool
    profiles: tuple[ProfileCost, ...]
    base: float
    count: float
    mount_factor: float
    cost: float


@dataclass(frozen=True)
class RuleCost:
    """The cost of one rule reference on one model; ``from_unit`` marks unit rules."""

    ref: Any
    rule_id: str | None
    label: str
    found: bool
    cost: float
    from_unit: bool = False


@dataclass(frozen=True)
class ModelPrice:
    """A model's breakdown: B, weapons, rules (its own then the unit's) and T = trunc(sum)."""

    index: int | None
    model_id: str | None
    name: str
    base: float
    weapons: tuple[WeaponCost, ...]
    rules: tuple[RuleCost, ...]
    weapons_cost: float
    rules_cost: float
    total: int
    min: int
    max: int | None
    line_points: int


class PricingContext:
    """A faction's entity maps and game type, with the pricing primitives of §3.4 to §3.6."""

    def __init__(self, faction: BFFaction, game_type: str = "battle") -> None:
        self.faction = faction
        self.game_type = game_type
        self.rules: dict[str, Any] = faction.rules
        self.weapons: dict[str, Any] = faction.weapons
        self.models: dict[str, Any] = faction.models

    @classmethod
    def for_game(cls, game: BFGame, faction_id: str) -> PricingContext:
        """The context of a listed faction of a loaded game."""
        return cls(game.faction(faction_id), game.game_type)

    # ----- labels -------------------------------------------------------------------------
    def weapon_label(self, ref: object) -> str:
        """ "Name", "Custom (Name)", with "Nx " for copies and " [Front, Side]" for mounts."""
        wid = ref_id(ref)
        weapon = self.weapons.get(wid) if wid is not None else None
        name = weapon.get("name") if isinstance(weapon, Mapping) else None
        label = str(name) if isinstance(name, str) else f"{wid} not found"
        if isinstance(ref, Mapping):
            if isinstance(ref.get("name"), str):
                label = f"{ref['name']} ({label})"
            count = numeric(ref.get("count"))
            if count is not None and count != 1:
                label = f"{count:g}x {label}"
            mount = ref.get("mount")
            if mount:
                label += " [" + ", ".join(str(m) for m in as_list(mount)) + "]"
        return label

    def rule_label(self, ref: object) -> str:
        """A ref's own ``name``, else "Name(x)" or "Name", or "<id> not found"."""
        if isinstance(ref, Mapping) and isinstance(ref.get("name"), str):
            return str(ref["name"])
        rid = ref_id(ref)
        rule = self.rules.get(rid) if rid is not None else None
        if not isinstance(rule, Mapping):
            return f"{rid} not found"
        name = str(rule.get("name", rid))
        x = ref.get("x") if isinstance(ref, Mapping) else None
        return f"{name}({x})" if x is not None else name

    def model_label(self, model_id: object) -> str:
        """The name of a model of the ``models`` map, or "<id> not found"."""
        model = self.models.get(model_id) if isinstance(model_id, str) else None
        if isinstance(model, Mapping):
            return str(model.get("name", model_id))
        return f"{model_id} not found"

    # ----- rules --------------------------------------------------------------------------
    def rule_cost(
        self,
        model: Mapping[str, Any],
        ref: object,
        all_rule_refs: Sequence[Any] | None = None,
        from_unit: bool = False,
    ) -> RuleCost:
        """Rule cost on a model (§3.5): eval(points) with ``rule`` = the ref and ``model``.

        ``all_rule_refs`` are the refs that make up ``model.rules`` (default: the model's own).
        """
        rid = ref_id(ref)
        rule = self.rules.get(rid) if rid is not None else None
        found = isinstance(rule, Mapping)
        cost = 0.0
        if isinstance(rule, Mapping):
            refs = all_rule_refs if all_rule_refs is not None else as_list(model.get("rules"))
            variables = {
                "rule": ref,
                "model": model_variables(model, refs),
                "faction": self.faction.entry,
            }
            cost = evaluate(rule.get("points"), variables)
            if not math.isfinite(cost):
                cost = 0.0
        return RuleCost(ref, rid, self.rule_label(ref), found, cost, from_unit)

    # ----- weapons ------------------------------------------------------------------------
    def _profile_cost(
        self, model: Mapping[str, Any], model_vars: dict[str, Any], profile: Mapping[str, Any]
    ) -> float:
        short = profile.get("short")
        melee = isinstance(short, str) and short.strip().lower() == "melee"
        skill_stat = model.get("fight" if melee else "shoot")
        skill_value = None if is_dash(skill_stat) else numeric(skill_stat)
        skill = skill_value - 5 if skill_value is not None else math.nan
        if melee:
            movement = numeric(model.get("movement"))
            range_cost = (movement if movement else 6.0) / 6
        else:
            short_value = numeric(short)
            range_cost = short_value / 6 if short_value is not None else math.nan
        has_medium = "medium" in profile and profile.get("medium") is not None
        cost = skill + range_cost if (has_medium or melee) else skill + range_cost / 2
        ap = numeric(profile.get("ap"))
        cost += ap if ap is not None else 0.0
        if "attacks" in profile:
            attacks = numeric(profile.get("attacks"))
            cost *= attacks if attacks is not None else math.nan
        rule_refs = as_list(profile.get("rules"))
        for ref in rule_refs:
            rid = ref_id(ref)
            rule = self.rules.get(rid) if rid is not None else None
            if not isinstance(rule, Mapping):
                continue
            weapon_vars = {
                **profile,
                "ap": profile.get("ap", 0),
                "damage": profile.get("damage", 1),
                "range": short,
                "rangeCost": range_cost,
                "points": cost,
            }
            variables = {
                "rule": ref,
                "model": model_vars,
                "weapon": weapon_vars,
                "faction": self.faction.entry,
            }
            cost += evaluate(rule.get("points"), variables)
        if any(ref_id(ref) == "grenade" for ref in rule_refs):
            cost = 0.0
        return cost

    def weapon_cost(
        self,
        model: Mapping[str, Any],
        ref: object,
        all_rule_refs: Sequence[Any] | None = None,
    ) -> WeaponCost:
        """Cost of one weapon reference for a model (§3.4), unrounded.

        Largest finite profile + half the others, * ``count`` * mount factor.
        """
        wid = ref_id(ref)
        weapon = self.weapons.get(wid) if wid is not None else None
        found = isinstance(weapon, Mapping)
        profiles: list[ProfileCost] = []
        if isinstance(weapon, Mapping):
            refs = all_rule_refs if all_rule_refs is not None else as_list(model.get("rules"))
            model_vars = model_variables(model, refs)
            candidates = [weapon] + [
                p for p in as_list(weapon.get("profiles")) if isinstance(p, Mapping)
            ]
            for profile in candidates:
                cost = self._profile_cost(model, model_vars, profile)
                name = profile.get("name")
                profiles.append(
                    ProfileCost(
                        str(name) if name is not None else "", cost if math.isfinite(cost) else None
                    )
                )
        costs = sorted((p.cost for p in profiles if p.cost is not None), reverse=True)
        base = costs[0] + 0.5 * sum(costs[1:]) if costs else 0.0
        count = numeric(ref.get("count")) if isinstance(ref, Mapping) else None
        count = 1.0 if count is None else count
        factor = mount_factor(ref.get("mount")) if isinstance(ref, Mapping) else 1.0
        return WeaponCost(
            ref=ref,
            weapon_id=wid,
            label=self.weapon_label(ref),
            found=found,
            profiles=tuple(profiles),
            base=base,
            count=count,
            mount_factor=factor,
            cost=base * count * factor,
        )

    # ----- models -------------------------------------------------------------------------
    def price_model(
        self,
        model: Mapping[str, Any],
        unit_rules: Sequence[Any] = (),
        index: int | None = None,
        model_id: str | None = None,
    ) -> ModelPrice:
        """T(m) = trunc(B + Σ weapons + Σ rules) with the unit's rules appended (§3.6)."""
        own_rules = as_list(model.get("rules"))
        all_rules = [*own_rules, *unit_rules]
        weapons = tuple(
            self.weapon_cost(model, ref, all_rules) for ref in as_list(model.get("weapons"))
        )
        rules = tuple(
            self.rule_cost(model, ref, all_rules, from_unit=position >= len(own_rules))
            for position, ref in enumerate(all_rules)
        )
        base = model_base_cost(model)
        weapons_cost = sum(w.cost for w in weapons)
        rules_cost = sum(r.cost for r in rules)
        total = trunc(base + weapons_cost + rules_cost)
        minimum = numeric(model.get("min"))
        count = int(minimum) if minimum is not None else 1
        maximum = numeric(model.get("max"))
        name = model.get("name")
        return ModelPrice(
            index=index,
            model_id=model_id,
            name=str(name) if name is not None else (model_id or ""),
            base=base,
            weapons=weapons,
            rules=rules,
            weapons_cost=weapons_cost,
            rules_cost=rules_cost,
            total=total,
            min=count,
            max=int(maximum) if maximum is not None else None,
            line_points=trunc(total * count),
        )

    def model_total(self, model: Mapping[str, Any], unit_rules: Sequence[Any] = ()) -> int:
        """T(m) only."""
        return self.price_model(model, unit_rules).total

"""Option groups and the price of every alternative (BATTLEFORGE-FORMAT.md §2.5 and §3.7).

Groups come out in the builder's order: extra-model groups, unit ``addModel`` groups, then per
model (the unit's models in order, then models reachable through ``replaceModel`` and
``addModel``) each option's verbs in the order replaceModel, replaceWeapon, replaceRule,
addWeapon, addRule, removeRule, then each unit-level option's verbs in the order
replaceWeapon, replaceRule, addWeapon, addRule, removeRule. Items of a group are sorted by
points (stable, ascending).

Two builder bugs are not reproduced unless ``builder_quirks=True``:

* (a) a ``withRule`` alternative that is a bundle of several rules: the builder looks the whole
  bundle up as one id and prices it 0; intended is trunc(Σ new - Σ old) over the bundle;
* (b) ``replaceModel``: the builder subtracts T(old model + unit rules + unit rules again);
  intended subtracts T(old model + unit rules) once.

The third, ``modelLimit: "all"`` charging every model of a mixed unit, is roster arithmetic
(§3.9): see :attr:`OptionGroup.all_or_nothing` and ``limits.charge_multiplier``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from .points import PricingContext, trunc
from .refs import Ref, alternatives, as_list, is_dash, numeric

__all__ = [
    "MODEL_VERBS",
    "UNIT_VERBS",
    "ModelEntry",
    "OptionAlternative",
    "OptionGroup",
    "build_option_groups",
    "reachable_models",
]

#: Model-level verbs in group order; ``replaceWeapon`` / ``replaceRule`` pair with ``with*``.
MODEL_VERBS: tuple[str, ...] = (
    "replaceModel",
    "replaceWeapon",
    "replaceRule",
    "addWeapon",
    "addRule",
    "removeRule",
)
#: Unit-level verbs (after ``addModel``) in group order.
UNIT_VERBS: tuple[str, ...] = ("replaceWeapon", "replaceRule", "addWeapon", "addRule", "removeRule")
_WITH = {"replaceWeapon": "withWeapon", "replaceRule": "withRule"}


@dataclass(frozen=True)
class OptionAlternative:
    """One purchasable item of a group. ``computable`` is False where the builder gets NaN
    (a unit-level average over no models); ``points`` is then 0."""

    label: str
    refs: tuple[Ref, ...]
    points: int
    computable: bool = True


@dataclass(frozen=True)
class OptionGroup:
    """One verb of one option, with its priced alternatives.

    ``verb`` is ``"extraModels"``, ``"addModel"`` or an option verb. ``level`` is ``"unit"``
    or ``"model"``; model-level groups name the model by ``model_index`` (its position in the
    unit's ``models``) or, for models from the ``models`` map, ``model_id``. ``path`` locates
    the option in its file (``units.x.models[0].options[2]``). ``model_limit``, ``limit``,
    ``count`` and ``subfactions`` are the raw modifiers. ``extra_models`` is max - min for
    extra-model groups.
    """

    verb: str
    level: str
    model_index: int | None
    model_id: str | None
    model_name: str | None
    option_index: int | None
    path: str
    replaced: tuple[Ref, ...]
    alternatives: tuple[OptionAlternative, ...]
    model_limit: Any = None
    limit: Any = None
    count: Any = None
    subfactions: tuple[str, ...] | None = None
    extra_models: int | None = None

    @property
    def all_or_nothing(self) -> bool:
        """``modelLimit: "all"``: bought for every model at once; in a roster an item costs
        points * the number of models of the targeted type (model-level groups) or * the
        unit's total models (unit-level groups). The builder multiplies by the unit's total
        models in both cases (overcharging mixed units)."""
        return self.model_limit == "all"


@dataclass(frozen=True)
class ModelEntry:
    """A model the unit can contain: one of its ``models`` (``index``) or one from the
    faction ``models`` map reachable by ``replaceModel``/``addModel`` (``model_id``)."""

    model: Mapping[str, Any]
    index: int | None
    model_id: str | None
    path: str

    @property
    def name(self) -> str:
        """The model's name (or its id)."""
        name = self.model.get("name")
        return str(name) if name is not None else (self.model_id or "")


def _option_dicts(options: object) -> list[tuple[int, Mapping[str, Any]]]:
    return [(i, o) for i, o in enumerate(as_list(options)) if isinstance(o, Mapping)]


def reachable_models(
    ctx: PricingContext, unit: Mapping[str, Any], unit_path: str
) -> list[ModelEntry]:
    """The unit's models, then every ``models``-map model reachable through ``addModel``
    (unit options) and ``replaceModel`` (model options), in discovery order."""
    entries = [
        ModelEntry(m, i, None, f"{unit_path}.models[{i}]")
        for i, m in enumerate(as_list(unit.get("models")))
        if isinstance(m, Mapping)
    ]
    seen: set[str] = set()

    def visit(ids: list[Any]) -> None:
        for mid in ids:
            if not isinstance(mid, str) or mid in seen:
                continue
            seen.add(mid)
            model = ctx.models.get(mid)
            if isinstance(model, Mapping):
                entries.append(ModelEntry(model, None, mid, f"models.{mid}"))

    for _, option in _option_dicts(unit.get("options")):
        visit([r for alt in alternatives(option.get("addModel")) for r in alt])
    position = 0
    while position < len(entries):
        for _, option in _option_dicts(entries[position].model.get("options")):
            visit([r for alt in alternatives(option.get("replaceModel")) for r in alt])
        position += 1
    return entries


def _subfactions(option: Mapping[str, Any]) -> tuple[str, ...] | None:
    value = option.get("subfactions")
    if value is None:
        return None
    return tuple(str(item) for item in as_list(value))


def _flat(value: object) -> tuple[Any, ...]:
    return tuple(ref for alt in alternatives(value) for ref in alt)


class _GroupBuilder:
    def __init__(self, ctx: PricingContext, unit: Mapping[str, Any], quirks: bool) -> None:
        self.ctx = ctx
        self.unit_rules = as_list(unit.get("rules"))
        self.quirks = quirks

    def with_rules(self, model: Mapping[str, Any]) -> dict[str, Any]:
        return {**model, "rules": [*as_list(model.get("rules")), *self.unit_rules]}

    def weapon(self, model: Mapping[str, Any], ref: object) -> float:
        return self.ctx.weapon_cost(model, ref, as_list(model.get("rules"))).cost

    def rule(self, model: Mapping[str, Any], ref: object) -> float:
        return self.ctx.rule_cost(model, ref, as_list(model.get("rules"))).cost

    def map_model_total(self, mid: object) -> int:
        """T(model + unit rules) of a ``models``-map model. A model nobody defines is priced
        as the builder prices it: an empty model (no stats, weapons or rules), whose base is
        5 (§3.3: missing stats count as the base stats), plus the unit's rules."""
        model = self.ctx.models.get(mid) if isinstance(mid, str) else None
        if not isinstance(model, Mapping):
            model = {}
        return self.ctx.price_model(model, self.unit_rules).total

    def label(self, verb: str, bundle: Sequence[Any]) -> str:
        if verb in ("replaceModel", "addModel"):
            return ", ".join(self.ctx.model_label(ref) for ref in bundle)
        if verb in ("replaceWeapon", "addWeapon"):
            return ", ".join(self.ctx.weapon_label(ref) for ref in bundle)
        return ", ".join(self.ctx.rule_label(ref) for ref in bundle)

    def model_points(
        self, verb: str, m: Mapping[str, Any], old: tuple[Any, ...], new: list[Any]
    ) -> int:
        """One alternative of a model-level verb, priced on ``m`` (unit rules appended)."""
        if verb == "replaceWeapon":
            return trunc(sum(self.weapon(m, r) for r in new) - sum(self.weapon(m, r) for r in old))
        if verb == "replaceRule":
            if self.quirks and len(new) > 1:
                return 0
            return trunc(sum(self.rule(m, r) for r in new) - sum(self.rule(m, r) for r in old))
        if verb == "addWeapon":
            return trunc(sum(self.weapon(m, r) for r in new))
        if verb == "addRule":
            return trunc(sum(self.rule(m, r) for r in new))
        if verb == "removeRule":
            return -trunc(sum(self.rule(m, r) for r in new))
        # replaceModel
        old_model = (
            {**m, "rules": [*as_list(m.get("rules")), *self.unit_rules]} if self.quirks else m
        )
        old_total = self.ctx.price_model(old_model).total
        return trunc(sum(self.map_model_total(r) for r in new) - old_total)

    def unit_points(
        self, verb: str, models: list[dict[str, Any]], old: tuple[Any, ...], new: list[Any]
    ) -> float:
        """One alternative of a unit-level verb, averaged over the unit's models (NaN if none)."""
        if verb == "addModel":
            return float(sum(self.map_model_total(r) for r in new))
        if verb in ("replaceWeapon", "addWeapon"):
            armed = [
                m for m in models if not is_dash(m.get("shoot")) and not is_dash(m.get("fight"))
            ]
            cost: Callable[[dict[str, Any], object], float] = self.weapon
        else:
            armed = models
            cost = self.rule

        def mean(ref: object) -> float:
            if not armed:
                return math.nan
            return sum(cost(m, ref) for m in armed) / len(armed)

        if verb == "replaceWeapon":
            return float(trunc_nan(sum(mean(r) for r in new) - sum(mean(r) for r in old)))
        if verb == "addWeapon":
            return float(sum(trunc_nan(mean(r)) for r in new))
        if verb == "addRule":
            return float(sum(trunc_nan(mean(r)) for r in new))
        if verb == "removeRule":
            return -float(sum(trunc_nan(mean(r)) for r in new))
        return float(sum(trunc_nan(mean(r)) for r in new) - sum(trunc_nan(mean(r)) for r in old))


def trunc_nan(value: float) -> float:
    """trunc keeping NaN (the builder's "no models to average over")."""
    return float(math.trunc(value)) if math.isfinite(value) else math.nan


def _group(
    verb: str,
    level: str,
    entry: ModelEntry | None,
    option_index: int | None,
    path: str,
    option: Mapping[str, Any],
    items: list[OptionAlternative],
) -> OptionGroup:
    return OptionGroup(
        verb=verb,
        level=level,
        model_index=entry.index if entry else None,
        model_id=entry.model_id if entry else None,
        model_name=entry.name if entry else None,
        option_index=option_index,
        path=path,
        replaced=_flat(option.get(verb)) if verb in _WITH else (),
        alternatives=tuple(sorted(items, key=lambda item: item.points)),
        model_limit=option.get("modelLimit"),
        limit=option.get("limit"),
        count=option.get("count"),
        subfactions=_subfactions(option),
    )


def _extra_model_groups(ctx: PricingContext, b: _GroupBuilder, entries) -> list[OptionGroup]:
    """A group for each model the unit may take more of (between its min and max)."""
    groups: list[OptionGroup] = []
    for entry in entries:
        if entry.index is None:
            continue
        low, high = numeric(entry.model.get("min")), numeric(entry.model.get("max"))
        low = 1.0 if low is None else low
        if high is not None and low < high:
            total = ctx.price_model(entry.model, b.unit_rules).total
            item = OptionAlternative(entry.name, (), total)
            group = _group("extraModels", "model", entry, None, entry.path, {}, [item])
            groups.append(replace(group, extra_models=int(high - low)))
    return groups


def build_option_groups(
    ctx: PricingContext,
    unit: Mapping[str, Any],
    unit_path: str,
    builder_quirks: bool = False,
) -> list[OptionGroup]:
    """Every option group of a unit with its priced alternatives, in §3.7 order."""
    b = _GroupBuilder(ctx, unit, builder_quirks)
    entries = reachable_models(ctx, unit, unit_path)
    groups = _extra_model_groups(ctx, b, entries)
    unit_options = _option_dicts(unit.get("options"))
    for oi, option in unit_options:
        if "addModel" in option:
            items = [
                OptionAlternative(
                    b.label("addModel", alt),
                    tuple(alt),
                    int(b.unit_points("addModel", [], (), alt)),
                )
                for alt in alternatives(option["addModel"])
            ]
            groups.append(
                _group("addModel", "unit", None, oi, f"{unit_path}.options[{oi}]", option, items)
            )
    for entry in entries:
        m = b.with_rules(entry.model)
        for oi, option in _option_dicts(entry.model.get("options")):
            path = f"{entry.path}.options[{oi}]"
            for verb in MODEL_VERBS:
                source = _WITH.get(verb, verb)
                if verb not in option or not alternatives(option.get(source)):
                    continue
                old = _flat(option.get(verb)) if verb in _WITH else ()
                items = [
                    OptionAlternative(
                        b.label(verb, alt), tuple(alt), b.model_points(verb, m, old, alt)
                    )
                    for alt in alternatives(option.get(source))
                ]
                groups.append(_group(verb, "model", entry, oi, path, option, items))
    models = [b.with_rules(entry.model) for entry in entries]
    for oi, option in unit_options:
        for verb in UNIT_VERBS:
            source = _WITH.get(verb, verb)
            if verb not in option or not alternatives(option.get(source)):
                continue
            old = _flat(option.get(verb)) if verb in _WITH else ()
            items = []
            for alt in alternatives(option.get(source)):
                value = b.unit_points(verb, models, old, alt)
                ok = math.isfinite(value)
                items.append(OptionAlternative(b.label(verb, alt), tuple(alt), trunc(value), ok))
            groups.append(
                _group(verb, "unit", None, oi, f"{unit_path}.options[{oi}]", option, items)
            )
    return groups

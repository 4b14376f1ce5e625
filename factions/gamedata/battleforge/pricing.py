"""Price a whole unit: base points, per-model breakdown and option groups (§3.3 to §3.7)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .formula import evaluate
from .options import OptionGroup, build_option_groups
from .points import ModelPrice, PricingContext, round_unit_points
from .refs import as_list
from .source import BFGame

__all__ = ["UnitPrice", "perk_points", "price_all_units", "price_unit", "price_unit_data"]


@dataclass(frozen=True)
class UnitPrice:
    """A priced unit.

    ``base_unrounded`` is Σ trunc(T(m) * min(m)); ``base`` is that rounded to the nearest 5
    (halves up) for non-skirmish game types, else the same value. ``models`` follow the
    unit's ``models`` order; ``option_groups`` follow §3.7.
    """

    faction_id: str
    unit_id: str
    name: str
    category: Any
    game_type: str
    base_unrounded: int
    base: int
    models: tuple[ModelPrice, ...]
    option_groups: tuple[OptionGroup, ...]
    unit_rules: tuple[Any, ...]

    @property
    def total_models(self) -> int:
        """Σ model ``min`` (the unit's size before any extra models)."""
        return sum(model.min for model in self.models)


def price_unit_data(
    ctx: PricingContext,
    unit: Mapping[str, Any],
    unit_id: str,
    builder_quirks: bool = False,
) -> UnitPrice:
    """Price a unit given as raw JSON with a pricing context."""
    unit_rules = as_list(unit.get("rules"))
    models = tuple(
        ctx.price_model(model, unit_rules, index=i)
        for i, model in enumerate(as_list(unit.get("models")))
        if isinstance(model, Mapping)
    )
    unrounded = sum(model.line_points for model in models)
    groups = build_option_groups(ctx, unit, f"units.{unit_id}", builder_quirks)
    name = unit.get("name")
    return UnitPrice(
        faction_id=ctx.faction.id,
        unit_id=unit_id,
        name=str(name) if name is not None else unit_id,
        category=unit.get("category"),
        game_type=ctx.game_type,
        base_unrounded=unrounded,
        base=int(round_unit_points(unrounded, ctx.game_type)),
        models=models,
        option_groups=tuple(groups),
        unit_rules=tuple(unit_rules),
    )


def price_unit(
    game: BFGame, faction_id: str, unit_id: str, builder_quirks: bool = False
) -> UnitPrice:
    """Price one unit of a listed faction (module-level units included).

    Raises KeyError for an unknown faction or unit id; never for unknown rules, weapons or
    models inside the unit (they cost 0). ``builder_quirks`` reproduces the builder's option
    bugs (see ``options``).
    """
    ctx = PricingContext.for_game(game, faction_id)
    unit = ctx.faction.units[unit_id]
    if not isinstance(unit, Mapping):
        raise KeyError(unit_id)
    return price_unit_data(ctx, unit, unit_id, builder_quirks)


def price_all_units(
    game: BFGame, faction_id: str, builder_quirks: bool = False
) -> dict[str, UnitPrice]:
    """Every unit of a faction, by id."""
    ctx = PricingContext.for_game(game, faction_id)
    return {
        uid: price_unit_data(ctx, unit, uid, builder_quirks)
        for uid, unit in ctx.faction.units.items()
        if isinstance(unit, Mapping)
    }


def perk_points(perk: Mapping[str, Any], total_models: int) -> float:
    """A perk's or setback's points for a unit of ``total_models`` models (§3.9):
    eval(points) with ``unit.totalModels``. Unrounded; 0 when ``perk`` has no points."""
    return evaluate(perk.get("points"), {"unit": {"totalModels": total_models}})

"""How many of an option may be bought (BATTLEFORGE-FORMAT.md §3.8) and how ``"all"`` options
are charged (§3.9)."""

from __future__ import annotations

import math
import re
from collections.abc import Mapping

from .options import OptionGroup
from .pricing import UnitPrice
from .refs import numeric

__all__ = ["charge_multiplier", "default_limits", "model_limit_value", "option_limit"]

_FRACTION = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*/\s*(\d+(?:\.\d+)?)\s*$")
_CHOICE_VERBS = frozenset({"addWeapon", "addRule", "removeRule"})


def model_limit_value(model_limit: object, models: int) -> int:
    """L of §3.8 for ``models`` = N: 1 for ``"all"``, ⌊a/b·N⌋ for ``"a/b"``, the number
    itself if numeric, N if absent (also for ``"any"`` and anything unreadable)."""
    if model_limit == "all":
        return 1
    number = numeric(model_limit)
    if number is not None:
        return int(number)
    if isinstance(model_limit, str):
        match = _FRACTION.match(model_limit)
        if match and float(match.group(2)) != 0:
            return math.floor(float(match.group(1)) / float(match.group(2)) * models)
    return models


def _factor(value: object, default: int) -> int:
    number = numeric(value)
    return int(number) if number is not None else default


def option_limit(group: OptionGroup, models_of_type: int, unit_models: int) -> int:
    """The most items of ``group`` that may be bought in total.

    ``models_of_type`` is N, the current number of models of the group's model type (base
    ``min`` plus extra models bought; for replaceModel, before replacements are subtracted);
    ``unit_models`` is T, the unit's current total models.

    * extra models: max - min;
    * ``addModel``: ``modelLimit`` or 1;
    * model level: L * (``limit`` or 1) * (``count`` or 1), where addWeapon, addRule and
      removeRule use (``limit`` or the number of alternatives) instead of (``limit`` or 1);
    * unit level: L computed with N = T when ``modelLimit`` is given, else
      T * (``limit`` or 1) * (``count`` or 1).

    A non-numeric ``limit``/``count`` (2024's ``"all"``, ``"1/10"``) counts as absent.
    """
    if group.verb == "extraModels":
        return group.extra_models or 0
    if group.verb == "addModel":
        return _factor(group.model_limit, 1)
    count = _factor(group.count, 1)
    if group.level == "unit":
        if group.model_limit is not None:
            return model_limit_value(group.model_limit, unit_models)
        return unit_models * _factor(group.limit, 1) * count
    per_model_default = len(group.alternatives) if group.verb in _CHOICE_VERBS else 1
    limit = _factor(group.limit, per_model_default)
    return model_limit_value(group.model_limit, models_of_type) * limit * count


def charge_multiplier(
    group: OptionGroup, models_of_type: int, unit_models: int, builder_quirks: bool = False
) -> int:
    """How many times one selected item of ``group`` is charged (§3.9).

    1 unless the group is ``modelLimit: "all"``; then the number of models of the targeted
    type for model-level groups and the unit's total models for unit-level ones. The builder
    (``builder_quirks=True``) charges the unit's total models in both cases.
    """
    if not group.all_or_nothing:
        return 1
    if group.level == "unit" or builder_quirks:
        return unit_models
    return models_of_type


def default_limits(unit: UnitPrice) -> list[int]:
    """``option_limit`` of every group of a freshly added unit (each model at its ``min``,
    models from the ``models`` map at 0), in ``unit.option_groups`` order."""
    counts: Mapping[int | None, int] = {model.index: model.min for model in unit.models}
    total = unit.total_models
    return [
        option_limit(
            group, counts.get(group.model_index, 0) if group.model_id is None else 0, total
        )
        for group in unit.option_groups
    ]

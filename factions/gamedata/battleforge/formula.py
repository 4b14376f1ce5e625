"""Battle Forge's points-formula evaluator (BATTLEFORGE-FORMAT.md §3.1 and §3.2).

A ``points`` value is a number, a dotted-path string, or a list folded left to right from 0:

* ``{"add": E}``, ``{"multiply": E}``, ``{"subtract": E}``, ``{"divide": E}``,
  ``{"max": E}`` (a floor) and ``{"min": E}`` (a cap), tested in that order, so an object
  with several keys uses only the first of them;
* any other element adds its own value, so a nested list is a parenthesised sub-expression;
* an object with none of those keys (e.g. ``{"pow": 2}``, which BF 2022 does not support)
  adds 0.

Paths are looked up in the variables dict, plus ``constants`` (§3.1). A missing path or one
that resolves to a non-number (a string such as ``"Infantry"``, a bool, an object) is 0.
Division follows IEEE arithmetic (``x / 0`` is ±inf, ``0 / 0`` is NaN) like JavaScript.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

__all__ = [
    "CONSTANTS",
    "OPERATORS",
    "as_number",
    "evaluate",
    "resolve_path",
]

#: The named constants of §3.1, shaped the way formulas read them (``constants.baseStats.defense``,
#: ``constants.defenseCost``). ``constants.shootCost`` does not exist and therefore reads as 0.
CONSTANTS: dict[str, Any] = {
    "baseStats": {
        "movement": 6,
        "shoot": 5,
        "fight": 5,
        "courage": 5,
        "reflexes": 5,
        "wounds": 1,
        "defense": 5,
    },
    "baseCost": 5,
    "woundsCost": 5,
    "courageCost": 2,
    "defenseCost": 2,
    "apCost": 1,
    "damageCost": 5,
    "movementCost": 1,
}

#: The fold operators, in the order they are tested.
OPERATORS: tuple[str, ...] = ("add", "multiply", "subtract", "divide", "max", "min")


def as_number(value: object) -> float | None:
    """Return ``value`` as a float when it is a real number (not a bool), else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return float(value)
    return None


def resolve_path(path: str, variables: Mapping[str, Any]) -> object:
    """Follow a dotted path (``model.rules.wounds.x``) through dicts and lists.

    The first segment ``constants`` reads :data:`CONSTANTS` unless the variables define it.
    Returns None when any step is missing.
    """
    parts = path.split(".")
    current: object
    if parts[0] in variables:
        current = variables[parts[0]]
    elif parts[0] == "constants":
        current = CONSTANTS
    else:
        return None
    for part in parts[1:]:
        if isinstance(current, Mapping):
            if part not in current:
                return None
            current = current[part]
        elif isinstance(current, list) and part.isdigit() and int(part) < len(current):
            current = current[int(part)]
        else:
            return None
    return current


def _divide(total: float, divisor: float) -> float:
    if divisor != 0:
        return total / divisor
    if total == 0 or math.isnan(total):
        return math.nan
    return math.copysign(math.inf, total) * math.copysign(1.0, divisor)


def _js_max(a: float, b: float) -> float:
    return math.nan if math.isnan(a) or math.isnan(b) else max(a, b)


def _js_min(a: float, b: float) -> float:
    return math.nan if math.isnan(a) or math.isnan(b) else min(a, b)


def _fold(items: list[Any], variables: Mapping[str, Any]) -> float:
    total = 0.0
    for item in items:
        if isinstance(item, Mapping):
            op = next((name for name in OPERATORS if name in item), None)
            if op is None:
                continue  # unsupported operator such as ``pow``: +0, as in BF 2022
            value = evaluate(item[op], variables)
            if op == "add":
                total += value
            elif op == "multiply":
                total *= value
            elif op == "subtract":
                total -= value
            elif op == "divide":
                total = _divide(total, value)
            elif op == "max":
                total = _js_max(total, value)
            else:
                total = _js_min(total, value)
        else:
            total += evaluate(item, variables)
    return total


def evaluate(expr: object, variables: Mapping[str, Any] | None = None) -> float:
    """Evaluate a ``points`` formula with the given variables (§3.2).

    ``None`` (no ``points``) is 0. A bare operator object at the top level is treated as a
    one-element list.
    """
    env: Mapping[str, Any] = variables if variables is not None else {}
    if isinstance(expr, str):
        number = as_number(resolve_path(expr, env))
        return 0.0 if number is None else number
    if isinstance(expr, list):
        return _fold(expr, env)
    if isinstance(expr, Mapping):
        return _fold([expr], env)
    number = as_number(expr)
    return 0.0 if number is None else number

"""A pure-Python reader and points engine for Battle Forge's published game-module data.

See ``/work/shared/BATTLEFORGE-FORMAT.md``: §2 (data format) is implemented by ``source``,
``refs`` and ``schema``; §3 (points) by ``formula``, ``points``, ``options``, ``pricing``
and ``limits``; §2.8 (data quality) by ``lint``. ``importer`` (``build_module_spec``) maps a
loaded module to forgebuilder's ``ModuleSpec``. No Django imports (``loading``, the database
import behind ``manage.py import_battleforge``, is the one module that uses Django and is not
imported here).
"""

from __future__ import annotations

from .formula import CONSTANTS, evaluate
from .importer import ImportResult, build_module_spec
from .layering import load_game
from .limits import charge_multiplier, default_limits, model_limit_value, option_limit
from .lint import CODES, Finding, lint_game
from .options import ModelEntry, OptionAlternative, OptionGroup, build_option_groups
from .points import (
    ModelPrice,
    PricingContext,
    ProfileCost,
    RuleCost,
    WeaponCost,
    model_base_cost,
    mount_factor,
    round_unit_points,
    trunc,
)
from .pricing import UnitPrice, perk_points, price_all_units, price_unit, price_unit_data
from .source import (
    BFFaction,
    BFGame,
    HiddenItem,
    LoadProblem,
    SourceFile,
    available_under_focus,
)

__all__ = [
    "CODES",
    "CONSTANTS",
    "BFFaction",
    "BFGame",
    "Finding",
    "HiddenItem",
    "ImportResult",
    "LoadProblem",
    "ModelEntry",
    "ModelPrice",
    "OptionAlternative",
    "OptionGroup",
    "PricingContext",
    "ProfileCost",
    "RuleCost",
    "SourceFile",
    "UnitPrice",
    "WeaponCost",
    "available_under_focus",
    "build_module_spec",
    "build_option_groups",
    "charge_multiplier",
    "default_limits",
    "evaluate",
    "lint_game",
    "load_game",
    "model_base_cost",
    "model_limit_value",
    "mount_factor",
    "option_limit",
    "perk_points",
    "price_all_units",
    "price_unit",
    "price_unit_data",
    "round_unit_points",
    "trunc",
]

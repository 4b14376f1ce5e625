"""Rulesets as code: each one names its stat-lines, its list-building parameters and its tokens.

Game modules are data built on one ruleset; the ruleset itself is code, registered here under a
stable key that module files name (`ruleset: battleforge`).
"""

from __future__ import annotations

from .base import Ruleset, RulesetParameters, StatDef, TokenDef
from .battle_rules import BATTLE_RULES
from .battleforge import BATTLEFORGE
from .grimdark import GRIMDARK
from .registry import RulesetRegistry, registry
from .skirmish import SKIRMISH
from .wargame import WARGAME

for _ruleset in (BATTLEFORGE, GRIMDARK, SKIRMISH, BATTLE_RULES, WARGAME):
    registry.register(_ruleset)

__all__ = [
    "Ruleset",
    "RulesetParameters",
    "RulesetRegistry",
    "StatDef",
    "TokenDef",
    "get_ruleset",
    "registry",
]


def get_ruleset(key: str) -> Ruleset:
    """The ruleset registered under `key`; raises LookupError naming the known keys."""
    return registry.get(key)

from __future__ import annotations

from ..checks.common import KnownReferences, ModelCounts, OptionLimits, PointsLimit
from ..checks.gamesize import ModuleVersion
from ..registry import checks

checks.register(
    "battle_rules",
    [KnownReferences(), ModuleVersion(), PointsLimit(), ModelCounts(), OptionLimits()],
)

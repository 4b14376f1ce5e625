from __future__ import annotations

from ..checks.common import KnownReferences, ModelCounts, OptionLimits, PointsLimit
from ..checks.gamesize import CommandPoints, Doctrine, ModuleVersion
from ..registry import checks

checks.register(
    "grimdark",
    [
        KnownReferences(),
        ModuleVersion(),
        PointsLimit(),
        CommandPoints(),
        Doctrine(),
        ModelCounts(),
        OptionLimits(),
    ],
)

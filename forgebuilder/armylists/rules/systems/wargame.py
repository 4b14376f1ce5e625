from __future__ import annotations

from ..checks.common import KnownReferences, ModelCounts, OptionLimits, PointsLimit
from ..checks.composition import TeamsAndBands
from ..checks.gamesize import ModuleVersion
from ..registry import checks

checks.register(
    "wargame",
    [
        KnownReferences(),
        ModuleVersion(),
        PointsLimit(),
        ModelCounts(),
        OptionLimits(),
        TeamsAndBands(),
    ],
)

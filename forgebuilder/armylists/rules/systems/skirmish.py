from __future__ import annotations

from ..checks.common import KnownReferences, ModelCounts, OptionLimits, PointsLimit
from ..checks.composition import LargeModels
from ..checks.gamesize import ModuleVersion
from ..checks.membership import FactionMembership
from ..registry import checks

checks.register(
    "skirmish",
    [
        KnownReferences(),
        ModuleVersion(),
        PointsLimit(),
        FactionMembership(),
        ModelCounts(),
        OptionLimits(),
        LargeModels(),
    ],
)

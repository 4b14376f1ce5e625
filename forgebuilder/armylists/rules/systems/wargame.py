from __future__ import annotations

from ..checks.common import KnownReferences, ModelCounts, OptionLimits, PointsLimit
from ..checks.composition import TeamsAndBands
from ..checks.gamesize import ModuleVersion
from ..checks.membership import FactionMembership
from ..checks.table_notes import Cohesion
from ..registry import checks

checks.register(
    "wargame",
    [
        KnownReferences(),
        ModuleVersion(),
        PointsLimit(),
        FactionMembership(),
        ModelCounts(),
        OptionLimits(),
        TeamsAndBands(),
        Cohesion(),
    ],
)

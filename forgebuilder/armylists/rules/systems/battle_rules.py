from __future__ import annotations

from ..checks.common import KnownReferences, ModelCounts, OptionLimits, PointsLimit
from ..checks.gamesize import ModuleVersion
from ..checks.membership import FactionMembership
from ..checks.table_notes import SquadHitPoints
from ..registry import checks

checks.register(
    "battle_rules",
    [
        KnownReferences(),
        ModuleVersion(),
        PointsLimit(),
        FactionMembership(),
        ModelCounts(),
        OptionLimits(),
        SquadHitPoints(),
    ],
)

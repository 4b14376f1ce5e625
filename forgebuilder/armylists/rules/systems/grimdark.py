from __future__ import annotations

from ..checks.common import KnownReferences, ModelCounts, OptionLimits, PointsLimit
from ..checks.gamesize import CommandPoints, Doctrine, ModuleVersion
from ..checks.limits import COMPOSITION_LIMITS
from ..checks.membership import FactionMembership
from ..checks.table_notes import Stratagems
from ..registry import checks

checks.register(
    "grimdark",
    [
        KnownReferences(),
        ModuleVersion(),
        PointsLimit(),
        FactionMembership(),
        CommandPoints(),
        Doctrine(),
        ModelCounts(),
        OptionLimits(),
        *COMPOSITION_LIMITS,
        Stratagems(),
    ],
)

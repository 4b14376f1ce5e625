from __future__ import annotations

from forgebuilder.engine.rules.checks.common import (
    KnownReferences,
    ModelCounts,
    OptionLimits,
    PointsLimit,
)
from forgebuilder.engine.rules.checks.gamesize import CommandPoints, Doctrine, ModuleVersion
from forgebuilder.engine.rules.checks.limits import COMPOSITION_LIMITS
from forgebuilder.engine.rules.checks.membership import FactionMembership
from forgebuilder.engine.rules.checks.table_notes import Stratagems
from forgebuilder.engine.rules.registry import checks

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

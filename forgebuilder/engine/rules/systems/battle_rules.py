from __future__ import annotations

from forgebuilder.engine.rules.checks.common import (
    KnownReferences,
    ModelCounts,
    OptionLimits,
    PointsLimit,
)
from forgebuilder.engine.rules.checks.gamesize import ModuleVersion
from forgebuilder.engine.rules.checks.membership import FactionMembership
from forgebuilder.engine.rules.checks.table_notes import SquadHitPoints
from forgebuilder.engine.rules.registry import checks

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

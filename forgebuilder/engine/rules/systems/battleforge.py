from __future__ import annotations

from forgebuilder.engine.rules.checks.casters import CasterSpecialty
from forgebuilder.engine.rules.checks.common import (
    KnownReferences,
    ModelCounts,
    OptionLimits,
    PointsLimit,
)
from forgebuilder.engine.rules.checks.focus import FocusUnits
from forgebuilder.engine.rules.checks.forces import (
    AdvantagePoints,
    Allies,
    ForceOrganizationRequired,
    ForceOrganizationSlots,
    StrategyPoints,
    UnitPlacement,
)
from forgebuilder.engine.rules.checks.gamesize import ModuleVersion
from forgebuilder.engine.rules.checks.legends import Legends
from forgebuilder.engine.rules.checks.strategies import (
    AlliedAbilityTargets,
    ForceStrategies,
    PreGameStrategies,
)
from forgebuilder.engine.rules.checks.table_notes import ShockLimit
from forgebuilder.engine.rules.registry import checks

checks.register(
    "battleforge",
    [
        KnownReferences(),
        ModuleVersion(),
        PointsLimit(),
        AdvantagePoints(),
        StrategyPoints(),
        ForceOrganizationRequired(),
        UnitPlacement(),
        ForceOrganizationSlots(),
        Allies(),
        FocusUnits(),
        Legends(),
        ModelCounts(),
        OptionLimits(),
        CasterSpecialty(),
        ForceStrategies(),
        PreGameStrategies(),
        AlliedAbilityTargets(),
        ShockLimit(),
    ],
)

from __future__ import annotations

from ..checks.casters import CasterSpecialty
from ..checks.common import KnownReferences, ModelCounts, OptionLimits, PointsLimit
from ..checks.focus import FocusUnits
from ..checks.forces import (
    AdvantagePoints,
    Allies,
    ForceOrganizationRequired,
    ForceOrganizationSlots,
    StrategyPoints,
    UnitPlacement,
)
from ..checks.gamesize import ModuleVersion
from ..checks.legends import Legends
from ..checks.strategies import AlliedAbilityTargets, ForceStrategies, PreGameStrategies
from ..checks.table_notes import ShockLimit
from ..registry import checks

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

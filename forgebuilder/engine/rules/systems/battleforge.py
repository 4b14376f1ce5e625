from __future__ import annotations

from forgebuilder.engine.rules.checks.casters import CasterSpecialty
from forgebuilder.engine.rules.checks.focus import FocusUnits
from forgebuilder.engine.rules.checks.forces import (
    AdvantagePoints,
    Allies,
    ForceOrganizationRequired,
    ForceOrganizationSlots,
    StrategyPoints,
    UnitPlacement,
)
from forgebuilder.engine.rules.checks.legends import Legends
from forgebuilder.engine.rules.checks.strategies import (
    AlliedAbilityTargets,
    ForceStrategies,
    PreGameStrategies,
)
from forgebuilder.engine.rules.checks.table_notes import ShockLimit
from forgebuilder.engine.rules.registry import checks
from forgebuilder.engine.rules.systems.core import composed

checks.register(
    "battleforge",
    composed(
        [
            AdvantagePoints(),
            StrategyPoints(),
            ForceOrganizationRequired(),
            UnitPlacement(),
            ForceOrganizationSlots(),
            Allies(),
            FocusUnits(),
            Legends(),
        ],
        [
            CasterSpecialty(),
            ForceStrategies(),
            PreGameStrategies(),
            AlliedAbilityTargets(),
            ShockLimit(),
        ],
    ),
)

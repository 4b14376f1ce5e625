from __future__ import annotations

from forgebuilder.engine.rules.checks.gamesize import CommandPoints, Doctrine
from forgebuilder.engine.rules.checks.limits import COMPOSITION_LIMITS
from forgebuilder.engine.rules.checks.membership import FactionMembership
from forgebuilder.engine.rules.checks.table_notes import Stratagems
from forgebuilder.engine.rules.registry import checks
from forgebuilder.engine.rules.systems.core import composed

checks.register(
    "grimdark",
    composed(
        [FactionMembership(), CommandPoints(), Doctrine()], [*COMPOSITION_LIMITS, Stratagems()]
    ),
)

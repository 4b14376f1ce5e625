"""The checks every ruleset runs, in their one place around a ruleset's own checks."""

from __future__ import annotations

from collections.abc import Sequence

from forgebuilder.engine.rules.base import Check
from forgebuilder.engine.rules.checks.common import (
    KnownReferences,
    ModelCounts,
    OptionLimits,
    PointsLimit,
)
from forgebuilder.engine.rules.checks.gamesize import ModuleVersion


def composed(list_checks: Sequence[Check], unit_checks: Sequence[Check]) -> list[Check]:
    """A ruleset's checks in the order they report: what the list names exists, the module's
    version and the points limit first, then the ruleset's checks of the whole list, then each
    unit's model counts and options, then the ruleset's checks of its units."""
    return [
        KnownReferences(),
        ModuleVersion(),
        PointsLimit(),
        *list_checks,
        ModelCounts(),
        OptionLimits(),
        *unit_checks,
    ]

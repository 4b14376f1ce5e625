"""The rules engine: resolve a list document into a Roster, then evaluate it into a Report.

No database access and no HTTP in here: everything works on the module's catalogue and plain
values, so it is fast and testable on its own.
"""

from __future__ import annotations

from forgebuilder.engine.rules.base import Report, Total, Violation
from forgebuilder.engine.rules.engine import MatchError, evaluate, match_check
from forgebuilder.engine.rules.resolving import resolve
from forgebuilder.engine.rules.roster import Roster, RosterUnit

__all__ = [
    "MatchError",
    "Report",
    "Roster",
    "RosterUnit",
    "Total",
    "Violation",
    "evaluate",
    "match_check",
    "resolve",
]

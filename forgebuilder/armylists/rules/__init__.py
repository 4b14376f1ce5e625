"""The rules engine: resolve a list document into a Roster, then evaluate it into a Report.

No database access and no HTTP in here: everything works on the module's catalogue and plain
values, so it is fast and testable on its own.
"""

from __future__ import annotations

from .base import Report, Total, Violation
from .engine import MatchError, evaluate, match_check
from .resolving import resolve
from .roster import Roster, RosterUnit

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

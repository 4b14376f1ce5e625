"""The rosters app's door: what other apps use of foreign rosters, and nothing else."""

from __future__ import annotations

from forgebuilder.rosters.models import ForeignRoster
from forgebuilder.rosters.presenters import RosterView, roster_view
from forgebuilder.rosters.printouts import roster_page_html
from forgebuilder.rosters.selectors import KeptRoster, roster_owned, roster_shared, rosters_of
from forgebuilder.rosters.serial import StoredRosterError, roster_from_json, roster_to_json

__all__ = [
    "ForeignRoster",
    "KeptRoster",
    "RosterView",
    "StoredRosterError",
    "roster_from_json",
    "roster_owned",
    "roster_page_html",
    "roster_shared",
    "roster_to_json",
    "roster_view",
    "rosters_of",
]

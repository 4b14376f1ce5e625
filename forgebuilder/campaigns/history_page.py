"""The history as the pages show it: newest first, each report a correction replaced shown
with the report that replaced it (marked replaced), not where the correction kept its copy.

A correction rewrites a report in its place (the replays need it there) and keeps a copy of
the report as it was, voided, recorded with the correction (`KEPT_OF` in its data names the
report it is a copy of)."""

from __future__ import annotations

from collections.abc import Iterable

from .models import CampaignEvent

KEPT_OF = "kept_of"

# each kind of event as its history entry is titled ("Mission 1 · Report")
TITLES = {
    "created": "Campaign started",
    "joined": "Joined",
    "adopted": "Army taken as it stood",
    "left": "Left",
    "closed": "Campaign closed",
    "mission-setup": "Set-up",
    "mission-report": "Report",
    "level-up": "Level-up",
    "upgrade": "Purchase",
    "sell": "Sale",
    "recruit": "Recruit",
    "disband": "Disbanded",
    "correction": "Correction",
    "correction-asked": "Correction asked for",
    "correction-proposed": "Correction proposed",
    "correction-declined": "Correction declined",
}


def title(kind: str) -> str:
    """An event's kind as its history entry is titled; a kind without a title, in words."""
    return TITLES.get(kind) or kind.replace("-", " ").capitalize()


def kept_of(event: CampaignEvent) -> int | None:
    """The report `event` is the replaced copy of (None: not a copy)."""
    if event.kind != "mission-report" or not isinstance(event.data, dict):
        return None
    return event.data.get(KEPT_OF)


def history_rows(events: Iterable[CampaignEvent]) -> list[dict]:
    """`events` (newest first) as rows: {"event", "title", "replaced": the versions of it a
    correction replaced, newest first}; a replaced copy is not a row of its own."""
    events = list(events)
    replaced: dict[int, list[CampaignEvent]] = {}
    for event in events:
        original = kept_of(event)
        if original is not None:
            replaced.setdefault(original, []).append(event)
    shown = {e.pk for e in events}
    return [
        {"event": e, "title": title(e.kind), "replaced": replaced.get(e.pk, [])}
        for e in events
        if kept_of(e) is None or kept_of(e) not in shown
    ]

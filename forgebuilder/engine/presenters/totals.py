"""The one totals view: the list's totals as the engine counted them, labelled for the page.

The editor's totals bar and the share page's head read these; "over the limit" is the
engine's (`Total.over`), never worked out again from the numbers.
"""

from __future__ import annotations

from dataclasses import dataclass

from forgebuilder.engine.listdoc import POINTS_LIMIT_MAX, POINTS_LIMIT_MIN
from forgebuilder.engine.rules import Report
from forgebuilder.engine.rules.base import Total

# Labels that fit the totals bar on a phone; the full label stays in a tooltip.
SHORT_LABELS = {
    "sp_income": "SP / round",
    "sp_spent": "SP spent",
    "sp_left": "SP left",
    "sp_round_one": "SP in round 1",
    "advantage": "Advantage",
    "command_points": "Command pts",
}


@dataclass(frozen=True)
class TotalView:
    key: str
    label: str
    short: str
    value: int
    limit: int | None
    detail: str
    about: str = ""


@dataclass(frozen=True)
class PointsView:
    """The points total beside its limit, the bar's filling and the bounds a limit may take."""

    total: Total
    percent: int  # how full the bar is, 0 to 100
    over: bool
    bounds: tuple[int, int] = (POINTS_LIMIT_MIN, POINTS_LIMIT_MAX)


def points_view(report: Report) -> PointsView:
    points = report.total("points")
    assert points is not None, "every ruleset counts points"
    percent = min(100, round(100 * points.value / max(points.limit or 1, 1)))
    return PointsView(points, percent, points.over)


def over_limit(report: Report) -> bool:
    """The list costs more than its limit (False for a report without a points total)."""
    points = report.total("points")
    return bool(points and points.over)


def other_totals(report: Report) -> list[TotalView]:
    """The totals beside points, with the short labels that fit the bar on a phone."""
    return [
        TotalView(
            t.key, t.label, SHORT_LABELS.get(t.key, t.label), t.value, t.limit, t.detail, t.about
        )
        for t in report.totals
        if t.key != "points"
    ]

"""The list as plain text, for chat apps and forums: short, readable, one line per unit."""

from __future__ import annotations

from .roster import unit_extras
from .source import ExportSource


def list_text(source: ExportSource) -> str:
    """A compact summary of the list: header, totals and legality, then each force's units."""
    document, roster, report = source.document, source.roster, source.report
    catalog = source.catalog
    points = report.total("points")
    lines = [
        f"{document.name} [{_points(points.value if points else roster.points, document.points_limit)}]"
    ]
    game = f"{catalog.spec.name} ({catalog.ruleset.name})"
    who = source.faction_name + (f", focus: {source.focus_name}" if source.focus_name else "")
    lines.append(f"{game} · {who}" + (" · casual" if document.casual else ""))
    others = [t for t in report.totals if t.key not in ("points", "units")]
    if others:
        lines.append(" · ".join(f"{t.label}: {_value(t)}" for t in others))
    if report.empty and report.legal:
        lines.append(report.verdict)
    elif report.legal:
        warnings = len(report.warnings)
        lines.append(
            "Legal" + (f" ({warnings} warning{'s' * (warnings != 1)})" if warnings else "")
        )
    else:
        lines.append(f"NOT LEGAL: {len(report.errors)} problem{'s' * (len(report.errors) != 1)}")
    for violation in report.violations:
        lines.append(f"  ! {violation.message}")
    for group in source.groups:
        lines.append("")
        head = group.title
        if group.cost is not None and catalog.ruleset.uses_strategy_points:
            head += f" ({group.cost} SP)"
        faction = group.faction_name + (", allied" if group.allied else "")
        lines.append(f"== {head} · {faction} · {group.points} pts ==")
        for number, unit in group.units:
            lines.append(_unit_line(source, number, unit))
    if roster.legends:
        lines.append("")
        for legend in roster.legends:
            name = legend.legend.name if legend.legend else legend.key
            holder = roster.unit(legend.unit_id) if legend.unit_id else None
            on = f" (on {holder.name})" if holder else ""
            lines.append(f"Legend: {name}{on} · {legend.points} pts")
    return "\n".join(lines) + "\n"


def _unit_line(source: ExportSource, number: int, unit) -> str:
    sheet_name = unit.datasheet.name if unit.datasheet else unit.datasheet_key
    name = unit.name if unit.name == sheet_name else f"{unit.name} ({sheet_name})"
    models = unit.total_models
    size = f" ×{models}" if models > 1 else ""
    extras = unit_extras(source, unit)
    taken = f": {', '.join(extras)}" if extras else ""
    return f"{number}. {name}{size}{taken} · {unit.points} pts"


def _points(value: int, limit: int) -> str:
    return f"{value}/{limit} pts"


def _value(total) -> str:
    return f"{total.value}/{total.limit}" if total.limit is not None else str(total.value)

"""The roster's summary page (print/summary.html): the list's totals, legends, notes and rule
references, a table of its units with what each takes beyond its datasheet, and the footer of
every page (the share link and its QR code)."""

from __future__ import annotations

from dataclasses import dataclass

from factions.cards import choice_label
from forgebuilder.engine.api import RosterUnit, Total
from forgebuilder.lists.exports.entries import printed_references
from forgebuilder.lists.exports.page import LINE_MM, PAGE_SIDE_MARGIN, fit
from forgebuilder.lists.exports.source import ExportSource
from forgebuilder.printing.api import (
    PLACEHOLDER,
    AlignedTable,
    Blocks,
    Drawing,
    Drawn,
    Face,
    Paper,
    Style,
    aligned_table,
    qr_code,
    qr_svg_data_uri,
    share_footer,
    table_rows,
)

SUMMARY = Style(8)


SUMMARY_HEAD = Style(6.8, bold=True)


SUMMARY_LINE_MM = 3.6  # .units .tn, .units .tv line-height


@dataclass(frozen=True)
class TotalLine:
    label: str
    value: str
    detail: str
    key: str


def summary_context(source: ExportSource, *, paper: Paper) -> dict:
    """What the summary page shows (print/summary.html), and the footer of every page."""
    roster, report = source.roster, source.report
    catalog = source.catalog
    faction = roster.faction
    points = report.total("points")
    units = _units_table(source, paper)
    unit_rows = _unit_rows(units, paper)
    pictures = {
        **_footer_pictures(source.share_url),
        **{f"unit-{i}": Blocks(((0.0, row),)) for i, row in enumerate(unit_rows, 1)},
    }
    return {
        "source": source,
        "document": source.document,
        "paper": paper,
        "module": catalog.spec,
        "ruleset": catalog.ruleset,
        "faction_name": source.faction_name,
        "focus_name": source.focus_name,
        "accent": (faction.color if faction and faction.color else "#9a3412"),
        "points": points,
        "points_value": points.value if points else roster.points,
        "totals": [_total_line(t) for t in report.totals if t.key != "points"],
        "report": report,
        "groups": source.groups,
        "units": units,
        "unit_rows": [(f"unit-{i}", row) for i, row in enumerate(unit_rows, 1)],
        "pictures": pictures,
        "line_mm": LINE_MM,
        "summary_line_mm": SUMMARY_LINE_MM,
        "legends": [
            (
                leg.legend.name if leg.legend else leg.key,
                _unit_name(roster, leg.unit_id),
                leg.points,
            )
            for leg in roster.legends
        ],
        # a heading printed with its rules' texts is not repeated as a list of names
        "notes": [n for n in report.notes if n[0] not in {h for h, _ in report.references}],
        "references": printed_references(report.references),
        "share_url": source.share_url,
        # the footer's QR as an image only where the footer cannot be drawn (summary.html)
        "qr": qr_svg_data_uri(source.share_url) if "qr" in pictures else "",
        "placeholder": PLACEHOLDER,
    }


def _total_line(total: Total) -> TotalLine:
    value = f"{total.value}" if total.limit is None else f"{total.value} / {total.limit}"
    return TotalLine(total.label, value, total.detail, total.key)


def _unit_name(roster, unit_id: str | None) -> str:
    unit = roster.unit(unit_id) if unit_id else None
    return unit.name if unit else ""


def option_texts(source: ExportSource, unit: RosterUnit) -> list[tuple[str, int]]:
    """The options a unit takes, as players say them, with what each costs in all."""
    catalog = source.catalog
    faction = unit.faction_key
    out = []
    for taken in unit.choices:
        verb = taken.option.verb
        text = choice_label(catalog, faction, taken.option, taken.choice)
        if verb == "remove_rule":
            text = f"without {text}"
        if taken.count > 1 and not taken.option.per_model:
            text = f"{taken.count}× {text}"
        out.append((text, taken.points))
    return out


def unit_extras(source: ExportSource, unit: RosterUnit) -> tuple[str, ...]:
    """What a unit takes beyond its datasheet, in short: options, legend, power specialty."""
    out = [text for text, _ in option_texts(source, unit)]
    for legend in source.roster.legends:
        if legend.unit_id == unit.id:
            out.append(f"Legend: {legend.legend.name if legend.legend else legend.key}")
    if unit.specialty:
        specialty = source.catalog.power_specialties(unit.faction_key).get(unit.specialty)
        out.append(f"Powers: {specialty.name if specialty else unit.specialty}")
    return tuple(out)


def _footer_pictures(share_url: str) -> dict[str, Drawing]:
    footer = share_footer(share_url) if share_url else None
    if footer is not None:
        return {"footer": footer}
    return {"qr": qr_code(share_url)} if share_url else {}


def _summary_width(paper: Paper) -> float:
    """The width of the summary's units table, as laid out and as drawn."""
    return paper.width_mm - 2 * PAGE_SIDE_MARGIN - 2


def _unit_rows(units: AlignedTable | None, paper: Paper) -> list[Drawn]:
    if units is None:
        return []
    names, values = Face(SUMMARY.size_pt, bold=True), Face(SUMMARY.size_pt)
    return table_rows(units, width_mm=_summary_width(paper), names=names, values=values)


def _units_table(source: ExportSource, paper: Paper) -> AlignedTable | None:
    rows = []
    for group in source.groups:
        for number, unit in group.units:
            sheet = unit.datasheet.name if unit.datasheet else unit.datasheet_key
            force = f"{group.title} (allied)" if group.allied else group.title
            extras = ", ".join(unit_extras(source, unit)) or "–"
            rows.append(
                [
                    f"{number}  {unit.name}",
                    sheet,
                    force,
                    str(unit.total_models),
                    str(unit.points),
                    extras,
                ]
            )
    if not rows:
        return None
    return aligned_table(
        [
            "UNIT",
            "DATASHEET",
            "FORCE ORGANIZATION",
            "MODELS",
            "POINTS",
            "OPTIONS, LEGENDS AND POWERS",
        ],
        rows,
        widths_mm=[
            fit([r[0] for r in rows], SUMMARY, 30, 56),
            fit([r[1] for r in rows], SUMMARY, 22, 40),
            fit([r[2] for r in rows], SUMMARY, 26, 40),
            13,
            13,
        ],
        total_mm=_summary_width(paper),
        body=SUMMARY,
        head=SUMMARY_HEAD,
        name_body=Style(SUMMARY.size_pt, bold=True),
        line_mm=SUMMARY_LINE_MM,
    )

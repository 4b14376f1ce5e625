"""The PDF roster: a summary page, one datasheet card per unit as chosen, and a glossary."""

from __future__ import annotations

from dataclasses import dataclass, replace

from django.template.loader import render_to_string

from factions.cards import Card, choice_label
from forgebuilder.engine.api import RosterUnit, Total, chosen_card
from forgebuilder.lists.exports.card_rows import card_rows, row_pictures
from forgebuilder.lists.exports.drawn_entries import glossary_slots
from forgebuilder.lists.exports.entries import printed_references
from forgebuilder.lists.exports.glossary import power_glossary, rule_glossary, stat_glossary
from forgebuilder.lists.exports.source import ExportSource
from forgebuilder.printing.api import (
    PAPER,
    PLACEHOLDER,
    AlignedTable,
    Blocks,
    Drawing,
    Drawn,
    Face,
    Paper,
    PrintoutKind,
    Style,
    aligned_table,
    cached_render,
    qr_code,
    qr_svg_data_uri,
    register_printout,
    render,
    render_key,
    share_footer,
    table_rows,
    text_width_mm,
)

TEMPLATE = "print/roster.html"

# Geometry shared with print.css (millimetres and points).
PAGE_SIDE_MARGIN = 10
CARD_GAP = 5
CARD_PADDING = 2
BODY = Style(7.5)
NAMES = Style(7.5, bold=True)
HEAD = Style(6.3, bold=True)
LINE_MM = 3.3  # .tn, .tv line-height
SUMMARY = Style(8)
SUMMARY_HEAD = Style(6.8, bold=True)
SUMMARY_LINE_MM = 3.6  # .units .tn, .units .tv line-height


@dataclass(frozen=True)
class TotalLine:
    label: str
    value: str
    detail: str
    key: str


@dataclass(frozen=True)
class PrintedCard:
    """One card of the roster: a unit, or identical units (same datasheet, models, options,
    legend, campaign state and problems) drawn once with all their numbers."""

    numbers: tuple[int, ...]
    card: Card
    force: str
    stats: AlignedTable | None
    weapons: AlignedTable | None
    rules: str  # special rules of the unit, then those of single models ("Captain: Tough(2)")
    chosen: tuple[str, ...]  # options taken, with their cost
    problems: tuple[str, ...]

    @property
    def number(self) -> int:
        return self.numbers[0]

    @property
    def times(self) -> int:
        """How many units the card stands for (the "times 3" of a shared card)."""
        return len(self.numbers)

    @property
    def shared(self) -> bool:
        return len(self.numbers) > 1

    @property
    def numbers_label(self) -> str:
        """The units' numbers, runs of three or more shortened to a dash."""
        return numbers_label(self.numbers)


def numbers_label(numbers: tuple[int, ...]) -> str:
    runs: list[list[int]] = []
    for number in numbers:
        if runs and number == runs[-1][-1] + 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    return ", ".join(
        f"{run[0]}–{run[-1]}" if len(run) > 2 else ", ".join(map(str, run)) for run in runs
    )


def roster_pdf(source: ExportSource, *, paper: Paper) -> bytes:
    """The roster of `source` on `paper`, from the render cache when it was drawn before."""

    def draw() -> bytes:
        context = roster_context(source, paper=paper)
        html = render_to_string(TEMPLATE, context)
        return render.write_pdf(html, pictures=context["pictures"])

    return cached_render(roster_key(source, paper=paper), draw)


def roster_key(source: ExportSource, *, paper: Paper) -> str:
    """The render-cache key of the roster of `source` on `paper`."""
    return render_key("roster", source.render_content(), paper=paper.key)


def roster_html(source: ExportSource, *, paper: Paper) -> str:
    return render_to_string(TEMPLATE, roster_context(source, paper=paper))


def card_inner_width(paper: Paper) -> float:
    """The room inside a card: half the page less the gap, the card's border and padding."""
    return card_width(paper) - 2 * CARD_PADDING - 0.7


@dataclass(frozen=True)
class AlikeUnits:
    """Units of the list that print the same card (the first of them stands for all)."""

    numbers: tuple[int, ...]
    card: Card
    force: str
    problems: tuple[str, ...]
    unit: RosterUnit


def alike_units(source: ExportSource) -> list[AlikeUnits]:
    """The list's units in printed order, identical ones together: same datasheet, models,
    options, legend, campaign state, force and problems, so the same card but for the number."""
    roster, report = source.roster, source.report
    found: dict[str, tuple[list[int], Card, str, tuple[str, ...], RosterUnit]] = {}
    for group in source.groups:
        for number, unit in group.units:
            card = chosen_card(roster, unit, report)
            problems = tuple(v.message for v in report.violations_for(unit.id))
            same = repr((replace(card, key=""), group.title, problems))
            if same in found:
                found[same][0].append(number)
            else:
                found[same] = ([number], card, group.title, problems, unit)
    return [
        AlikeUnits(tuple(numbers), card, force, problems, unit)
        for numbers, card, force, problems, unit in found.values()
    ]


def printed_cards(source: ExportSource, *, paper: Paper) -> list[tuple[PrintedCard, RosterUnit]]:
    """The roster's cards, each with the first unit it stands for; tables laid out once a card."""
    inner = card_inner_width(paper)
    return [
        (
            PrintedCard(
                numbers=alike.numbers,
                card=alike.card,
                force=alike.force,
                stats=stats_table(alike.card, inner),
                weapons=_weapons_table(alike.card, inner),
                rules=_rules_line(alike.card),
                chosen=tuple(_chosen(source, alike.unit)),
                problems=alike.problems,
            ),
            alike.unit,
        )
        for alike in alike_units(source)
    ]


def card_width(paper: Paper) -> float:
    """A card's width: half the page's text width less half the gap between two cards."""
    return (paper.width_mm - 2 * PAGE_SIDE_MARGIN - CARD_GAP) / 2


def roster_context(source: ExportSource, *, paper: Paper) -> dict:
    printed = printed_cards(source, paper=paper)
    cards = [card for card, _ in printed]
    summary = summary_context(source, paper=paper)
    unit_count = len(source.roster.units)
    rows = card_rows(
        cards,
        unit_count=unit_count,
        card_width_mm=card_width(paper),
        gap_mm=CARD_GAP,
        accent=summary["accent"],
    )
    width = paper.width_mm - 2 * PAGE_SIDE_MARGIN
    glossary = {
        "glossary": glossary_slots(
            rule_glossary(source, [c.card for c in cards], [u for _, u in printed]),
            prefix="rule", width_mm=width, markup=True,
        ),
        "powers": glossary_slots(power_glossary(source), prefix="power", width_mm=width, markup=True),
        "stat_notes": glossary_slots(stat_glossary(source), prefix="stat", width_mm=width, markup=False),
    }  # fmt: skip
    entries = [slot for slots in glossary.values() for slot in slots if slot.drawing]
    return {
        **summary,
        **glossary,
        "card_rows": rows,
        "pictures": {
            **summary["pictures"],
            **row_pictures(rows),
            **{slot.name: Blocks(((0.0, slot.drawing),)) for slot in entries},
        },
        "unit_count": unit_count,
    }


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


# --- cards -------------------------------------------------------------------------------------


def _fit(texts: list[str], style: Style, low: float, high: float) -> float:
    widest = max((text_width_mm(t, style.size_pt, bold=style.bold) for t in texts), default=0)
    return min(high, max(low, widest + 2))


def stats_table(card: Card, inner: float) -> AlignedTable | None:
    if not card.models or not card.stat_headers:
        return None
    names = [row.name for row in card.models]
    name_room = _fit(names, NAMES, 20, inner - 6.5 * (len(card.stat_headers) + 1))
    return aligned_table(
        ["MODEL", "#", *(abbr.upper() for abbr, _ in card.stat_headers)],
        [[row.name, row.count, *row.stats] for row in card.models],
        widths_mm=[name_room, 6, *([6.2] * (len(card.stat_headers) - 1))],
        total_mm=inner,
        body=BODY,
        head=HEAD,
        name_body=NAMES,
        line_mm=LINE_MM,
    )


def _weapons_table(card: Card, inner: float) -> AlignedTable | None:
    if not card.weapons:
        return None
    rows, names = [], []
    for weapon in card.weapons:
        name = f"{weapon.name} ({weapon.carried_by})" if weapon.carried_by else weapon.name
        names.append(name)
        rules = ", ".join(chip.label for chip in weapon.rules) or "–"
        rows.append([name, weapon.range, *weapon.stats, rules])
    stat_count = len(card.weapon_headers)
    range_room = _fit([w.range for w in card.weapons], BODY, 9, 16)
    name_room = _fit(names, BODY, 22, inner - range_room - 5.6 * stat_count - 20)
    return aligned_table(
        ["WEAPON", "RANGE", *(abbr.upper() for abbr, _ in card.weapon_headers), "RULES"],
        rows,
        widths_mm=[name_room, range_room, *([5.6] * stat_count)],
        total_mm=inner,
        body=BODY,
        head=HEAD,
        line_mm=LINE_MM,
    )


def _rules_line(card: Card) -> str:
    parts = [", ".join(chip.label for chip in card.rules)] if card.rules else []
    for row in card.models:
        if row.rules:
            labels = ", ".join(chip.label for chip in row.rules)
            parts.append(f"{row.name}: {labels}" if len(card.models) > 1 or card.rules else labels)
    return " · ".join(parts)


def _chosen(source: ExportSource, unit: RosterUnit) -> list[str]:
    out = []
    for text, points in option_texts(source, unit):
        out.append(f"{text} ({'+' if points >= 0 else '−'}{abs(points)} pts)" if points else text)
    return out


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


# --- summary -----------------------------------------------------------------------------------


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
            _fit([r[0] for r in rows], SUMMARY, 30, 56),
            _fit([r[1] for r in rows], SUMMARY, 22, 40),
            _fit([r[2] for r in rows], SUMMARY, 26, 40),
            13,
            13,
        ],
        total_mm=_summary_width(paper),
        body=SUMMARY,
        head=SUMMARY_HEAD,
        name_body=Style(SUMMARY.size_pt, bold=True),
        line_mm=SUMMARY_LINE_MM,
    )


ROSTER = register_printout(
    PrintoutKind(
        key="roster",
        title="roster",
        template=TEMPLATE,
        description="A summary page, a datasheet card for each unit and a glossary of the rules.",
        button="Download roster",
        choices=(PAPER,),
        cache_key=roster_key,
        draw=roster_pdf,
        offline=True,  # read at the table, where the network may be poor
    )
)

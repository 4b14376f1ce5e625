"""The PDF roster: a summary page (summary.py), one datasheet card per unit as chosen, and a
glossary."""

from __future__ import annotations

from dataclasses import dataclass, replace

from django.template.loader import render_to_string

from factions.cards import Card
from forgebuilder.engine.api import RosterUnit, chosen_card
from forgebuilder.lists.exports.card_rows import card_rows, row_pictures
from forgebuilder.lists.exports.drawn_entries import glossary_slots
from forgebuilder.lists.exports.glossary import power_glossary, rule_glossary, stat_glossary
from forgebuilder.lists.exports.page import LINE_MM, PAGE_SIDE_MARGIN, fit
from forgebuilder.lists.exports.source import ExportSource
from forgebuilder.lists.exports.summary import option_texts, summary_context
from forgebuilder.printing.api import (
    PAPER,
    AlignedTable,
    Blocks,
    Paper,
    PrintoutKind,
    Style,
    aligned_table,
    cached_render,
    register_printout,
    render,
    render_key,
)

TEMPLATE = "print/roster.html"

# Geometry shared with print.css (millimetres and points).
CARD_GAP = 5
CARD_PADDING = 2
BODY = Style(7.5)
NAMES = Style(7.5, bold=True)
HEAD = Style(6.3, bold=True)


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


# --- cards -------------------------------------------------------------------------------------


def stats_table(card: Card, inner: float) -> AlignedTable | None:
    if not card.models or not card.stat_headers:
        return None
    names = [row.name for row in card.models]
    name_room = fit(names, NAMES, 20, inner - 6.5 * (len(card.stat_headers) + 1))
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
    range_room = fit([w.range for w in card.weapons], BODY, 9, 16)
    name_room = fit(names, BODY, 22, inner - range_room - 5.6 * stat_count - 20)
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

"""The compact roster: the summary page and each unit's stat line, no cards.

For organisers checking lists and players posting theirs on a forum: a few pages for any list,
drawn in a fraction of the full roster's time. Identical units are listed once, with how many.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.template.loader import render_to_string

from forgebuilder.lists.exports.page import PAGE_SIDE_MARGIN
from forgebuilder.lists.exports.roster import alike_units, numbers_label, stats_table
from forgebuilder.lists.exports.source import ExportSource
from forgebuilder.lists.exports.summary import summary_context
from forgebuilder.printing.api import (
    PAPER,
    AlignedTable,
    Drawing,
    Paper,
    PrintoutKind,
    cached_render,
    register_printout,
    render,
    render_key,
)

TEMPLATE = "print/compact.html"


@dataclass(frozen=True)
class StatLine:
    """One unit, or identical units, with the stat line of each of its models."""

    numbers: str  # "3" or "2, 3, 5"
    times: int
    name: str
    datasheet: str  # the datasheet's name when the unit has a name of its own, else ""
    points: int
    stats: AlignedTable | None


def compact_pdf(source: ExportSource, *, paper: Paper) -> bytes:
    """The compact roster of `source` on `paper`, from the render cache when drawn before."""
    key = compact_key(source, paper=paper)

    def draw() -> bytes:
        html, pictures = compact_document(source, paper=paper)
        return render.write_pdf(html, pictures=pictures)

    return cached_render(key, draw)


def compact_key(source: ExportSource, *, paper: Paper) -> str:
    return render_key("compact", source.render_content(), paper=paper.key)


def compact_html(source: ExportSource, *, paper: Paper) -> str:
    return compact_document(source, paper=paper)[0]


def compact_document(source: ExportSource, *, paper: Paper) -> tuple[str, dict[str, Drawing]]:
    """The compact roster's HTML and the pictures drawn into it (render.write_pdf's)."""
    context = compact_context(source, paper=paper)
    return render_to_string(TEMPLATE, context), context["pictures"]


def compact_context(source: ExportSource, *, paper: Paper) -> dict:
    width = paper.width_mm - 2 * PAGE_SIDE_MARGIN - 2
    lines = [
        StatLine(
            numbers=numbers_label(alike.numbers),
            times=len(alike.numbers),
            name=alike.card.title,
            datasheet=(
                alike.card.datasheet_name if alike.card.title != alike.card.datasheet_name else ""
            ),
            points=alike.card.points,
            stats=stats_table(alike.card, width),
        )
        for alike in alike_units(source)
    ]
    return {**summary_context(source, paper=paper), "stat_lines": lines}


COMPACT = register_printout(
    PrintoutKind(
        key="compact",
        title="compact roster",
        template=TEMPLATE,
        description=(
            "The summary and every unit's stat line, no cards: for organisers and forums."
        ),
        button="Download compact roster",
        choices=(PAPER,),
        cache_key=compact_key,
        draw=compact_pdf,
        file_suffix="-compact",
    )
)

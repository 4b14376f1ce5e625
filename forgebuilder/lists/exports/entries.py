"""Entries of the roster's reference lists (strategies, stratagems) and glossary: a term
column beside its text (print.css `.entry`).

The term column takes no height of its own in the layout (it is cheaper for WeasyPrint), so
each entry is given, as its least height, the height its term needs: its name (with a cost)
and its note, each wrapped in the column. A long note ("from Allied Contingent (The Gilt
Ledger Company)") then never runs into the next entry.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from forgebuilder.engine.api import Reference
from forgebuilder.printing.api import PT_PER_MM, wrap

TERM_WIDTH_MM = 38  # .entry .term's width
TERM_PT, TERM_LINE = 7.8, 1.3  # .entry: font size and line height
NOTE_PT, NOTE_LINE = 6.8, 1.2  # .entry .term small


def term_height_mm(title: str, note: str = "") -> float:
    """The height of a term column holding `title` (bold) and, under it, `note` (small)."""
    lines = len(wrap(title, TERM_WIDTH_MM, TERM_PT, bold=True)) * TERM_PT * TERM_LINE
    if note:
        lines += len(wrap(note, TERM_WIDTH_MM, NOTE_PT)) * NOTE_PT * NOTE_LINE
    return round(lines / PT_PER_MM, 2)


@dataclass(frozen=True)
class PrintedReference:
    """A reference as the roster prints it, with its term's height."""

    name: str
    text: str
    cost: str
    note: str
    term_mm: float


def printed_references(
    references: Iterable[tuple[str, Iterable[Reference]]],
) -> list[tuple[str, list[PrintedReference]]]:
    """The report's references by heading, each with the height of its term."""
    return [(heading, [_printed(item) for item in items]) for heading, items in references]


def _printed(item: Reference) -> PrintedReference:
    title = f"{item.name} · {item.cost}" if item.cost else item.name
    return PrintedReference(
        item.name, item.text, item.cost, item.note, term_height_mm(title, item.note)
    )

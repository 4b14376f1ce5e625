"""Glossary entries drawn as pictures: a term column (name, and a note under it) beside its
text, as print.css's `.entry` sets them. A glossary entry laid out as HTML cost WeasyPrint about
2 ms (a third of a 30-unit roster went to its glossary); drawn, it is placed once, in Python."""

from __future__ import annotations

from dataclasses import dataclass

from forgebuilder.lists.exports.entries import NOTE_LINE, NOTE_PT, TERM_LINE, TERM_PT, TERM_WIDTH_MM
from forgebuilder.printing.api import (
    MM_PER_PT,
    Drawn,
    Face,
    Fill,
    Segment,
    Text,
    drawable,
    flow,
    marked,
)

NO_TEXT = "No text in the module."
TERM = Face(TERM_PT, bold=True)
NOTE = Face(NOTE_PT, color="#555")
BODY = Face(TERM_PT)
PAD = 0.9  # .entry's padding above and below
TEXT_LEFT = 40.0  # .entry .text's margin


@dataclass(frozen=True)
class GlossarySlot:
    entry: object  # a GlossaryEntry: name, text, note
    name: str  # its picture's name
    drawing: Drawn | None  # None: laid out as HTML


def glossary_slots(entries: list, *, prefix: str, width_mm: float, markup: bool) -> list:
    """Each entry with the picture that draws it `width_mm` wide (None when the print font
    lacks one of its characters); `markup`: its text has the modules' emphasis marks."""
    return [
        GlossarySlot(entry, f"{prefix}-{i}", drawn_entry(entry, width_mm=width_mm, markup=markup))
        for i, entry in enumerate(entries, 1)
    ]


def drawn_entry(entry, *, width_mm: float, markup: bool) -> Drawn | None:
    text = entry.text or NO_TEXT
    if not drawable([entry.name, entry.note, text]):
        return None
    segments: list[Segment] = marked(text, BODY, TERM) if markup else [(text, BODY)]
    term_line, note_line = TERM_PT * TERM_LINE * MM_PER_PT, NOTE_PT * NOTE_LINE * MM_PER_PT
    drawing = Drawn(width_mm)
    y = PAD
    for lines, face, line_mm in (
        (flow([(entry.name, TERM)], TERM_WIDTH_MM), TERM, term_line),
        (flow([(entry.note, NOTE)], TERM_WIDTH_MM) if entry.note else [], NOTE, note_line),
    ):
        for line in lines:
            for run in line:
                drawing.shapes.append(Text(run.x_mm, y + face.baseline_mm(line_mm), run.text, face))
            y += line_mm
    term_bottom, y = y, PAD
    for line in flow(segments, width_mm - TEXT_LEFT):
        for run in line:
            top = y + BODY.baseline_mm(term_line)
            drawing.shapes.append(Text(TEXT_LEFT + run.x_mm, top, run.text, run.face))
        y += term_line
    rule = 0.4 * MM_PER_PT
    drawing.height_mm = round(max(term_bottom, y) + PAD + rule, 3)
    drawing.shapes.append(Fill(0, drawing.height_mm - rule, width_mm, rule, "#ccc"))
    return drawing

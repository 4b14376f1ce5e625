"""Text set by hand for drawn pictures: faces, measured runs and lines broken to a width.

The cards of the roster are drawn straight onto the page (exports/pictures.py) rather than
laid out as HTML, so their lines are broken here, with the vendored font's own advance widths
(measure.py), the way the print stylesheet would set them.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, replace

from factions import markup
from forgebuilder.printing.measure import CONTROL, covers, text_width_mm

MM_PER_PT = 25.4 / 72
# The print font's ascent and descent (hhea, in em): where a baseline sits in its line box.
ASCENT, DESCENT = 1900 / 2048, 500 / 2048


@dataclass(frozen=True)
class Face:
    """How a run of text is set: size, weight, colour, letter spacing (em), capitals, and
    italic: the print font has no italic face, so an italic run is the upright letters leaned
    (an oblique, drawn by pictures.py's text matrix; the widths are the upright ones)."""

    size_pt: float
    bold: bool = False
    color: str = "#111"
    tracking_em: float = 0.0
    upper: bool = False
    italic: bool = False

    def set(self, text: str) -> str:
        return text.upper() if self.upper else text

    def width_mm(self, text: str) -> float:
        text = self.set(text)
        tracking = len(text) * self.tracking_em * self.size_pt * MM_PER_PT
        return text_width_mm(text, self.size_pt, bold=self.bold) + tracking

    def baseline_mm(self, line_mm: float) -> float:
        """From the top of a line box `line_mm` high to the baseline of this face in it."""
        size_mm = self.size_pt * MM_PER_PT
        return line_mm / 2 + (ASCENT - DESCENT) * size_mm / 2


@dataclass(frozen=True)
class Run:
    """Text at `x_mm` from the start of its line, in `face`."""

    x_mm: float
    text: str
    face: Face


Segment = tuple[str, Face]
# A word and the spaces after it, a run of spaces, or a line break
_PIECES = re.compile(r"\S+[^\S\n]*|[^\S\n]+|\n")


def _pieces(text: str) -> list[str]:
    """`text`'s words with their spaces and its line breaks ("\n"), another control character
    (a tab, a NUL...) set as a space."""
    lines = markup.LINE_BREAK.split(text)
    return _PIECES.findall("\n".join(CONTROL.sub(" ", line) for line in lines))


def flow(segments: list[Segment], width_mm: float, *, indent_mm: float = 0.0) -> list[list[Run]]:
    """`segments` broken into lines no wider than `width_mm` at spaces (a word longer than a
    line stays whole) and at their line breaks, the first line starting `indent_mm` in; a line's
    runs of a face merged. A line starting with a bullet ("• ") is an item of a list: its
    wrapped lines start under its text, not under the bullet."""
    lines: list[list[Run]] = [[]]
    x, start, hang = indent_mm, 0.0, 0.0  # start: where the line's text starts
    for text, face in segments:
        for piece in _pieces(text):
            if piece == "\n":
                lines.append([])
                x = start = hang = 0.0
                continue
            if x > start and x + face.width_mm(piece.rstrip()) > width_mm:
                lines.append([])
                x = start = hang
            if len(lines) > 1 and not lines[-1]:  # a line after a break starts with a word
                piece = piece.lstrip()
                if not piece:
                    continue
            if x == 0 and not lines[-1] and piece.startswith(markup.BULLET):
                hang = face.width_mm(markup.BULLET)
            line = lines[-1]
            if line and line[-1].face == face:
                line[-1] = Run(line[-1].x_mm, line[-1].text + piece, face)
            else:
                line.append(Run(x, piece, face))
            x += face.width_mm(piece)
    return lines


def marked(text: str, face: Face, bold: Face) -> list[Segment]:
    """Module rule text with its emphasis marks: bold parts in `bold`, the rest in `face`,
    italic parts leaned (either weight); its lines kept (markup.lines: bullets as "• ")."""
    segments: list[Segment] = []
    strong = emphasis = False
    text = "\n".join(markup.lines(text))
    for part in re.split(r"(</?strong>|</?em>)", str(markup.render(text))):
        if part in ("<strong>", "</strong>"):
            strong = part == "<strong>"
        elif part in ("<em>", "</em>"):
            emphasis = part == "<em>"
        elif part and not part.startswith("<"):
            chosen = bold if strong else face
            segments.append((html.unescape(part), replace(chosen, italic=emphasis)))
    return segments


def drawable(texts: list[str]) -> bool:
    """Whether the print font has every character of `texts` (else the card is laid out as
    HTML, where other fonts stand in for the missing characters)."""
    return all(covers(text) for text in texts)

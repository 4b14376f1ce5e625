"""Widths of text in the vendored print font, to line up columns without table cells.

WeasyPrint spends most of its time on each box and each line of text. A datasheet drawn as
an HTML table costs one box per cell; drawn as two blocks of preformatted lines (the names,
then the other values) it costs two lines per row, and renders several times faster. Each
value is padded to the start of the next column with space characters of known widths.
Kerning and ligatures are off in those blocks (print.css), so the advance widths of the font
file are exactly the widths Pango lays out (checked to a thousandth of a pixel).
"""

from __future__ import annotations

import re
from bisect import bisect_left
from functools import lru_cache

from forgebuilder.printing.static import static_path

PT_PER_MM = 72 / 25.4
FONTS = {False: "fonts/RobotoCondensed-Regular.ttf", True: "fonts/RobotoCondensed-Bold.ttf"}
# Characters no font draws (line breaks, tabs, NUL...): text set by hand breaks its lines at
# them or sets them as spaces (flow.py, `wrap`), never looks them up in the font.
CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")


@lru_cache(maxsize=2)
def glyph_advances(bold: bool) -> tuple[dict[int, float], float]:
    """Advance width of each character in em, and a fallback for characters the font lacks."""
    from fontTools.ttLib import TTFont

    font = TTFont(str(static_path(FONTS[bold])), lazy=True)
    upem = font["head"].unitsPerEm
    metrics = font["hmtx"].metrics
    widths = {code: metrics[glyph][0] / upem for code, glyph in font.getBestCmap().items()}
    return widths, 0.6  # a fallback glyph from another font is at most about this wide


@lru_cache(maxsize=2)
def glyph_ids(bold: bool) -> dict[int, int]:
    """The font file's glyph index of each character it has (what a PDF draws text with)."""
    from fontTools.ttLib import TTFont

    font = TTFont(str(static_path(FONTS[bold])), lazy=True)
    return {code: font.getGlyphID(glyph) for code, glyph in font.getBestCmap().items()}


def covers(text: str) -> bool:
    """Whether both weights of the print font have every character of `text` (but the
    control characters, which are never drawn)."""
    regular, bold = glyph_advances(False)[0], glyph_advances(True)[0]
    return all(ord(ch) in regular and ord(ch) in bold for ch in CONTROL.sub("", text))


def text_width_mm(text: str, size_pt: float, *, bold: bool = False) -> float:
    """The width of `text` set in the print font at `size_pt`, in millimetres."""
    widths, fallback = glyph_advances(bold)
    em = sum(widths.get(ord(ch), fallback) for ch in text)
    return em * size_pt / PT_PER_MM


# Spaces of the font, widest first: padding made of them lands within a fraction of a point of
# where it should (WeasyPrint draws tabs 2.4 % wider than it lays them out, so no tabs).
SPACES = "\u2003\u2002\u2004\u0020\u2009\u2006\u200a"


@lru_cache(maxsize=4)
def _space_sums(bold: bool) -> tuple[tuple[float, str], ...]:
    """Every run of up to four of the narrower spaces, by width (em): the fine part of padding."""
    widths, _ = glyph_advances(bold)
    narrow = [(widths[ord(ch)], ch) for ch in SPACES[1:]]
    sums: dict[float, str] = {0.0: ""}
    for _ in range(4):
        for total, run in list(sums.items()):
            for width, ch in narrow:
                key = round(total + width, 5)
                if key not in sums or len(sums[key]) > len(run) + 1:
                    sums[key] = run + ch
    return tuple(sorted(sums.items()))


def spaces_mm(gap_mm: float, size_pt: float, *, bold: bool = False) -> str:
    """A run of space characters as close as can be to `gap_mm` wide (never negative)."""
    widths, _ = glyph_advances(bold)
    em_mm = size_pt / PT_PER_MM
    gap = max(0.0, gap_mm / em_mm)
    wide = widths[ord(SPACES[0])]
    count = int(gap // wide)
    rest = gap - count * wide
    sums = _space_sums(bold)
    at = bisect_left(sums, (rest, ""))  # the nearest sum is this one or the one before
    _, fine = min(sums[max(at - 1, 0) : at + 1], key=lambda item: abs(item[0] - rest))
    return SPACES[0] * count + fine


def wrap(
    text: str, width_mm: float, size_pt: float, *, bold: bool = False, sep: str = " "
) -> list[str]:
    """`text` broken at `sep` into lines no wider than `width_mm` (a long word stays whole);
    its own line breaks and other control characters are set as spaces."""
    words = CONTROL.sub(" ", text).split(sep)
    lines: list[str] = []
    current = ""
    for word in words:
        candidate = f"{current}{sep}{word}" if current else word
        if current and text_width_mm(candidate, size_pt, bold=bold) > width_mm:
            lines.append(current + (sep.rstrip() if sep.strip() else ""))
            current = word.lstrip()
        else:
            current = candidate
    lines.append(current)
    return lines

"""Measures of the printed roster's pages shared by its cards (roster.py) and its summary page
(summary.py): the side margin, the line height of the cards' tables, and a column fitted to its
widest text."""

from __future__ import annotations

from forgebuilder.printing.api import Style, text_width_mm

# Geometry shared with print.css (millimetres and points).
PAGE_SIDE_MARGIN = 10


LINE_MM = 3.3  # .tn, .tv line-height


def fit(texts: list[str], style: Style, low: float, high: float) -> float:
    widest = max((text_width_mm(t, style.size_pt, bold=style.bold) for t in texts), default=0)
    return min(high, max(low, widest + 2))

"""A datasheet card as a picture: its rectangles and lines of text placed in Python.

WeasyPrint spends most of a roster's time laying out the cards' boxes and lines (about 30 ms
a card, bench/README.md) and lays out again every row of cards pushed to the next page. A
card's layout is simple and known here (the tables are already set in measured columns,
tabular.py), so each card is placed in the page as an image of a known height, and drawn
from this list of shapes and text runs (exports/pictures.py). It reads as the card of
print/card.html did: same sizes, colours and order of text, the text selectable.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from forgebuilder.printing.flow import MM_PER_PT, Face, Run, Segment, drawable, flow, marked
from forgebuilder.printing.tabular import AlignedTable

BORDER = 0.9 * MM_PER_PT
PAD = 2.0  # the card's sections' left and right padding
TITLE = Face(11, bold=True)
BADGE = Face(8.5, bold=True)
POINTS = Face(12, bold=True)
POINTS_UNIT = Face(7.5)
SUBTITLE = Face(7, color="#333")
TEXT = Face(7.5)
LABEL = Face(6.3, bold=True, color="#333", tracking_em=0.04, upper=True)
HEAD = Face(6.3, bold=True, color="#333")
FOOT = Face(6.5, color="#444")
GREY = "#efefef"


@dataclass(frozen=True)
class Fill:
    """A filled rectangle (mm from the card's top left), its corners rounded by `radius`
    (only the top ones when `top_only`)."""

    x: float
    y: float
    w: float
    h: float
    color: str
    radius: float = 0.0
    top_only: bool = False


@dataclass(frozen=True)
class Outline:
    """A rounded rectangle's outline, `width_pt` thick, centred on its edges."""

    x: float
    y: float
    w: float
    h: float
    color: str
    width_pt: float
    radius: float


@dataclass(frozen=True)
class Text:
    x: float
    baseline: float
    text: str
    face: Face


Shape = Fill | Outline | Text


@dataclass
class Drawn:
    """A drawn block (a card, a row of the summary's units table): its size and its shapes,
    in reading order (the PDF's text follows it)."""

    width_mm: float
    height_mm: float = 0.0
    shapes: list[Shape] = field(default_factory=list)

    def characters(self, bold: bool) -> set[str]:
        """The characters its text of one weight is drawn with."""
        return {
            ch
            for s in self.shapes
            if isinstance(s, Text) and s.face.bold == bold
            for ch in s.face.set(s.text)
            if ch != "\n"
        }

    @property
    def text(self) -> str:
        """The card's text as it reads: the image's alternative text."""
        return " ".join(s.text.strip() for s in self.shapes if isinstance(s, Text))


def card_texts(item) -> list[str]:
    card = item.card
    texts = [card.title, card.datasheet_name, card.category, item.force, item.rules]
    texts += [*card.facts, *item.chosen, *item.problems, *card.keywords]
    texts += [part for pair in card.extras for part in pair]
    for table in (item.stats, item.weapons):
        if table is not None:
            texts += [table.header, table.names, table.values]
    return texts


def drawn_card(item, *, unit_count: int, width_mm: float, accent: str) -> Drawn | None:
    """The card of `item` (exports.roster.PrintedCard) `width_mm` wide, or None when the print
    font lacks a character of it (the card is then laid out as HTML)."""
    if not drawable(card_texts(item)):
        return None
    pen = _Pen(Drawn(width_mm), accent)
    pen.header(item)
    if item.shared:
        pen.line([("Units ", LABEL), (item.numbers_label, TEXT)])
    for table, bold_values, bold_names in ((item.stats, True, True), (item.weapons, False, False)):
        if table is not None:
            pen.table(table, bold_values=bold_values, bold_names=bold_names)
    if item.rules:
        pen.line([("Rules ", LABEL), (item.rules, TEXT)])
    if item.chosen:
        pen.line([("Chosen ", LABEL), ("; ".join(item.chosen), TEXT)])
    for heading, text in item.card.extras:
        pen.line([(f"{heading} ", LABEL), *marked(text, TEXT, Face(7.5, bold=True))], rule=True)
    for message in item.problems:
        pen.line([("Problem ", LABEL), (message, TEXT)], boxed=True)
    pen.footer(item, unit_count)
    return pen.card


class _Pen:
    """Places a card's sections top to bottom, collapsing their margins as CSS does."""

    def __init__(self, card: Drawn, accent: str) -> None:
        self.card, self.accent = card, accent
        self.y = BORDER
        self.margin = 0.0  # the bottom margin of the section above, not yet spent
        self.inner = card.width_mm - 2 * BORDER - 2 * PAD

    def add(self, shape: Shape) -> None:
        self.card.shapes.append(shape)

    def text_lines(self, lines: list[list[Run]], x: float, line_mm: float) -> None:
        for line in lines:
            for run in line:
                baseline = self.y + run.face.baseline_mm(line_mm)
                self.add(Text(x + run.x_mm, baseline, run.text, run.face))
            self.y += line_mm

    def block(self, margin_top: float) -> None:
        self.y += max(self.margin, margin_top)
        self.margin = 0.0

    def header(self, item) -> None:
        card, left = item.card, BORDER + PAD
        badge = f"×{item.times}" if item.shared else str(item.number)
        unit = " pts each" if item.shared else " pts"
        points_w = POINTS.width_mm(str(card.points)) + POINTS_UNIT.width_mm(unit)
        badge_w = BADGE.width_mm(badge) + 2 * 1.3 + 2 * 1.1 * MM_PER_PT
        title = flow([(" " + card.title, TITLE)], self.inner - points_w - 2, indent_mm=badge_w)
        line_mm = 11 * 1.2 * MM_PER_PT
        top = self.y
        height = 1.3 + len(title) * line_mm + 0.3
        self.add(
            Fill(BORDER, top, self.card.width_mm - 2 * BORDER, height, GREY, 2 * MM_PER_PT, True)
        )
        self.y += 1.3
        right = self.card.width_mm - BORDER - PAD
        points_base = self.y + POINTS.baseline_mm(12 * 1.2 * MM_PER_PT)
        self.add(Text(right - points_w, points_base, str(card.points), POINTS))
        # a space after "pts" (drawn past the edge, unseen) keeps the card number a word apart
        # in the PDF's text
        self.add(Text(right - POINTS_UNIT.width_mm(unit), points_base, unit + " ", POINTS_UNIT))
        self._badge(left, self.y + TITLE.baseline_mm(line_mm), badge, badge_w)
        self.text_lines(title, left, line_mm)
        self.y = top + height
        self._subtitle(item)

    def _badge(self, x: float, baseline: float, text: str, width: float) -> None:
        size = BADGE.size_pt * MM_PER_PT
        top = baseline - 0.3 - size * 0.93 - 1.1 * MM_PER_PT
        height = size * 1.17 + 2 * 1.1 * MM_PER_PT
        self.add(Fill(x, top, width, height, "#fff", 1.6))
        self.add(Outline(x, top, width, height, "#111", 1.1, 1.6))
        self.add(Text(x + (width - BADGE.width_mm(text)) / 2, baseline - 0.3, text, BADGE))

    def _subtitle(self, item) -> None:
        card = item.card
        parts = [card.datasheet_name] if card.title != card.datasheet_name else []
        parts += [card.category, item.force, *card.facts]
        lines = flow([(" · ".join(parts), SUBTITLE)], self.inner)
        line_mm = 7 * 1.3 * MM_PER_PT
        height = len(lines) * line_mm + 1.2
        self.add(Fill(BORDER, self.y, self.card.width_mm - 2 * BORDER, height, GREY))
        accent = 1.6 * MM_PER_PT
        self.add(
            Fill(BORDER, self.y + height, self.card.width_mm - 2 * BORDER, accent, self.accent)
        )
        self.text_lines(lines, BORDER + PAD, line_mm)
        self.y += 1.2 + accent

    def line(self, segments: list[Segment], *, rule: bool = False, boxed: bool = False) -> None:
        """A paragraph: a label in small capitals, then its text (`.ln` of print.css)."""
        self.block(0.9)
        line_mm = 7.5 * 1.3 * MM_PER_PT
        x, width = BORDER + PAD, self.inner
        inset = (1.5 * MM_PER_PT + 1.5) if rule else (0.8 * MM_PER_PT + 1.2) if boxed else 0.0
        lines = flow(segments, width - 2 * inset if boxed else width - inset)
        pad_y = (0.6 + 0.8 * MM_PER_PT) if boxed else 0.0
        height = len(lines) * line_mm + 2 * pad_y
        if rule:
            self.add(Fill(x, self.y, 1.5 * MM_PER_PT, height, self.accent))
        if boxed:
            self.add(Outline(x, self.y, width, height, "#111", 0.8, 0))
        self.y += pad_y
        self.text_lines(lines, x + inset, line_mm)
        self.y += pad_y
        self.margin = 0.9

    def table(self, table: AlignedTable, *, bold_values: bool, bold_names: bool) -> None:
        """Header, names block, values block beside it (`.tt` of print.css)."""
        self.block(1.2)
        x = BORDER + PAD
        self.text_lines([[Run(0, table.header, HEAD)]], x, 3.2)
        self.add(Fill(x, self.y, self.inner, 0.9 * MM_PER_PT, "#111"))
        self.y += 0.9 * MM_PER_PT
        top = self.y
        for text, face, left in (
            (table.names, Face(7.5, bold=bold_names), x),
            (table.values, Face(7.5, bold=bold_values), x + table.name_width_mm),
        ):
            self.y = top
            self.text_lines([[Run(0, t, face)] if t else [] for t in text.split("\n")], left, 3.3)
        self.y = top + table.lines * table.line_mm
        self.add(Fill(x, self.y, self.inner, 0.4 * MM_PER_PT, "#999"))
        self.y += 0.4 * MM_PER_PT
        self.margin = 1.0

    def footer(self, item, unit_count: int) -> None:
        self.block(1.2)
        width = self.card.width_mm - 2 * BORDER
        self.add(Fill(BORDER, self.y, width, 0.5 * MM_PER_PT, "#999"))
        self.y += 0.5 * MM_PER_PT + 0.7
        end = f"{'cards ' + item.numbers_label if item.shared else f'card {item.number}'}"
        end += f" of {unit_count}"
        line_mm = 6.5 * 1.3 * MM_PER_PT
        right = self.card.width_mm - BORDER - PAD
        self.add(Text(right - FOOT.width_mm(end), self.y + FOOT.baseline_mm(line_mm), end, FOOT))
        keywords = ", ".join(item.card.keywords) or " "
        self.text_lines(
            flow([(keywords, FOOT)], self.inner - FOOT.width_mm(end) - 2), BORDER + PAD, line_mm
        )
        self.y += 0.7 + BORDER
        self.card.height_mm = round(self.y, 3)
        self.add(
            Outline(0, 0, self.card.width_mm, self.card.height_mm, "#222", 0.9, 2.5 * MM_PER_PT)
        )

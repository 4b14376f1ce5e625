"""Pictures drawn straight onto WeasyPrint's page: rows of cards (exports/drawn_cards.py), rows
of the summary's units table (exports/drawn_tables.py) and the footer's QR code.

A picture stands in the HTML as an image of its known size (`data-picture` names it). Once
WeasyPrint has laid the pages out, each such image is given a picture that writes its shapes
and text as PDF operators into WeasyPrint's page stream, with the print font's own glyphs and
WeasyPrint's fonts: the text is subset, embedded and extractable like the rest of the page.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from math import inf

from forgebuilder.printing.drawn_cards import Drawn, Fill, Outline, Text
from forgebuilder.printing.flow import Face, drawable
from forgebuilder.printing.measure import glyph_advances, glyph_ids

PX_PER_MM = 96 / 25.4
PX_PER_PT = 96 / 72
ARC = 0.5523  # a quarter circle as a Bézier curve: handles this far along the tangents
# Stands in for a picture until WeasyPrint has laid the pages out (never drawn itself).
PLACEHOLDER = (
    "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='1' height='1'/%3E"
)


@dataclass(frozen=True)
class Blocks:
    """Drawn blocks side by side (a row of cards), each `x_mm` from the left: one picture."""

    blocks: tuple[tuple[float, Drawn], ...]

    @property
    def height_mm(self) -> float:
        return max(block.height_mm for _, block in self.blocks)

    @property
    def text(self) -> str:
        return " ".join(block.text for _, block in self.blocks)


@dataclass(frozen=True)
class QrCode:
    """A QR code's dark modules, row by row, and its quiet zone (in modules)."""

    rows: tuple[tuple[bool, ...], ...]
    border: int = 2


@dataclass(frozen=True)
class Footer:
    """The page footer of a shared list: its QR code `qr_mm` square, then its text block."""

    qr: QrCode
    qr_mm: float
    text: Drawn
    text_x_mm: float


Drawing = Blocks | QrCode | Footer


@lru_cache(maxsize=32)
def _rgb(color: str) -> str:
    import tinycss2.color3

    parsed = tinycss2.color3.parse_color(color)
    if parsed is None or isinstance(parsed, str):  # not a colour, or currentColor
        return "0.07 0.07 0.07"
    return f"{parsed.red:.3f} {parsed.green:.3f} {parsed.blue:.3f}"


@lru_cache(maxsize=4)
def _pango_font(font_config, bold: bool):
    """A Pango font of the print font's weight: how WeasyPrint's stream names a font."""
    from weasyprint.css.properties import INITIAL_VALUES
    from weasyprint.text.line_break import create_layout

    class Style(dict):
        font_config = None

    style = Style(INITIAL_VALUES)
    style.font_config = font_config
    style.update(font_family=("Roboto Condensed",), font_weight=700 if bold else 400, font_size=10)
    layout = create_layout("A", style, None, inf, 0)
    line, _ = layout.get_first_line()
    # the layout is kept with the font: Pango frees the font with its last layout
    return layout, line.runs[0].data.item.analysis.font


class Picture:
    """Draws a drawing where WeasyPrint placed its image (in CSS pixels, y downwards)."""

    def __init__(self, drawing: Drawing, font_config) -> None:
        self.drawing, self.font_config = drawing, font_config

    def get_intrinsic_size(self, resolution, font_size):
        # the image fills its box (object-fit: fill), which was given the drawing's size
        return 1.0, 1.0, 1.0

    def draw(self, stream, width, height, style) -> None:
        drawing = self.drawing
        if isinstance(drawing, QrCode):
            stream.stream.append(_qr_operators(drawing, round(width, 3)))
            return
        if isinstance(drawing, Footer):
            stream.stream.append(_qr_operators(drawing.qr, round(drawing.qr_mm * PX_PER_MM, 3)))
            drawing = Blocks(((drawing.text_x_mm, drawing.text),))
        fonts = {}
        for bold in (False, True):
            font, _ = stream.add_font(_pango_font(self.font_config, bold)[1])
            _register(font, bold, (block for _, block in drawing.blocks))
            fonts[bold] = font.hash
        for x, block in drawing.blocks:
            stream.stream.append(f"q 1 0 0 1 {x * PX_PER_MM:.3f} 0 cm".encode())
            stream.stream.append(_operators(block, fonts[False], fonts[True]))
            stream.stream.append(b"Q")


# A character the print font lacks is drawn as its "missing glyph" (a box, glyph 0) and read
# back as the replacement character; flow.py and measure.py keep control characters away.
MISSING = 0


def _register(font, bold: bool, blocks: Iterable[Drawn]) -> None:
    """Tell WeasyPrint's font which glyphs the blocks use (it subsets and maps them)."""
    gids, (advances, fallback) = glyph_ids(bold), glyph_advances(bold)
    for block in blocks:
        for ch in block.characters(bold):
            gid = gids.get(ord(ch), MISSING)
            if gid not in font.to_unicode:
                font.to_unicode[gid] = ch if gid != MISSING else "\ufffd"
                font.widths[gid] = round(advances.get(ord(ch), fallback) * 1000)


def _path(x: float, y: float, w: float, h: float, r: float, top_only: bool = False) -> str:
    """A rectangle (px) with rounded corners (all, or the top two) as path operators."""
    if r <= 0:
        return f"{x:.3f} {y:.3f} {w:.3f} {h:.3f} re"
    k, b = r * ARC, 0.0 if top_only else r
    right, bottom = x + w, y + h
    ops = [
        f"{x + r:.3f} {y:.3f} m {right - r:.3f} {y:.3f} l",
        f"{right - r + k:.3f} {y:.3f} {right:.3f} {y + r - k:.3f} {right:.3f} {y + r:.3f} c",
        f"{right:.3f} {bottom - b:.3f} l",
    ]
    if b:
        ops.append(f"{right:.3f} {bottom - b + k:.3f} {right - b + k:.3f} {bottom:.3f} "
                   f"{right - b:.3f} {bottom:.3f} c")  # fmt: skip
    ops.append(f"{x + b:.3f} {bottom:.3f} l")
    if b:
        ops.append(f"{x + b - k:.3f} {bottom:.3f} {x:.3f} {bottom - b + k:.3f} {x:.3f} "
                   f"{bottom - b:.3f} c")  # fmt: skip
    ops.append(f"{x:.3f} {y + r:.3f} l {x:.3f} {y + r - k:.3f} {x + r - k:.3f} {y:.3f} "
               f"{x + r:.3f} {y:.3f} c h")  # fmt: skip
    return " ".join(ops)


def _fill(shape: Fill) -> str:
    x, y, w, h, r = (v * PX_PER_MM for v in (shape.x, shape.y, shape.w, shape.h, shape.radius))
    return f"{_rgb(shape.color)} rg {_path(x, y, w, h, r, shape.top_only)} f"


def _outline(shape: Outline) -> str:
    x, y, w, h, r = (v * PX_PER_MM for v in (shape.x, shape.y, shape.w, shape.h, shape.radius))
    line = shape.width_pt * PX_PER_PT
    half = line / 2  # a CSS border lies inside its box
    path = _path(x + half, y + half, w - line, h - line, max(r - half, 0))
    return f"{_rgb(shape.color)} RG {line:.3f} w {path} S"


@lru_cache(maxsize=8192)
def _glyphs(text: str, bold: bool) -> str:
    gids = glyph_ids(bold)
    return "".join(f"{gids.get(ord(ch), MISSING):04x}" for ch in text)


# An italic run leans its upright letters by this much (the tangent of about 11°, what
# typesetters use for an oblique): the text matrix moves each point right by its height.
OBLIQUE = 0.2


def _text(shape: Text, font: str) -> str:
    face = shape.face
    text = face.set(shape.text).rstrip("\n")
    if not text.strip():
        return ""
    size = face.size_pt * PX_PER_PT
    tracking = f" {face.tracking_em * size:.3f} Tc" if face.tracking_em else ""
    lean = OBLIQUE if face.italic else 0
    return (
        f"BT {_rgb(face.color)} rg{tracking} 1 0 {lean:g} -1 {shape.x * PX_PER_MM:.3f} "
        f"{shape.baseline * PX_PER_MM:.3f} Tm /{font} {size:.3f} Tf [<{_glyphs(text, face.bold)}>] "
        f"TJ{' 0 Tc' if tracking else ''} ET"
    )


def _operators(block: Drawn, regular: str, bold: str) -> bytes:
    ops = []
    for shape in block.shapes:
        if isinstance(shape, Text):
            ops.append(_text(shape, bold if shape.face.bold else regular))
        elif isinstance(shape, Fill):
            ops.append(_fill(shape))
        else:
            ops.append(_outline(shape))
    return "\n".join(op for op in ops if op).encode()


@lru_cache(maxsize=64)
def _qr_operators(code: QrCode, width_px: float) -> bytes:
    """White ground, then each row's runs of dark modules as strokes one module thick (as
    segno draws its SVG)."""
    size = len(code.rows) + 2 * code.border
    module = width_px / size
    ops = [f"1 1 1 rg 0 0 {width_px:.3f} {width_px:.3f} re f 0 0 0 RG {module:.4f} w"]
    for r, row in enumerate(code.rows):
        y = (r + code.border + 0.5) * module
        c = 0
        while c < len(row):
            if not row[c]:
                c += 1
                continue
            end = c
            while end < len(row) and row[end]:
                end += 1
            x1, x2 = (c + code.border) * module, (end + code.border) * module
            ops.append(f"{x1:.3f} {y:.3f} m {x2:.3f} {y:.3f} l")
            c = end
    ops.append("S")
    return "\n".join(ops).encode()


@lru_cache(maxsize=64)
def qr_code(url: str) -> QrCode:
    """The QR code of `url` as the footer prints it (error correction M, as qr.py's SVG)."""
    import segno

    matrix = segno.make(url, error="m").matrix
    return QrCode(tuple(tuple(bool(m) for m in row) for row in matrix))


def share_footer(url: str) -> Footer | None:
    """The footer of a shared list's pages (print.css's .page-footer): its QR code, "Open
    this list online" and the link; None when the print font cannot set the link."""
    if not drawable([url]):
        return None
    label = Face(6.5, bold=True, color="#555", tracking_em=0.05, upper=True)
    link, line_mm = Face(7, color="#333"), 7 * 1.3 * 25.4 / 72
    text = Drawn(75.5, 4.5 + 2 * line_mm)
    text.shapes.append(Text(0, 4.5 + link.baseline_mm(line_mm), "Open this list online", label))
    text.shapes.append(Text(0, 4.5 + line_mm + link.baseline_mm(line_mm), url, link))
    return Footer(qr_code(url), 17.0, text, 19.5)


def place(document, drawings: Mapping[str, Drawing], font_config) -> None:
    """Give each image of `document` (laid out, not yet written) named by `data-picture` the
    picture that draws it."""
    from weasyprint.formatting_structure import boxes

    for page in document.pages:
        for box in page._page_box.descendants():
            if isinstance(box, boxes.ReplacedBox) and box.element is not None:
                name = box.element.get("data-picture")
                if name in drawings:
                    box.replacement = Picture(drawings[name], font_config)

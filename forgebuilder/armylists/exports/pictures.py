"""Cards drawn straight onto WeasyPrint's page (the shapes of exports/drawn_cards.py).

A drawn card stands in the HTML as an image of its known size (`data-picture` names it).
Once WeasyPrint has laid the pages out, each such image is given a picture that draws the
card's rectangles and text with the print font's own glyphs, through WeasyPrint's page
stream and fonts: the text is subset, embedded and extractable like the rest of the page.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from math import inf

from .drawn_cards import DrawnCard, Fill, Outline, Text
from .measure import _advances, glyph_ids

PX_PER_MM = 96 / 25.4
PX_PER_PT = 96 / 72
ARC = 0.5523  # a quarter circle as a Bézier curve: handles this far along the tangents
# Stands in for a drawn card until WeasyPrint has laid the pages out (never drawn itself).
PLACEHOLDER = (
    "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='1' height='1'/%3E"
)


@lru_cache(maxsize=32)
def _rgb(color: str) -> tuple[float, float, float]:
    import tinycss2.color3

    parsed = tinycss2.color3.parse_color(color)
    if parsed is None or isinstance(parsed, str):  # not a colour, or currentColor
        return (0.07, 0.07, 0.07)
    return (parsed.red, parsed.green, parsed.blue)


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


class CardPicture:
    """Draws one card where WeasyPrint placed its image (in CSS pixels, y downwards)."""

    def __init__(self, card: DrawnCard, font_config) -> None:
        self.card, self.font_config = card, font_config

    def get_intrinsic_size(self, resolution, font_size):
        # the image fills its box (object-fit: fill), which the card's height was given to
        return 1.0, 1.0, 1.0

    def draw(self, stream, width, height, style) -> None:
        fonts = {}
        for bold in (False, True):
            font, _ = stream.add_font(_pango_font(self.font_config, bold)[1])
            fonts[bold] = font
        for shape in self.card.shapes:
            if isinstance(shape, Text):
                _text(stream, shape, fonts[shape.face.bold])
            else:
                _shape(stream, shape)


def _path(stream, x: float, y: float, w: float, h: float, r: float, top_only: bool) -> None:
    """A rectangle (px) with rounded corners (all, or the top two) as a path."""
    if r <= 0:
        stream.rectangle(x, y, w, h)
        return
    k = r * ARC
    bottom = 0.0 if top_only else r
    stream.move_to(x + r, y)
    stream.line_to(x + w - r, y)
    stream.curve_to(x + w - r + k, y, x + w, y + r - k, x + w, y + r)
    stream.line_to(x + w, y + h - bottom)
    if bottom:
        stream.curve_to(x + w, y + h - r + k, x + w - r + k, y + h, x + w - r, y + h)
    stream.line_to(x + bottom, y + h)
    if bottom:
        stream.curve_to(x + r - k, y + h, x, y + h - r + k, x, y + h - r)
    stream.line_to(x, y + r)
    stream.curve_to(x, y + r - k, x + r - k, y, x + r, y)
    stream.close()


def _shape(stream, shape: Fill | Outline) -> None:
    x, y, w, h, r = (v * PX_PER_MM for v in (shape.x, shape.y, shape.w, shape.h, shape.radius))
    if isinstance(shape, Fill):
        stream.set_color_rgb(*_rgb(shape.color))
        _path(stream, x, y, w, h, r, shape.top_only)
        stream.fill()
        return
    half = shape.width_pt * PX_PER_PT / 2  # a CSS border lies inside its box
    stream.set_color_rgb(*_rgb(shape.color), stroke=True)
    stream.set_line_width(shape.width_pt * PX_PER_PT)
    _path(stream, x + half, y + half, w - 2 * half, h - 2 * half, max(r - half, 0), False)
    stream.stroke()


def _text(stream, shape: Text, font) -> None:
    face = shape.face
    text = face.set(shape.text).rstrip("\n")
    if not text.strip():
        return
    gids, advances = glyph_ids(face.bold), _advances(face.bold)[0]
    glyphs = []
    for ch in text:
        gid = gids[ord(ch)]
        if gid not in font.to_unicode:
            font.to_unicode[gid] = ch
            font.widths[gid] = round(advances[ord(ch)] * 1000)
        glyphs.append(f"{gid:04x}")
    size = face.size_pt * PX_PER_PT
    stream.begin_text()
    stream.set_color_rgb(*_rgb(face.color))
    if face.tracking_em:
        stream.stream.append(f"{face.tracking_em * size:.3f} Tc".encode())
    stream.set_text_matrix(1, 0, 0, -1, shape.x * PX_PER_MM, shape.baseline * PX_PER_MM)
    stream.set_font_size(font.hash, size)
    stream.show_text(f"<{''.join(glyphs)}>")
    if face.tracking_em:
        stream.stream.append(b"0 Tc")
    stream.end_text()


def place(document, pictures: Mapping[str, DrawnCard], font_config) -> None:
    """Give each image of `document` (laid out, not yet written) named by `data-picture` the
    picture that draws it."""
    from weasyprint.formatting_structure import boxes

    for page in document.pages:
        for box in page._page_box.descendants():
            if isinstance(box, boxes.ReplacedBox) and box.element is not None:
                name = box.element.get("data-picture")
                if name in pictures:
                    box.replacement = CardPicture(pictures[name], font_config)

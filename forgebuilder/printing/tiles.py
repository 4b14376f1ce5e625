"""The drawing of one token of the token sheet, made once per kind and repeated along a row.

WeasyPrint lays out and draws every box and every border again, so a sheet of 2,000 tokens
drawn as 2,000 nested boxes with round borders and an SVG icon each took seconds per page set.
A row of tokens is one box whose background repeats the token's tile (cell lines, cut circle,
coloured ring, icon): the tile is drawn once per row, and each token adds only its text.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from forgebuilder.printing.icons import icon_drawing, svg_data_uri

GAP_MM = 3  # between tokens: room for the scissors
CUT_MM = 0.35  # the black cut line
DASH = 'stroke="#b5b5b5" stroke-width=".14" stroke-dasharray="1 .7" fill="none"'


@dataclass(frozen=True)
class TileSize:
    """A token's drawing and text. In mm: the white rim inside the cut line, the coloured ring,
    the icon alone and the icon above a number, the room for text inside the ring, and the top
    of the text in the cell (a label alone, a number above a label, a unit marker's number). In
    pt: the label, a number above a label, a marker's number and its unit's name."""

    rim: float
    ring: float
    icon: float
    small_icon: float
    room: float
    label_top: float
    number_top: float
    marker_top: float
    label_pt: float
    number_pt: float
    marker_pt: float
    name_pt: float


TILE_SIZES = {
    25: TileSize(0.55, 1.9, 7.5, 4.5, 14.2, 15.1, 10.5, 7.7, 6, 16, 19, 5.8),
    32: TileSize(0.7, 2.4, 9.5, 5.8, 18.3, 18.75, 12.75, 9.35, 7.5, 20, 24, 7),
}

PLAIN, NUMBERED, MARKER = "plain", "numbered", "marker"


def cell_mm(size: int) -> int:
    """The side of a token's cell: the token and half a gap each side."""
    return size + GAP_MM


def _disc(centre: float, radius: float, color: str) -> str:
    return f'<circle cx="{centre:g}" cy="{centre:g}" r="{radius:.3f}" fill="{color}"/>'


@lru_cache(maxsize=64)
def tile_uri(*, key: str, color: str, label: str, size: int, style: str) -> str:
    """The tile of a token `size` mm across as an SVG data: URI, in mm: the dashed cell lines,
    the cut circle (a black disc `size` across), the white rim, the coloured ring and, unless
    the token is a unit marker (`style` MARKER), the kind's icon (smaller when `style` is
    NUMBERED, to leave room for the number)."""
    dims, cell = TILE_SIZES[size], cell_mm(size)
    centre, outer = cell / 2, size / 2
    ring_outer = outer - CUT_MM - dims.rim
    parts = [
        f'<rect x="0" y="0" width="{cell}" height="{cell}" {DASH}/>',
        _disc(centre, outer, "#111"),
        _disc(centre, outer - CUT_MM, "#fff"),
        _disc(centre, ring_outer, color),
        _disc(centre, ring_outer - dims.ring, "#fff"),
    ]
    if style != MARKER:
        icon = dims.small_icon if style == NUMBERED else dims.icon
        # where the stylesheet put the icon in the ring: 22 % (14 % above a number) down
        top = centre - ring_outer + (2 * ring_outer - icon) * (0.14 if style == NUMBERED else 0.22)
        parts.append(
            f'<svg x="{centre - icon / 2:.3f}" y="{top:.3f}" width="{icon}" height="{icon}" '
            f'viewBox="0 0 24 24">{icon_drawing(key, color, label)}</svg>'
        )
    return svg_data_uri(
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{cell}mm" height="{cell}mm" '
        f'viewBox="0 0 {cell} {cell}">{"".join(parts)}</svg>'
    )

"""The text of the token sheet's rows: each row of tokens is one box repeating its kind's tile
(tiles.py), and its text is a few preformatted lines, each token's text centred in its cell
with space characters of measured widths (measure.py), as the roster's tables are. A line per
row instead of a box per token: WeasyPrint's cost is per box and per line.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from forgebuilder.lists.exports.token_kinds import Token, TokenKind
from forgebuilder.printing.api import (
    MARKER,
    NUMBERED,
    TILE_SIZES,
    cell_mm,
    spaces_mm,
    text_width_mm,
    wrap,
)

NAME_LINES = 3  # a unit's name on its marker; a longer one ends in "…"


@dataclass(frozen=True)
class TokenRow:
    """Tokens of one kind side by side, as one box and its lines of text."""

    kind: TokenKind
    tokens: list[Token]
    width_mm: int
    style: str  # tiles.PLAIN, NUMBERED or MARKER
    numbers: str  # the numbers line ("" for plain tokens)
    text: str  # the label, or the names, one or more lines
    label_pt: float  # the label's size, smaller for a long one so it stays on one line


def centred(texts: list[str], *, cell: float, size_pt: float) -> str:
    """`texts` on one line, each centred in its own cell `cell` mm wide (bold print font)."""
    return _centred(tuple(texts), cell, size_pt)


@lru_cache(maxsize=256)  # a kind's full rows of labels are all alike
def _centred(texts: tuple[str, ...], cell: float, size_pt: float) -> str:
    line, cursor = "", 0.0
    for i, text in enumerate(texts):
        width = text_width_mm(text, size_pt, bold=True)
        start = i * cell + (cell - width) / 2
        line += spaces_mm(start - cursor, size_pt, bold=True) + text
        cursor = start + width
    return line


def label_size(label: str, *, size: int) -> float:
    """The label's size: the tile's, or smaller so it fits the ring's room on one line."""
    dims = TILE_SIZES[size]
    width = text_width_mm(label, dims.label_pt, bold=True)
    return round(min(dims.label_pt, dims.label_pt * dims.room / width), 2) if width else 0


def _name_lines(name: str, *, size: int) -> list[str]:
    dims = TILE_SIZES[size]
    lines = wrap(name, dims.room, dims.name_pt, bold=True)
    if len(lines) > NAME_LINES:
        lines = [*lines[: NAME_LINES - 1], " ".join(lines[NAME_LINES - 1 :])]
        last = lines[-1]
        while len(last) > 1 and text_width_mm(last + "…", dims.name_pt, bold=True) > dims.room:
            last = last[:-1]
        lines[-1] = last.rstrip() + "…"
    return lines


def _names(tokens: list[Token], *, size: int) -> str:
    cell, dims = cell_mm(size), TILE_SIZES[size]
    per_token = [_name_lines(token.marker_name, size=size) for token in tokens]
    depth = max((len(lines) for lines in per_token), default=0)
    return "\n".join(
        centred(
            [lines[i] if i < len(lines) else "" for lines in per_token],
            cell=cell,
            size_pt=dims.name_pt,
        ).rstrip()
        for i in range(depth)
    )


def token_row(kind: TokenKind, tokens: list[Token], *, size: int) -> TokenRow:
    """One row of tokens of `kind`, `size` mm across."""
    cell, dims, style = cell_mm(size), TILE_SIZES[size], kind.style
    label = kind.label.upper()
    label_pt = label_size(label, size=size)
    numbers = ""
    if style in (MARKER, NUMBERED):
        number_pt = dims.marker_pt if style == MARKER else dims.number_pt
        numbers = centred([str(t.number) for t in tokens], cell=cell, size_pt=number_pt)
    if style == MARKER:
        text = _names(tokens, size=size)
    else:
        text = centred([label] * len(tokens), cell=cell, size_pt=label_pt)
    return TokenRow(kind, tokens, len(tokens) * cell, style, numbers, text, label_pt)

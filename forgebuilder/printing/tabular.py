"""Tables drawn as two blocks of preformatted lines: a names column, then the other values.

See measure.py for why. Each value is followed by the spaces that bring the next one to its
column's start; long names and the last column wrap onto continuation lines.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise

from forgebuilder.printing.measure import spaces_mm, text_width_mm, wrap


@dataclass(frozen=True)
class Style:
    size_pt: float
    bold: bool = False


@dataclass(frozen=True)
class AlignedTable:
    header: str  # one line: the names column's header and the others, in the header style
    names: str
    values: str
    lines: int
    name_width_mm: float
    line_mm: float
    row_lines: tuple[int, ...] = ()  # how many lines each row takes

    def rows(self) -> list[tuple[list[str], list[str]]]:
        """Each row's lines of the names block and of the values block."""
        names, values = self.names.split("\n"), self.values.split("\n")
        out, start = [], 0
        for count in self.row_lines:
            out.append((names[start : start + count], values[start : start + count]))
            start += count
        return out

    @property
    def lift_mm(self) -> float:
        """How far the values block goes up to sit beside the names block."""
        return round(self.lines * self.line_mm, 3)


def _pad(text: str, start_mm: float, target_mm: float, style: Style) -> str:
    """`text` (set from `start_mm`) and the spaces that bring the next text to `target_mm`."""
    end = start_mm + text_width_mm(text, style.size_pt, bold=style.bold)
    gap = max(target_mm - end, 0.8)  # an overlong value still gets a gap after it
    return text + spaces_mm(gap, style.size_pt, bold=style.bold)


def aligned_table(
    headers: list[str],
    rows: list[list[str]],
    *,
    widths_mm: list[float],
    total_mm: float,
    body: Style,
    head: Style,
    line_mm: float,
    name_body: Style | None = None,
) -> AlignedTable:
    """Lay out `rows` under `headers` into a names block and a values block.

    `widths_mm` gives the room of each column but the last, which takes the rest of `total_mm`.
    Every column wraps within its room (the last at its commas, the others at spaces), so a
    long value never pushes the columns after it out of line; a row is as deep as its deepest
    cell.
    """
    name_body = name_body or body
    name_width = widths_mm[0]
    columns = _Columns(widths_mm[1:], total_mm - name_width)
    names, values, row_lines = [], [], []
    for row in rows:
        name_lines = wrap(row[0], name_width - 1.2, name_body.size_pt, bold=name_body.bold)
        value_lines = columns.lines(row[1:], body) if len(row) > 1 else [""]
        height = max(len(name_lines), len(value_lines))
        row_lines.append(height)
        names.extend(name_lines + [""] * (height - len(name_lines)))
        values.extend(value_lines + [""] * (height - len(value_lines)))
    return AlignedTable(
        header=_pad(headers[0], 0, name_width, head) + columns.line(headers[1:], head),
        names="\n".join(names),
        values="\n".join(values),
        lines=len(names),
        name_width_mm=name_width,
        line_mm=line_mm,
        row_lines=tuple(row_lines),
    )


class _Columns:
    """The values block's columns: where each starts, and the room each has (the last takes
    what is left of `room_mm`)."""

    def __init__(self, widths_mm: list[float], room_mm: float) -> None:
        self.starts = [0.0]
        for width in widths_mm:
            self.starts.append(self.starts[-1] + width)
        self.rooms = [b - a for a, b in pairwise(self.starts)] + [room_mm - self.starts[-1]]

    def lines(self, cells: list[str], style: Style) -> list[str]:
        """The row's lines: each cell wrapped in its room (the last at its commas), set side
        by side."""
        last = len(cells) - 1
        wrapped = [
            wrap(cell, self.rooms[i] - 0.8, style.size_pt, bold=style.bold,
                 sep=", " if i == last else " ")
            for i, cell in enumerate(cells)
        ]  # fmt: skip
        depth = max(len(lines) for lines in wrapped)
        return [
            self.line([lines[n] if n < len(lines) else "" for lines in wrapped], style)
            for n in range(depth)
        ]

    def line(self, cells: list[str], style: Style) -> str:
        """One line: each cell padded to the start of the next."""
        out = []
        for i, cell in enumerate(cells):
            if i + 1 < len(cells):
                out.append(_pad(cell, self.starts[i], self.starts[i + 1], style))
            else:
                out.append(cell)
        return "".join(out)

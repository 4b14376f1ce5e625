"""The summary's units table drawn a row a picture: the names and values of a row stay on one
page (as two preformatted blocks, a page break could leave the names on one page and their
values on the next), and a row costs WeasyPrint one image instead of two lines of text."""

from __future__ import annotations

from forgebuilder.printing.drawn_cards import Drawn, Text
from forgebuilder.printing.flow import Face, drawable
from forgebuilder.printing.tabular import AlignedTable


def table_rows(table: AlignedTable, *, width_mm: float, names: Face, values: Face) -> list[Drawn]:
    """Each row of `table` as a drawing `width_mm` wide, or [] when the print font lacks a
    character of the table (it is then laid out as HTML)."""
    if not drawable([table.names, table.values]):
        return []
    drawings = []
    for row_names, row_values in table.rows():
        drawing = Drawn(width_mm, round(len(row_names) * table.line_mm, 3))
        for block, face, x in ((row_names, names, 0.0), (row_values, values, table.name_width_mm)):
            for i, line in enumerate(block):
                if line.strip():
                    top = i * table.line_mm
                    drawing.shapes.append(
                        Text(x, top + face.baseline_mm(table.line_mm), line, face)
                    )
        drawings.append(drawing)
    return drawings

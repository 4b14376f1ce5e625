"""The printing app's door: what the other apps use of it, and nothing else. A module outside
the printing app imports from here, never from another module of it
(tests/test_import_graph.py)."""

from __future__ import annotations

from forgebuilder.printing import render
from forgebuilder.printing.availability import pdf_support
from forgebuilder.printing.cache import (
    cached_render,
    render_key,
)
from forgebuilder.printing.drawn_cards import Drawn, Fill, Text, drawn_card
from forgebuilder.printing.drawn_tables import table_rows
from forgebuilder.printing.flow import MM_PER_PT, Face, Segment, drawable, flow, marked
from forgebuilder.printing.icons import icon_data_uri
from forgebuilder.printing.measure import PT_PER_MM, spaces_mm, text_width_mm, wrap
from forgebuilder.printing.options import (
    PAPERS,
    TOKEN_SIZES,
    ExportOptionError,
    Paper,
    paper_from,
    token_size_from,
)
from forgebuilder.printing.pdf_off import pdf_off_page
from forgebuilder.printing.pictures import PLACEHOLDER, Blocks, Drawing, qr_code, share_footer
from forgebuilder.printing.qr import qr_svg_data_uri, qr_svg_response
from forgebuilder.printing.queue import (
    PdfState,
    PdfStatus,
    Printout,
    pdf_request,
    reclaim_dead_renders,
    render_priority,
    worker_name,
)
from forgebuilder.printing.registry import (
    PAPER,
    TOKEN_SIZE,
    PrintoutKind,
    Subject,
    printout,
    printouts,
    register_printout,
    register_subject,
)
from forgebuilder.printing.tabular import AlignedTable, Style, aligned_table
from forgebuilder.printing.tiles import MARKER, NUMBERED, PLAIN, TILE_SIZES, cell_mm, tile_uri
from forgebuilder.printing.waiting import pdf_waiting_page, render_scope

__all__ = [
    "MARKER",
    "MM_PER_PT",
    "NUMBERED",
    "PAPER",
    "PAPERS",
    "PLACEHOLDER",
    "PLAIN",
    "PT_PER_MM",
    "TILE_SIZES",
    "TOKEN_SIZE",
    "TOKEN_SIZES",
    "AlignedTable",
    "Blocks",
    "Drawing",
    "Drawn",
    "ExportOptionError",
    "Face",
    "Fill",
    "Paper",
    "PdfState",
    "PdfStatus",
    "Printout",
    "PrintoutKind",
    "Segment",
    "Style",
    "Subject",
    "Text",
    "aligned_table",
    "cached_render",
    "cell_mm",
    "drawable",
    "drawn_card",
    "flow",
    "icon_data_uri",
    "marked",
    "paper_from",
    "pdf_off_page",
    "pdf_request",
    "pdf_support",
    "pdf_waiting_page",
    "printout",
    "printouts",
    "qr_code",
    "qr_svg_data_uri",
    "qr_svg_response",
    "reclaim_dead_renders",
    "register_printout",
    "register_subject",
    "render",
    "render_key",
    "render_priority",
    "render_scope",
    "share_footer",
    "spaces_mm",
    "table_rows",
    "text_width_mm",
    "tile_uri",
    "token_size_from",
    "worker_name",
    "wrap",
]

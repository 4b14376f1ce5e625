"""Printouts and exports of a list: the PDF roster, the token sheet, the plain text and the
Tabletop Simulator saved object.

Each reads an `ExportSource` (the list document, its roster and its report) and nothing else,
so the owner's downloads and the share link's downloads are the same code.
"""

from __future__ import annotations

from forgebuilder.lists.exports.compact import compact_html, compact_key, compact_pdf
from forgebuilder.lists.exports.roster import (  # registered first: shown first
    roster_html,
    roster_key,
    roster_pdf,
)
from forgebuilder.lists.exports.source import ExportSource, source_from_evaluated
from forgebuilder.lists.exports.text import list_text
from forgebuilder.lists.exports.tokens import (
    token_plan,
    token_sheet_html,
    token_sheet_key,
    token_sheet_pdf,
)
from forgebuilder.lists.exports.tts import tts_save
from forgebuilder.printing.api import (
    PAPERS,
    TOKEN_SIZES,
    ExportOptionError,
    Paper,
    PrintoutKind,
    paper_from,
    printout,
    printouts,
    register_printout,
    token_size_from,
)

__all__ = [
    "PAPERS",
    "TOKEN_SIZES",
    "ExportOptionError",
    "ExportSource",
    "Paper",
    "PrintoutKind",
    "compact_html",
    "compact_key",
    "compact_pdf",
    "list_text",
    "paper_from",
    "printout",
    "printouts",
    "register_printout",
    "roster_html",
    "roster_key",
    "roster_pdf",
    "source_from_evaluated",
    "token_plan",
    "token_sheet_html",
    "token_sheet_key",
    "token_sheet_pdf",
    "token_size_from",
    "tts_save",
]

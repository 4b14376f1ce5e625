"""What a player may choose for a printout: the paper and the size of the tokens."""

from __future__ import annotations

from dataclasses import dataclass

from forgebuilder.numbers import parse_whole_number
from forgebuilder.refusals import Refused


class ExportOptionError(Refused, ValueError):
    """A printout option the player cannot have; the message says which values exist."""

    code = "unknown-printout-option"


@dataclass(frozen=True)
class Paper:
    key: str
    label: str
    css_size: str  # the CSS `@page { size }` keyword
    width_mm: float
    height_mm: float


PAPERS = {
    "a4": Paper("a4", "A4", "A4", 210, 297),
    "letter": Paper("letter", "US Letter", "letter", 215.9, 279.4),
}
DEFAULT_PAPER = "a4"
TOKEN_SIZES = (25, 32)  # diameters in millimetres
DEFAULT_TOKEN_SIZE = 25


def paper_from(value: str | None) -> Paper:
    """The paper named by a query value (`a4`, `letter`); missing means A4."""
    key = (value or DEFAULT_PAPER).strip().lower()
    if key not in PAPERS:
        raise ExportOptionError(
            f"Unknown paper size '{value}'. Choose one of: {', '.join(PAPERS)}."
        )
    return PAPERS[key]


def token_size_from(value: str | None) -> int:
    """The token diameter in mm named by a query value (`25`, `32`); missing means 25."""
    raw = (value or str(DEFAULT_TOKEN_SIZE)).strip().lower().removesuffix("mm")
    size = parse_whole_number(raw)
    if size not in TOKEN_SIZES:
        sizes = ", ".join(str(s) for s in TOKEN_SIZES)
        raise ExportOptionError(f"Unknown token size '{value}'. Choose one of: {sizes} (mm).")
    return size

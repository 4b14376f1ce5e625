"""What the token sheet prints: each kind of token (its colour, icon and how it is drawn) and
each token. Below both the sheet's plan (tokens.py) and the text of its rows (sheet_rows.py),
which read them."""

from __future__ import annotations

from dataclasses import dataclass

from forgebuilder.printing.api import MARKER, NUMBERED, PLAIN

NUMBERED_KINDS = frozenset({"unit", "objective"})
UNIT_MARKER = "unit"


@dataclass(frozen=True)
class TokenKind:
    key: str
    label: str
    color: str
    icon: str
    count: int

    @property
    def style(self) -> str:
        """How its tokens are drawn: unit markers, numbered tokens, or icon and label."""
        if self.key == UNIT_MARKER:
            return MARKER
        return NUMBERED if self.key in NUMBERED_KINDS else PLAIN


@dataclass(frozen=True)
class Token:
    kind: TokenKind
    number: int | None = None
    name: str = ""
    marker: bool = False  # a unit marker: number and name
    times: int = 1  # a unit marker: how many identical units share the unit's card ("×3")

    @property
    def marker_name(self) -> str:
        return f"{self.name} ×{self.times}" if self.times > 1 else self.name

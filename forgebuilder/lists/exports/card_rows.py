"""The roster's cards two by two: a row of drawn cards is one picture, laid out as one image.

A row holding a card the print font cannot set (drawn_cards.drawn_card gives None) stays an
HTML table row, its other card a picture of its own.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from forgebuilder.printing.api import Blocks, Drawing, Drawn, drawn_card


@dataclass(frozen=True)
class Slot:
    item: Any  # exports.roster.PrintedCard
    name: str  # its picture's name, when the row is not one picture
    drawing: Drawn | None  # None: laid out as HTML (print/card.html)


@dataclass(frozen=True)
class PrintedRow:
    name: str
    slots: tuple[Slot, ...]
    picture: Blocks | None  # every card of the row drawn: the row is this one picture


def card_rows(
    items: list, *, unit_count: int, card_width_mm: float, gap_mm: float, accent: str
) -> list[PrintedRow]:
    """`items` (PrintedCard) two to a row, each card drawn `card_width_mm` wide when it can be."""
    rows = []
    for start in range(0, len(items), 2):
        name = f"cards-{start // 2 + 1}"
        slots = tuple(
            Slot(
                item,
                f"{name}-{i + 1}",
                drawn_card(item, unit_count=unit_count, width_mm=card_width_mm, accent=accent),
            )
            for i, item in enumerate(items[start : start + 2])
        )
        drawn = [slot.drawing for slot in slots if slot.drawing is not None]
        whole = len(drawn) == len(slots)
        picture = Blocks(tuple((i * (card_width_mm + gap_mm), d) for i, d in enumerate(drawn)))
        rows.append(PrintedRow(name, slots, picture if whole else None))
    return rows


def row_pictures(rows: list[PrintedRow]) -> dict[str, Drawing]:
    """What each picture of the rows draws, by name."""
    pictures: dict[str, Drawing] = {}
    for row in rows:
        if row.picture is not None:
            pictures[row.name] = row.picture
            continue
        for slot in row.slots:
            if slot.drawing is not None:
                pictures[slot.name] = Blocks(((0.0, slot.drawing),))
    return pictures

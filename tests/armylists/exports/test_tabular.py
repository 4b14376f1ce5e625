"""Tables drawn as aligned lines (exports/tabular.py): every column keeps its start."""

from __future__ import annotations

import pytest

from forgebuilder.printing.measure import text_width_mm
from forgebuilder.printing.tabular import Style, aligned_table

BODY = Style(7.0)


def table(*rows: list[str]):
    return aligned_table(
        ["UNIT", "FORCE ORGANIZATION", "MODELS", "OPTIONS"],
        list(rows),
        widths_mm=[30, 26, 12],
        total_mm=120,
        body=BODY,
        head=BODY,
        line_mm=3,
    )


def start_of(line: str, cell: str) -> float:
    """Where `cell` starts on a line of the values block, in mm."""
    return text_width_mm(line[: line.index(cell)], BODY.size_pt)


def test_a_value_wider_than_its_column_wraps_and_the_next_columns_keep_their_start():
    allied = "Allied Contingent (Mirewild Kith) (allied)"
    laid = table(
        ["12  Marsh Warden", allied, "5", "Blowpipe"], ["13  Hearthguard", "Muster", "7", "–"]
    )

    (names, values), (_, plain) = laid.rows()
    assert len(values) == 2 == len(names)  # the force's name takes two lines, the row too
    assert " ".join(v.split("\u2003")[0].strip() for v in values).startswith("Allied Contingent")
    for line in (values[0], plain[0]):
        count = "5" if line is values[0] else "7"
        assert start_of(line, count) == pytest.approx(26, abs=0.3)
    assert start_of(values[0], "Blowpipe") == pytest.approx(26 + 12, abs=0.3)
    assert start_of(plain[0], "–") == pytest.approx(26 + 12, abs=0.3)
    assert laid.row_lines == (2, 1)


def test_the_last_column_wraps_at_its_commas_under_itself():
    options = ", ".join(f"Option number {n}" for n in range(12))
    ((_, values),) = table(["1  Forge-Thane", "Muster", "1", options]).rows()
    assert len(values) > 1
    for line in values[1:]:
        text = line.strip()
        assert start_of(line, text) == pytest.approx(26 + 12, abs=0.3)
    words = [
        w[w.index("Option") :].rstrip(" ,") for v in values for w in v.split(",") if "Option" in w
    ]
    assert words == [f"Option number {n}" for n in range(12)]  # each once, in order

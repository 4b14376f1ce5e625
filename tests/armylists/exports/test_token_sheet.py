"""The token sheet read back: how many tokens of each kind, and their printed size."""

from __future__ import annotations

import pytest

from forgebuilder.lists.exports import PAPERS, token_plan, token_sheet_pdf
from forgebuilder.lists.exports.sheet_rows import NAME_LINES, _name_lines, centred, label_size
from forgebuilder.lists.exports.tokens import token_rows
from forgebuilder.printing.measure import text_width_mm
from forgebuilder.printing.tiles import TILE_SIZES

from .pdfread import circles, page_sizes_mm, page_texts

pytestmark = pytest.mark.pdf  # every test here draws a PDF (needs Pango)

A4 = PAPERS["a4"]


def sheet_text(pdf: bytes) -> str:
    return " ".join(page_texts(pdf))


def test_battle_forge_tokens_cover_what_the_rules_track(ember_source):
    kinds = {kind.key: kind.count for kind, _ in token_plan(ember_source)}
    # 8 units, a 350-point game
    assert kinds == {
        "unit": 8,  # one numbered marker per unit
        "shock": 4 + 2 * 8,
        "focus": 2 + 4,
        "evade": 2 + 4,
        "hold": 2 + 4,
        "critical": 2 + 4,
        "objective": 6,
        "strategy": 2 + 350 // 50,
    }


def test_the_sheet_prints_each_kind_as_many_times_as_planned(ember_source):
    pdf = token_sheet_pdf(ember_source, paper=A4, size=25)
    text = sheet_text(pdf)
    for kind, tokens in token_plan(ember_source):
        assert f"{kind.label} × {kind.count}" in text  # the legend
        if kind.key == "unit":
            continue
        assert text.count(kind.label.upper()) == len(tokens), kind.label
    # the unit markers, numbered as the cards: a row of six reads as its numbers, then its names
    assert " 1 2 3 4 5 6 " in text and " 7 8 " in text
    words = set(text.split())
    for _, unit in ember_source.numbered_units:
        # a long name wraps onto a second line of the row ("Thane Brokka" / "Emberhand")
        assert set(unit.name.split()) <= words, unit.name
    # the six objectives, numbered, in a row of their own
    assert " 1 2 3 4 5 6 " + " ".join(["OBJECTIVE"] * 6) + " " in text


@pytest.mark.parametrize("size", [25, 32])
def test_tokens_print_at_their_real_diameter(ember_source, size):
    pdf = token_sheet_pdf(ember_source, paper=A4, size=size)
    total = sum(len(tokens) for _, tokens in token_plan(ember_source))
    # Every token's outer circle (the cut line), measured in the PDF's own units.
    assert circles(pdf, size) == total
    assert circles(pdf, 25 if size == 32 else 32) == 0


def test_bigger_tokens_take_more_pages(ember_source):
    small = token_sheet_pdf(ember_source, paper=A4, size=25)
    big = token_sheet_pdf(ember_source, paper=A4, size=32)
    assert len(page_texts(big)) > len(page_texts(small))


def test_the_token_sheet_takes_the_chosen_paper(ember_source):
    pdf = token_sheet_pdf(ember_source, paper=PAPERS["letter"], size=25)
    assert set(page_sizes_mm(pdf)) == {(215.9, 279.4)}


def test_other_rulesets_print_their_own_markers(ashen_source):
    pdf = token_sheet_pdf(ashen_source, paper=A4, size=25)
    text = sheet_text(pdf)
    plan = dict((kind.key, tokens) for kind, tokens in token_plan(ashen_source))
    assert set(plan) == {"unit", "wound", "shaken", "fatigued", "activated", "objective", "command"}
    for label in ("WOUND", "SHAKEN", "FATIGUED", "ACTIVATED", "COMMAND POINT"):
        key = label.split()[0].lower()
        assert text.count(label) == len(plan[key]), label
    assert "SHOCK" not in text
    assert circles(pdf, 25) == sum(len(tokens) for tokens in plan.values())


def test_each_kind_fills_rows_of_its_own(ember_source):
    # a row is one box repeating its kind's tile, so a row never mixes kinds
    plan = token_plan(ember_source)
    rows = token_rows(plan, cols=6, size=25)
    for kind, tokens in plan:
        widths = [row.width_mm for row in rows if row.kind == kind]
        full, rest = divmod(len(tokens), 6)
        # 28 mm cells: a 25 mm token and a 3 mm gap for the scissors
        assert widths == [6 * 28] * full + ([rest * 28] if rest else [])
    assert [t for row in rows for t in row.tokens] == [t for _, tokens in plan for t in tokens]


@pytest.mark.parametrize("size", [25, 32])
def test_a_rows_text_is_centred_in_each_tokens_cell(size):
    # the text of a row is one line: each token's text starts where centring puts it
    line = centred(["7", "12", "130"], cell=size + 3, size_pt=19)
    ends = []
    for i, text in enumerate(["7", "12", "130"]):
        end = line.index(text, ends[-1] if ends else 0) + len(text)
        ends.append(end)
        start_mm = text_width_mm(line[: end - len(text)], 19, bold=True)
        width = text_width_mm(text, 19, bold=True)
        # within a third of a millimetre of the cell's centre (spaces come in steps)
        assert abs(start_mm + width / 2 - (i + 0.5) * (size + 3)) < 0.33


def test_a_long_name_wraps_and_stays_inside_its_ring():
    lines = _name_lines("The Nameless Duelist of the Seven Ashen Gates Beyond", size=25)
    assert len(lines) == NAME_LINES and lines[-1].endswith("…")
    room = TILE_SIZES[25].room
    assert all(text_width_mm(line, TILE_SIZES[25].name_pt, bold=True) <= room for line in lines)


def test_a_long_label_gets_smaller_to_stay_on_one_line():
    assert label_size("SHOCK", size=25) == TILE_SIZES[25].label_pt
    smaller = label_size("CRITICAL DAMAGE", size=25)
    assert smaller < TILE_SIZES[25].label_pt
    assert text_width_mm("CRITICAL DAMAGE", smaller, bold=True) <= TILE_SIZES[25].room + 0.01

"""Roster cards drawn as pictures (placed in Python), and laid out as HTML when the print font
lacks a character of the card."""

from __future__ import annotations

import re

import pytest

from forgebuilder.lists import edits
from forgebuilder.lists.exports import PAPERS, ExportSource, roster_html, roster_pdf
from forgebuilder.lists.exports.roster import card_width, printed_cards
from forgebuilder.lists.selectors import evaluated_document
from forgebuilder.printing.drawn_cards import Text, drawn_card
from forgebuilder.printing.flow import Face, flow

from .pdfread import page_texts

A4 = PAPERS["a4"]
NOT_IN_THE_FONT = "Brokka ⚔"  # the print font has no crossed swords (DejaVu Sans has)


def renamed(source: ExportSource, name: str) -> ExportSource:
    first = source.roster.units[0].id
    document = edits.rename_unit(source.document, unit_id=first, name=name)
    roster, report = evaluated_document(document=document, catalog=source.catalog)
    return ExportSource(document, roster, report, source.share_url)


def test_lines_break_at_spaces_within_the_width_and_keep_a_long_word_whole():
    face = Face(7.5)
    lines = flow([("Hold Fast, Drilled(1), Steadfast, Counter-charge", face)], 20)
    assert len(lines) > 1
    for line in lines:
        end = line[-1].x_mm + face.width_mm(line[-1].text.rstrip())
        assert end <= 20 or (len(line) == 1 and " " not in line[0].text.strip())
    assert "".join(run.text for line in lines for run in line).split() == (
        ["Hold", "Fast,", "Drilled(1),", "Steadfast,", "Counter-charge"]
    )
    assert [r.text for line in flow([("Unbreakable-word", face)], 5) for r in line] == [
        "Unbreakable-word"
    ]


def test_a_drawn_card_is_as_tall_as_its_content_and_lists_its_text_in_reading_order(ember_source):
    cards = [card for card, _ in printed_cards(ember_source, paper=A4)]
    drawn = [drawn_card(c, unit_count=8, width_mm=card_width(A4), accent="#9a3412") for c in cards]
    assert all(d is not None for d in drawn)
    thane = drawn[0]
    texts = [s.text.strip() for s in thane.shapes if isinstance(s, Text)]
    assert texts.index("Thane Brokka Emberhand") < texts.index("card 1 of 8")
    assert texts[-1].startswith("Holdkin")  # the keywords close the card
    lowest = max(s.baseline for s in thane.shapes if isinstance(s, Text))
    assert lowest < thane.height_mm < lowest + 3


@pytest.mark.pdf
def test_a_card_the_print_font_cannot_set_is_laid_out_as_html_with_its_text(ember_source):
    source = renamed(ember_source, NOT_IN_THE_FONT)
    html = roster_html(source, paper=A4)
    # the first row is a table: the renamed unit's card as HTML, the second card a picture;
    # the three other rows are a picture each
    assert html.count('class="card-picture"') == 1
    assert html.count('class="card-row"') == 3
    assert 'id="card-1"' in html  # the renamed unit's card is HTML
    assert 'class="unit-row"' not in html  # and so is the summary's units table
    cards = " ".join(page_texts(roster_pdf(source, paper=A4))[1:])
    assert NOT_IN_THE_FONT in cards
    for number in range(1, 9):
        assert f"card {number} of 8" in cards
    assert re.search(r"\d+ pts 2 Runewright", cards)  # a drawn card's points, number, name


def test_a_drawn_card_says_its_text_as_the_image_alternative(ember_source):
    html = roster_html(ember_source, paper=A4)
    assert 'class="card" id=' not in html  # every card of this list is drawn
    text = r"alt=\"50 pts 1 Thane Brokka Emberhand Forge-Thane · Hero · Muster [^\"]*card 1 of 8"
    assert re.search(text, html)


@pytest.mark.pdf
def test_a_unit_row_of_the_summary_is_never_split_from_its_values(ember_catalog):
    from forgebuilder.engine.rules import evaluate, resolve

    from .conftest import SHEETS

    d = edits.new_document(
        ember_catalog, faction="cinderhold", name="Host", points_limit=5000, casual=False
    )
    for i in range(70):  # enough rows to run the units table onto a second page
        d, unit = edits.add_unit(d, ember_catalog, datasheet=SHEETS[i % len(SHEETS)], force="f1")
        d = edits.rename_unit(d, unit_id=unit, name=f"Band {i + 1:02d}")
    roster = resolve(d, ember_catalog)
    texts = page_texts(roster_pdf(ExportSource(d, roster, evaluate(roster)), paper=A4))
    summary = texts[: next(i for i, text in enumerate(texts) if "card 1 of 70" in text)]
    pages = set()
    for number, unit in enumerate(roster.units, 1):
        row = f"{number} {unit.name} {unit.datasheet.name} Muster {unit.total_models} {unit.points}"
        found = [i for i, text in enumerate(summary) if row in text]
        assert len(found) == 1, (row, found)  # a row's name and values read together, once
        pages.add(found[0])
    assert pages == {0, 1}  # the table did run onto a second page


def test_a_glossary_entry_reads_term_note_then_text_and_is_as_tall_as_its_taller_column():
    from forgebuilder.lists.exports.drawn_entries import drawn_entry
    from forgebuilder.lists.exports.glossary import GlossaryEntry

    dart = GlossaryEntry("Cinder Dart", "A spitting shard of *flame* hits one unit.", "Embercraft")
    drawing = drawn_entry(dart, width_mm=190, markup=True)
    runs = [s for s in drawing.shapes if isinstance(s, Text)]
    assert [r.text.strip() for r in runs[:2]] == ["Cinder Dart", "Embercraft"]
    assert " ".join(r.text for r in runs[2:]).split() == [
        "A",
        "spitting",
        "shard",
        "of",
        "flame",
        "hits",
        "one",
        "unit.",
    ]
    assert [r.face.bold for r in runs if r.text.strip() == "flame"] == [True]  # *bold* mark
    short = drawn_entry(GlossaryEntry("Dart", "Hits."), width_mm=190, markup=True)
    long_note = drawn_entry(GlossaryEntry("Dart", "Hits.", "from " * 30), width_mm=190, markup=True)
    long_text = drawn_entry(GlossaryEntry("Dart", "Hits " * 200), width_mm=190, markup=True)
    assert long_note.height_mm > short.height_mm and long_text.height_mm > short.height_mm
    assert drawn_entry(GlossaryEntry("Dart ⚔", "Hits."), width_mm=190, markup=True) is None


def test_italic_rule_text_is_drawn_leaning_and_the_rest_upright():
    """The print font has no italic face: an italic run (_Infantry_) is its upright letters
    leaned by the text matrix; the widths stay the upright ones."""
    from forgebuilder.lists.exports.drawn_entries import drawn_entry
    from forgebuilder.lists.exports.glossary import GlossaryEntry
    from forgebuilder.printing.pictures import _operators

    rule = GlossaryEntry("Shield Wall", "Only _Infantry_ units may **lock** _shields_.")
    drawing = drawn_entry(rule, width_mm=190, markup=True)
    runs = {s.text.strip(): s.face for s in drawing.shapes if isinstance(s, Text)}

    assert runs["Infantry"].italic and runs["shields"].italic and not runs["."].italic
    assert not runs["Only"].italic and not runs["units may"].italic
    assert runs["lock"].bold and not runs["lock"].italic
    leaned = [op for op in _operators(drawing, "R", "B").decode().splitlines() if " 0.2 -1 " in op]
    assert len(leaned) == 2 and all("Tm" in op for op in leaned)
    assert Face(7.5, italic=True).width_mm("Infantry") == Face(7.5).width_mm("Infantry")

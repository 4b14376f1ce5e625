"""Reference and glossary entries keep room for their whole term (exports/entries.py)."""

from __future__ import annotations

import pytest
from django.utils.html import escape

from forgebuilder.engine.rules.base import Reference
from forgebuilder.lists.exports.entries import (
    NOTE_LINE,
    NOTE_PT,
    TERM_LINE,
    TERM_PT,
    printed_references,
    term_height_mm,
)
from forgebuilder.printing.measure import PT_PER_MM

TERM_MM = TERM_PT * TERM_LINE / PT_PER_MM
NOTE_MM = NOTE_PT * NOTE_LINE / PT_PER_MM


def test_a_term_is_as_tall_as_its_name_and_its_wrapped_note():
    assert term_height_mm("Bold Gambit · 2 SP") == pytest.approx(TERM_MM, abs=0.01)
    assert term_height_mm("Anvil Beat · 1 SP", "bidding") == pytest.approx(
        TERM_MM + NOTE_MM, abs=0.01
    )
    # a strategy of an allied contingent: its note takes two lines of the 38 mm column
    long_note = "pre-game · from Allied Contingent (The Gilt Ledger Company)"
    assert term_height_mm("Double Pay · 1 SP", long_note) == pytest.approx(
        TERM_MM + 2 * NOTE_MM, abs=0.01
    )
    assert term_height_mm("Double Pay · 1 SP", long_note + " of the Far Reach, sworn") > (
        term_height_mm("Double Pay · 1 SP", long_note)
    )


def test_the_printed_references_carry_each_terms_height_with_its_cost():
    refs = [("Strategies", (Reference("Tide of Reeds", "Place reeds.", "1 SP", "pre-game"),))]
    [(heading, [printed])] = printed_references(refs)
    assert heading == "Strategies"
    assert (printed.name, printed.cost, printed.note, printed.text) == (
        "Tide of Reeds", "1 SP", "pre-game", "Place reeds.",
    )  # fmt: skip
    assert printed.term_mm == term_height_mm("Tide of Reeds · 1 SP", "pre-game")


def test_each_strategy_on_the_roster_keeps_the_room_its_term_needs(ember_source):
    from django.template.loader import render_to_string

    from forgebuilder.lists.exports import PAPERS
    from forgebuilder.lists.exports.roster import roster_context

    html = render_to_string("print/roster.html", roster_context(ember_source, paper=PAPERS["a4"]))
    strategies = dict(ember_source.report.references)["Strategies"]
    assert strategies
    for item in strategies:
        term = term_height_mm(f"{item.name} · {item.cost}", item.note)
        name = escape(item.name)
        assert f'style="min-height: {term:.2f}mm"><div class="term"><b>{name}</b>' in html, name

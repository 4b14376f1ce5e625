"""The compact roster: the summary and every unit's stat line, no cards, for organisers and forums."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from forgebuilder.lists.exports import PAPERS, compact_pdf

from .pdfread import page_texts, reader

pytestmark = pytest.mark.pdf

A4 = PAPERS["a4"]


def test_the_compact_roster_holds_every_units_stat_line_and_no_card(ember_source):
    pdf = compact_pdf(ember_source, paper=A4)
    text = " ".join(page_texts(pdf))
    assert "Emberstone Oath" in text and "345 / 350 pts" in text  # the summary
    assert "STAT LINES" in text
    for number, unit in ember_source.numbered_units:
        assert re.search(rf"\b{number} {re.escape(unit.name)}\b", text)
    # each model's line, as on its card: name, count, then the ruleset's stats
    assert 'Forge-Thane 1 5" 5 7 7 5 8' in text
    assert 'Sapper 5 5" 5 6 5 5 7' in text
    assert 'Shieldwarden Hearthguard Oathbanner Bearer 1 5"' in text  # several models
    assert "card 1 of" not in text and "WEAPON" not in text  # no cards
    assert "Glossary" not in text
    # the full roster takes three pages (summary, cards, glossary): this, at most two
    assert len(reader(pdf).pages) <= 2


def test_identical_units_are_one_stat_line_with_their_numbers(guard_source):
    text = " ".join(page_texts(compact_pdf(guard_source, paper=A4)))
    assert "×3 Hearthguard units 2, 3, 5" in text
    assert "pts each" in text
    assert text.count("MODEL #") == 4  # four stat lines for six units
    assert re.search(r"\b4 Hearthguard\b", text) and re.search(r"\b6 Oathsworn\b", text)


def test_the_owner_and_a_share_link_download_it(ember_list, live_link, client, fetch_pdf):
    owner = fetch_pdf(reverse("armylists:compact_pdf", args=[ember_list.public_id]))
    assert owner.status_code == 200
    assert owner["Content-Type"] == "application/pdf"
    assert "-compact.pdf" in owner["Content-Disposition"]
    assert "STAT LINES" in " ".join(page_texts(owner.content))
    shared = client.get(reverse("armylists:shared_compact_pdf", args=[live_link.token]))
    assert shared.status_code == 200  # the same drawing, from the render cache
    assert shared.content == owner.content

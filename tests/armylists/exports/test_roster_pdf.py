"""The PDF roster read back: summary, cards never split, glossary, footer, paper sizes."""

from __future__ import annotations

import re

import pytest
import segno

from forgebuilder.engine.presenters.cards import chosen_card
from forgebuilder.lists.exports import PAPERS, ExportSource, roster_pdf
from forgebuilder.lists.exports.roster import roster_key, rule_glossary

from .pdfread import link_uris, page_sizes_mm, page_texts, qr_modules, reader

pytestmark = pytest.mark.pdf  # every test here draws a PDF (needs Pango)

A4, LETTER = PAPERS["a4"], PAPERS["letter"]
SHARE_URL = "https://forgebuilder.example/s/AbCdEfGhIjKl/"


# The Ember list's roster on A4, by its render-cache key (which hashes everything the drawing
# depends on): the tests reading it draw it once per process instead of once each.
DRAWN: dict[str, bytes] = {}


@pytest.fixture
def ember_pdf(ember_source):
    key = roster_key(ember_source, paper=A4)
    if key not in DRAWN:
        DRAWN[key] = roster_pdf(ember_source, paper=A4)
    return DRAWN[key]


def test_first_page_names_the_list_and_shows_totals_and_legality(ember_source, ember_pdf):
    first = page_texts(ember_pdf)[0]
    for text in ("Emberstone Oath", "The Cinderhold", "Focus: Anvil Guard", "EMBER REACH"):
        assert text in first
    assert "345 / 350 pts" in first
    for total in ember_source.report.totals:
        assert total.label.upper() in first
    # strategy points: income 1 + 350 // 50, one spent on the allied contingent
    assert "8 STRATEGY POINTS PER ROUND" in first
    assert "1 STRATEGY POINTS SPENT ON FORCE ORGANIZATIONS" in first
    assert "7 STRATEGY POINTS LEFT 8 − 1" in first
    assert "1 ADVANTAGE POINTS 5 points under the limit" in first
    assert "1 / 3 LEGENDS" in first
    assert "NOT LEGAL: 1 PROBLEM" in first
    assert "Only the Deepdelver Lodge focus may take Tunnel Sappers." in first


def test_first_page_lists_force_organizations_with_their_cost_and_every_unit(
    ember_source, ember_pdf
):
    first = page_texts(ember_pdf)[0]
    # each force with its own focus (issue 15): the Muster took the list's, the allies none
    assert re.search(r"Muster The Cinderhold Anvil Guard 0 6 266", first)
    assert re.search(r"Allied Contingent Mirewind Kith ALLIED – 1 2 69", first)
    # each unit's row reads as its number and name, then its other columns, in the list's order
    starts = [first.index(f"{number} {unit.name} ") for number, unit in ember_source.numbered_units]
    assert starts == sorted(starts)
    assert (
        "1 Thane Brokka Emberhand Forge-Thane Muster 1 50 Great Forge Hammer, Oathshield" in first
    )
    assert "7 Reedbow Skirmishers Reedbow Skirmishers Allied Contingent (allied) 5 34 Stealth" in (
        first
    )
    assert "Legend: The Anvil of First Fire (on Runewright) 10 pts" in first
    assert "Total 345 pts" in first


def test_the_ember_list_prints_on_three_pages(ember_pdf):
    # the summary, the eight cards two by two, the glossary
    assert len(reader(ember_pdf).pages) == 3


def test_every_unit_has_a_card_with_its_stats_weapons_and_choices(ember_source, ember_pdf):
    cards = " ".join(page_texts(ember_pdf)[1:])
    for number, unit in ember_source.numbered_units:
        assert f"card {number} of 8" in cards
        assert unit.name in cards
    assert "Thane Brokka Emberhand Forge-Thane · Hero · Muster" in cards
    assert 'Pistol 3 x Great Forge Hammer 6" 1 2 - Pistol Melee 1 4 - Cumbersome, Lethal' in cards
    assert "CHOSEN Great Forge Hammer (+5 pts); Oathshield (+5 pts)" in cards
    assert "Oathbanner Bearer (+8 pts)" in cards  # a model added by an option, by its name
    assert "LEGEND: THE ANVIL OF FIRST FIRE" in cards
    assert "POWERS: EMBERCRAFT Kindle Resolve (6)" in cards
    assert "Holdkin, Infantry, Hero" in cards  # keywords


def test_stat_lines_line_up_under_their_headers(ember_pdf):
    text = page_texts(ember_pdf)[1]
    assert 'MODEL # MOV ACC STR SAV INIT CO Forge-Thane 1 5" 5 7 7 5 8' in text


def test_glossary_explains_every_rule_printed_once(ember_source, ember_pdf):
    texts = page_texts(ember_pdf)
    glossary = " ".join(texts)[" ".join(texts).index("Glossary") :]
    roster = ember_source.roster
    used = set()
    for unit in roster.units:
        card = chosen_card(roster, unit, ember_source.report)
        chips = [*card.rules, *(c for r in card.models for c in r.rules)]
        chips += [c for r in card.weapons for c in r.rules]
        used |= {roster.catalog.rule(unit.faction_key, c.id).name for c in chips}
    used.add("Forge Blessing")  # given by the legend The Anvil of First Fire
    entries = rule_glossary(ember_source, [chosen_card(roster, u, ember_source.report) for u in roster.units],
                            list(roster.units))  # fmt: skip
    assert {e.name.removesuffix("(X)") for e in entries} == used
    for entry in entries:
        assert glossary.count(f"{entry.name} {entry.text[:30]}") == 1, entry.name
    assert "Tough(X) The model has X wounds" in glossary
    # the powers the Runewright may use, with their text
    assert "Cinder Dart Embercraft, cast 6 A spitting shard" in glossary


def test_a_card_is_never_split_across_two_pages(long_source):
    pdf = roster_pdf(long_source, paper=A4)
    texts = page_texts(pdf)
    assert sum("card " in text for text in texts) >= 3  # cards break onto several pages
    total = len(long_source.numbered_units)
    for number, unit in long_source.numbered_units:
        ends = [i for i, text in enumerate(texts) if f"card {number} of {total}" in text]
        starts = [i for i, text in enumerate(texts[1:], 1) if f"{unit.name} " in text]
        # its title (the first line) and its end marker (the last line) are on one page
        assert len(ends) == 1 and starts == ends, (unit.name, starts, ends)


@pytest.mark.parametrize(
    ("paper", "size"),
    [(A4, (210.0, 297.0)), (LETTER, (215.9, 279.4))],
)
def test_pages_have_the_chosen_paper_size(ember_source, paper, size):
    pdf = roster_pdf(ember_source, paper=paper)
    assert set(page_sizes_mm(pdf)) == {size}


def test_every_page_is_numbered_in_its_footer(ember_pdf):
    texts = page_texts(ember_pdf)
    for number, text in enumerate(texts, 1):
        assert f"Page {number} of {len(texts)}" in text
        assert "Emberstone Oath · The Cinderhold · 345/350 pts" in text


def test_a_share_link_is_printed_as_a_qr_code_and_a_link_on_every_page(ember_source):
    source = ExportSource(
        ember_source.document, ember_source.roster, ember_source.report, SHARE_URL
    )
    pdf = roster_pdf(source, paper=A4)
    expected = [[bool(m) for m in row] for row in segno.make(SHARE_URL, error="m").matrix]
    for number, page in enumerate(reader(pdf).pages):
        assert qr_modules(pdf, number) == expected  # the code drawn encodes the URL
        assert SHARE_URL in link_uris(page)
    assert all(SHARE_URL in text for text in page_texts(pdf))


def test_without_a_share_link_there_is_no_qr_code(ember_pdf):
    pdf = reader(ember_pdf)
    for number, page in enumerate(pdf.pages):
        assert qr_modules(ember_pdf, number) is None
        assert link_uris(page) == []
    assert "Open this list online" not in " ".join(page_texts(ember_pdf))


def test_a_list_of_another_ruleset_prints_its_own_stat_line(river_list):
    from forgebuilder.lists.exports import source_from_evaluated
    from forgebuilder.lists.selectors import evaluated_list

    pdf = roster_pdf(source_from_evaluated(evaluated_list(army_list=river_list)), paper=A4)
    text = " ".join(page_texts(pdf))
    assert "River Patrol" in text and "Captain" in text
    assert "Steady" in text[text.index("Glossary") :]

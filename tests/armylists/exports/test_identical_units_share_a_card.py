"""Identical units are drawn once: one card saying "times 3" with their numbers; markers say so too."""

from __future__ import annotations

import re

import pytest

from forgebuilder.lists.exports import PAPERS, roster_pdf, token_sheet_pdf
from forgebuilder.lists.exports.roster import alike_units, numbers_label

from .pdfread import page_texts

A4 = PAPERS["a4"]


def test_identical_units_are_found_by_everything_their_card_prints(guard_source):
    groups = [(alike.numbers, alike.card.title) for alike in alike_units(guard_source)]
    assert groups == [
        ((1,), "Forge-Thane"),
        ((2, 3, 5), "Hearthguard"),  # same datasheet, models and options
        ((4,), "Hearthguard"),  # one more model
        ((6,), "Oathsworn"),  # a name of its own
    ]


@pytest.mark.parametrize(
    ("numbers", "label"),
    [
        ((2, 3, 5), "2, 3, 5"),  # two in a row stay two numbers
        ((1, 2, 3, 4, 9), "1–4, 9"),  # a run of three or more is shortened
        ((7,), "7"),
    ],
)
def test_numbers_of_a_shared_card_are_listed_with_runs_shortened(numbers, label):
    assert numbers_label(numbers) == label


@pytest.mark.pdf
def test_the_roster_draws_identical_units_once_with_times_and_numbers(guard_source):
    cards = " ".join(page_texts(roster_pdf(guard_source, paper=A4))[1:])
    assert "×3 Hearthguard" in cards
    assert "UNITS 2, 3, 5" in cards
    assert "cards 2, 3, 5 of 6" in cards
    assert "pts each" in cards
    for number in (1, 4, 6):
        assert f"card {number} of 6" in cards
    # four cards for six units, each with its stat line
    assert len(re.findall(r"card \d of 6|cards 2, 3, 5 of 6", cards)) == 4
    assert cards.count("MODEL #") == 4


@pytest.mark.pdf
def test_the_summary_still_lists_every_unit_by_its_number(guard_source):
    first = page_texts(roster_pdf(guard_source, paper=A4))[0]
    names = ["Forge-Thane", "Hearthguard", "Hearthguard", "Hearthguard", "Hearthguard", "Oathsworn"]
    sheets = ["Forge-Thane", *["Hearthguard"] * 5]  # the sixth is a Hearthguard renamed
    rows = ".*".join(f"{number} {name} {sheet} Muster" for number, (name, sheet) in
                     enumerate(zip(names, sheets, strict=True), 1))  # fmt: skip
    assert re.search(rows, first)


@pytest.mark.pdf
def test_unit_markers_of_units_sharing_a_card_say_how_many_share_it(guard_source):
    text = " ".join(page_texts(token_sheet_pdf(guard_source, paper=A4, size=25)))
    # a row of markers reads as its numbers, then its names, in the same order
    assert " 1 2 3 4 5 6 " in text
    names = "Forge-Thane Hearthguard ×3 Hearthguard ×3 Hearthguard Hearthguard ×3 Oathsworn"
    assert names in text
    assert text.count("×3") == 3

"""Every download's file name is made by one rule from what a player typed (issue 39: the event
CSV and pack carried the raw event name, '<', '|', quotes and a leading '=' included)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from forgebuilder.filenames import MAX_STEM, file_stem

UNSAFE = set("<>:\"/\\|?*='`;,") | {chr(c) for c in range(32)} | {"\x7f"}


@settings(max_examples=200)
@given(st.text())
def test_a_file_stem_holds_no_character_a_file_system_or_spreadsheet_would_misread(name):
    stem = file_stem(name, "event")
    assert stem and len(stem) <= MAX_STEM
    assert not UNSAFE & set(stem)
    assert not stem.startswith(("-", "_", "=", "+", "@", "."))


def test_names_in_any_alphabet_keep_their_letters():
    assert file_stem('=HYPERLINK("x") | <Ember Cup>', "event") == "hyperlinkx-ember-cup"
    assert file_stem("Кубок Зимы 2026", "event") == "кубок-зимы-2026"
    assert file_stem("<|>", "event") == "event"

"""Rule text's own lines in the printouts: a line break starts a line, a bullet list's items each
start a line with a bullet (their wrapped lines under their text), and no character of a module's
text can stop a drawing (a control character is set as a space, one the font lacks is drawn as
its missing glyph). The real modules' rules are drawn in test_printouts_real_data.py."""

from __future__ import annotations

import pytest
from django.template.loader import render_to_string
from hypothesis import given
from hypothesis import settings as hsettings
from hypothesis import strategies as st

from factions import markup
from forgebuilder.lists.exports.drawn_entries import GlossarySlot, drawn_entry
from forgebuilder.lists.exports.glossary import GlossaryEntry
from forgebuilder.printing.flow import Face, flow, marked
from forgebuilder.printing.measure import CONTROL
from forgebuilder.printing.pictures import _glyphs

BODY, BOLD = Face(7.8), Face(7.8, bold=True)
# Orc Tactics as Mystic Realms publishes it
ORC_TACTICS = (
    'When this unit is activated, choose up to X friendly _Orc_ _Infantry_ units within 6" to '
    "receive one of the following bonuses until the end of the round: \n * Re-roll failed "
    "Strength tests of 9+ \n * Re-roll failed Initiative tests of 9+"
)


def line_texts(lines) -> list[str]:
    return ["".join(run.text for run in line).strip() for line in lines]


def test_a_bullet_list_prints_an_item_a_line_each_with_a_bullet():
    lines = line_texts(flow(marked(ORC_TACTICS, BODY, BOLD), 200))

    assert lines == [
        'When this unit is activated, choose up to X friendly Orc Infantry units within 6" to '
        "receive one of the following bonuses until the end of the round:",
        "• Re-roll failed Strength tests of 9+",
        "• Re-roll failed Initiative tests of 9+",
    ]


def test_an_items_wrapped_lines_start_under_its_text_not_under_its_bullet():
    text = "Choose one:\n- " + "long words " * 12 + "\n- short"

    lines = flow(marked(text, BODY, BOLD), 40)

    starts = [(round(line[0].x_mm, 2), line[0].text[:2]) for line in lines if line]
    hang = round(BODY.width_mm("• "), 2)
    assert starts[1] == (0, "• ") and starts[-1] == (0, "• ")
    assert {x for x, _ in starts[2:-1]} == {hang}  # the first item's wrapped lines


def test_a_blank_line_between_paragraphs_is_kept_once_and_line_ends_of_any_system_break():
    text = "First.\r\n\r\n\n\nSecond.\rThird.\u2028Fourth.\n\n"

    assert markup.lines(text) == ["First.", "", "Second.", "Third.", "Fourth."]
    assert line_texts(flow(marked(text, BODY, BOLD), 100)) == markup.lines(text)


def test_html_printouts_keep_the_lines_too():
    html = str(markup.render_lines(ORC_TACTICS))

    assert html.endswith(
        "round:<br>• Re-roll failed Strength tests of 9+<br>• Re-roll failed Initiative tests of 9+"
    )
    assert "<em>Orc</em>" in html


def test_a_glossary_entry_with_line_breaks_and_a_tab_and_a_nul_is_drawn():
    entry = GlossaryEntry("Orc Tactics(X)", ORC_TACTICS.replace("9+ \n", "9+\t\x00\n"))

    drawing = drawn_entry(entry, width_mm=190, markup=True)

    assert drawing is not None  # drawn, not left to HTML: every character is the font's
    texts = [shape.text for shape in drawing.shapes if hasattr(shape, "text")]
    assert not any(CONTROL.search(text) for text in texts)
    assert "• Re-roll failed Initiative tests of 9+" in texts


def test_a_character_the_print_font_lacks_is_drawn_as_its_missing_glyph():
    assert _glyphs("A⚔\U0001f600", True) == _glyphs("A", True) + "0000" * 2


@pytest.mark.parametrize("width", [3.0, 40.0, 999.0])
@hsettings(max_examples=60)
@given(text=st.text(st.characters(codec="utf-8"), max_size=80))
def test_any_text_flows_into_lines_without_control_characters_losing_no_word(width, text):
    segments = marked(text, BODY, BOLD)

    lines = flow(segments, width)

    runs = [run.text for line in lines for run in line]
    assert not any(CONTROL.search(run) for run in runs)
    _glyphs("".join(runs), False)  # never raises
    printed = " ".join("".join(run.text for run in line) for line in lines)
    assert printed.split() == CONTROL.sub(" ", "".join(part for part, _ in segments)).split()


def test_an_entry_the_print_font_cannot_draw_keeps_its_lines_in_html():
    entry = GlossaryEntry("Orc Tactics ⚔", ORC_TACTICS)  # the print font has no crossed swords
    slot = GlossarySlot(entry, "rule-1", drawn_entry(entry, width_mm=190, markup=True))

    html = render_to_string("print/glossary_entry.html", {"slot": slot})

    assert slot.drawing is None  # laid out as HTML
    assert "round:<br>• Re-roll failed Strength tests of 9+<br>• Re-roll failed Initiative" in html


def test_the_pages_keep_a_rules_lines_as_the_printouts_do():
    # The catalogue, editor and share pages draw rule text with the same filter as the
    # printouts: Orc Tactics' bullets each on a line of their own, not run together.
    from django.template import Context, Template

    html = Template("{% load rule_text %}{{ text|rule_markup }}").render(
        Context({"text": ORC_TACTICS})
    )
    assert html == str(markup.render_lines(ORC_TACTICS))
    assert html.count("<br>") == len(markup.lines(ORC_TACTICS)) - 1

"""Fonts are subset with HarfBuzz; where its library is missing, that is said once, not per render."""

from __future__ import annotations

import logging

import pytest

from forgebuilder.lists.exports import PAPERS, roster_pdf
from forgebuilder.printing import render as render_module
from forgebuilder.printing.render import FONTTOOLS_WARNING, SLOW_SUBSETTING

from .pdfread import page_texts

pytestmark = pytest.mark.pdf

A4 = PAPERS["a4"]


def weasyprint_lines(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name.startswith("weasyprint")]


def test_a_render_prints_no_font_warning(ember_source, caplog):
    with caplog.at_level(logging.WARNING):
        data = roster_pdf(ember_source, paper=A4)
    assert "Emberstone Oath" in page_texts(data)[0]
    assert not [line for line in weasyprint_lines(caplog) if "fontTools" in line]


def test_without_harfbuzz_subsetting_the_slow_path_is_said_once_for_all_renders(
    ember_source, monkeypatch, caplog
):
    from weasyprint.pdf import fonts

    render_module._weasyprint()  # the filter is on WeasyPrint's logger from the first render
    monkeypatch.setattr(fonts, "harfbuzz_subset", None)  # a machine without the library
    monkeypatch.setattr(render_module.SUBSETTING_NOTICE, "said", False)
    with caplog.at_level(logging.WARNING):
        first = render_module.write_pdf("<p>First printout</p>")
        said_after_first = weasyprint_lines(caplog)
        second = render_module.write_pdf("<p>Second printout</p>")
    assert "First printout" in page_texts(first)[0]
    assert "Second printout" in page_texts(second)[0]
    # one line saying what to install, however many fonts and renders follow
    assert said_after_first == [SLOW_SUBSETTING]
    assert weasyprint_lines(caplog) == [SLOW_SUBSETTING]
    assert "libharfbuzz-subset0" in SLOW_SUBSETTING


def test_other_weasyprint_warnings_still_pass(monkeypatch, caplog):
    render_module._weasyprint()
    monkeypatch.setattr(render_module.SUBSETTING_NOTICE, "said", True)  # said before
    logger = logging.getLogger("weasyprint")
    with caplog.at_level(logging.WARNING):
        logger.warning("Ignored `%s` at %d:%d, unknown property.", "foo: bar", 1, 2)
        logger.warning('%s for font "%s".', FONTTOOLS_WARNING, "DejaVu")
    assert weasyprint_lines(caplog) == ["Ignored `foo: bar` at 1:2, unknown property."]

"""Without Pango a player still builds lists; the PDF buttons explain that PDF export is off."""

from __future__ import annotations

import os

import pytest
from playwright.sync_api import expect

from forgebuilder.printing import availability

from .test_builder import add_unit, expect_points, start_list

SHOTS = os.environ.get("PDF_OFF_SCREENSHOTS")  # a folder: look at the pages while changing them


@pytest.fixture
def pango_missing(monkeypatch):
    """The live server (this process) as if the loader could not find Pango."""
    monkeypatch.setattr(
        availability, "pango_problem", lambda: "Pango cannot be loaded (hidden by the test)."
    )
    availability.pdf_support.cache_clear()
    yield
    availability.pdf_support.cache_clear()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("width", [1280, 375])
def test_the_pdf_buttons_explain_that_pdf_export_is_off(
    live_server, page, starter_modules, pango_missing, width
):
    page.set_viewport_size({"width": width, "height": 900})
    start_list(page, live_server.url, "ember-reach/gilt_ledger", "Paid in Full")
    add_unit(page, "Company Captain")
    expect_points(page, 35)

    note = page.locator("#downloads .pdf-off")
    expect(note).to_contain_text("PDF export is off: Pango cannot be loaded")
    expect(note).to_contain_text("To turn it on:")
    if SHOTS:
        note.scroll_into_view_if_needed()
        page.screenshot(path=f"{SHOTS}/pdf-off-note-{width}.png")

    page.get_by_role("button", name="Download roster").click()
    expect(page.locator("h1")).to_have_text("PDF export is off on this server")
    expect(page.locator(".pdf-off")).to_contain_text("this roster cannot be drawn as a PDF here")
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/pdf-off-page-{width}.png", full_page=True)

    page.get_by_role("link", name="Your lists").click()
    expect(page.get_by_text("Paid in Full")).to_be_visible()

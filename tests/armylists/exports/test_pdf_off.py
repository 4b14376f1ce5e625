"""Without Pango the app still runs: PDF addresses and the download box explain how to turn PDFs on."""

from __future__ import annotations

import pytest
from django.urls import reverse

from forgebuilder.printing import availability

PANGO_MISSING = "Pango, the text-layout library WeasyPrint draws PDFs with, cannot be loaded."


@pytest.fixture
def pango_missing(monkeypatch):
    """This process as if the loader could not find Pango."""
    monkeypatch.setattr(availability, "pango_problem", lambda: PANGO_MISSING)
    monkeypatch.setattr(availability, "install_hint", lambda: "sudo apt-get install pango-things")
    availability.pdf_support.cache_clear()
    yield
    availability.pdf_support.cache_clear()


@pytest.mark.parametrize("route", ["armylists:roster_pdf", "armylists:tokens_pdf"])
def test_a_pdf_address_explains_that_pdf_export_is_off(
    pango_missing, client, ember_list, render_calls, route
):
    response = client.get(reverse(route, args=[ember_list.public_id]) + "?paper=a4")

    assert response.status_code == 503
    html = response.content.decode()
    assert "PDF export is off on this server" in html
    assert PANGO_MISSING in html
    assert "sudo apt-get install pango-things" in html
    assert response["Cache-Control"] == "no-store"
    assert render_calls == []  # nothing was queued or drawn


def test_a_shared_pdf_address_explains_it_too(pango_missing, client, live_link):
    response = client.get(reverse("armylists:shared_tokens_pdf", args=[live_link.token]))

    assert response.status_code == 503
    assert "token sheet cannot be drawn as a PDF here" in response.content.decode()


def test_another_players_list_stays_not_found_when_pdf_export_is_off(
    pango_missing, stranger, ember_list
):
    response = stranger.get(reverse("armylists:roster_pdf", args=[ember_list.public_id]))

    assert response.status_code == 404


def test_the_download_box_says_pdf_export_is_off(pango_missing, client, ember_list):
    html = client.get(reverse("armylists:editor", args=[ember_list.public_id])).content.decode()

    assert "PDF export is off: " + PANGO_MISSING in html
    assert "To turn it on: sudo apt-get install pango-things" in html


@pytest.mark.pdf
def test_the_download_box_has_no_such_note_when_pdfs_can_be_drawn(client, ember_list):
    availability.pdf_support.cache_clear()
    html = client.get(reverse("armylists:editor", args=[ember_list.public_id])).content.decode()

    assert "PDF export is off" not in html

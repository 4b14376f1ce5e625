"""The page a PDF address shows when this server cannot draw PDFs (Pango is missing)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from forgebuilder.printing.availability import pdf_support

TEMPLATE = "printing/pdf_off.html"


def pdf_off_page(request: HttpRequest, *, title: str) -> HttpResponse | None:
    """The explanation when PDF export is off here; None when PDFs can be drawn."""
    support = pdf_support()
    if support.available:
        return None
    context = {"printout": title, "reason": support.reason, "install_hint": support.install_hint}
    # 503: the address is right and the list is fine; this server lacks a library for now.
    response = render(request, TEMPLATE, context, status=503)
    response["Cache-Control"] = "no-store"
    return response

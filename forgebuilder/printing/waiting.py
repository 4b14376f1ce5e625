"""The page a player sees while their PDF is drawn in the background, and its polled status.

The first request answers 202 with the page; it asks again every second (htmx polling of the
same address with `wait=1`), or without JavaScript refreshes itself. When the PDF is ready the
poll answers 286 (htmx stops polling), swaps in a download link and fires `pdf-ready`, on which
static/js/pdf-wait.js starts the download.
"""

from __future__ import annotations

import json

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from forgebuilder.printing.queue import PdfState

TEMPLATE = "printing/pdf_wait.html"
HTMX_STOP_POLLING = 286
# Seconds between two checks; the no-JavaScript refresh waits a little longer.
POLL_SECONDS = 1
REFRESH_SECONDS = 2


def render_scope(request: HttpRequest) -> str:
    """The rate limit a PDF request counts against: asking for a PDF against "render", the
    waiting page's polls (`wait=1`, one a second) against the far larger "render-poll", so
    waiting never uses up the render limit. Every PDF view (lists, event packs) uses it."""
    return "render-poll" if request.GET.get("wait") == "1" else "render"


def _with_query(request: HttpRequest, **changes: str | None) -> str:
    query = request.GET.copy()
    for name, value in changes.items():
        query.pop(name, None)
        if value is not None:
            query[name] = value
    encoded = query.urlencode()
    return request.path + (f"?{encoded}" if encoded else "")


def pdf_waiting_page(
    request: HttpRequest, state: PdfState, *, title: str, progress: str = ""
) -> HttpResponse:
    context = {
        "state": state.value,
        "progress": progress,
        "printout": title,
        "download_url": _with_query(request, wait=None),
        "wait_url": _with_query(request, wait="1"),
        # .../roster.pdf is drawn from the page one level up: the editor or the share page
        "back_url": request.path.rsplit("/", 1)[0] + "/",
        "poll_seconds": POLL_SECONDS,
        "refresh_seconds": REFRESH_SECONDS,
    }
    preparing = state is PdfState.PREPARING
    if getattr(request, "htmx", False):
        status = 202 if preparing else HTMX_STOP_POLLING
        response = render(request, f"{TEMPLATE}#pdf-status", context, status=status)
        if state is PdfState.READY:
            response["HX-Trigger"] = json.dumps({"pdf-ready": {"url": context["download_url"]}})
        return response
    status = {PdfState.PREPARING: 202, PdfState.READY: 200, PdfState.FAILED: 500}[state]
    response = render(request, TEMPLATE, context, status=status)
    response["Cache-Control"] = "no-store"
    return response

"""The hall's screen: the projector page and the screen it asks for again (204 when unchanged).

Every screen without a session is shown the same: a shared cache in front of the app (nginx)
may keep each answer for a few seconds (reader_page.PUBLIC_SECONDS), keyed by its address, so
a hall's screens polling one event cost the app about one request each few seconds."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone

from . import projector as hall
from . import selectors
from .models import Event
from .polling import answered
from .reader_page import for_anyone, shared_briefly


def projector(request: HttpRequest, public_id: str) -> HttpResponse:
    """The hall's screen: no site chrome, large type, redrawn in place when something moved."""
    event = selectors.event_by_public_id(public_id)
    screen, _ = _screen(request, event)
    page = render(request, "events/projector.html", {"event": event, "screen": screen})
    return _offered(request, page)


def projector_screen(request: HttpRequest, public_id: str) -> HttpResponse:
    """The screen again, or 204 when it is what the page shows (its stamp in `since`)."""
    event = selectors.event_by_public_id(public_id)
    screen, stamp = _screen(request, event)
    return _offered(request, answered(request, stamp, lambda: screen))


def _offered(request: HttpRequest, response: HttpResponse) -> HttpResponse:
    """Offered to a shared cache when it is everyone's (the asker has no session)."""
    return shared_briefly(response) if for_anyone(request) else response


def _screen(request: HttpRequest, event: Event) -> tuple[str, str]:
    now = timezone.now()
    body = render_to_string(
        "events/_screen.html", hall.projector_screen(event, now), request=request
    )
    url = reverse("events:projector_screen", args=[event.public_id])
    return hall.framed(
        body,
        url,
        poll_seconds=settings.PROJECTOR_POLL_SECONDS,
        page_seconds=settings.PROJECTOR_PAGE_SECONDS,
        now=now,
    )

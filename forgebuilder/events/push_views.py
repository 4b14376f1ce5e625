"""The event page's "Tell me when I am paired" with Web Push: a device of the player's
subscribes, or stops (static/js/event.js posts the browser's subscription here)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_POST

from . import pushes, selectors, webpush


def _said(text: str, status: int) -> HttpResponse:
    return HttpResponse(text, status=status, content_type="text/plain; charset=utf-8")


@login_required
@require_POST
def event_push(request: HttpRequest, public_id: str) -> HttpResponse:
    """204 once the device is subscribed (or forgotten, with `push=off`); else what is wrong."""
    event = selectors.event_by_public_id(public_id)
    entrant = selectors.entrant_of(event, request.user)
    if entrant is None or entrant.dropped:
        return _said("Register for the event first: then your phone can be told your table.", 403)
    endpoint = request.POST.get("endpoint", "")
    if request.POST.get("push") == "off":
        pushes.unsubscribe(entrant=entrant, endpoint=endpoint)
        return HttpResponse(status=204)
    if not webpush.offered_key():
        return _said("This site does not send notifications to closed pages.", 404)
    try:
        pushes.subscribe(
            entrant=entrant,
            endpoint=endpoint,
            p256dh=request.POST.get("p256dh", ""),
            auth=request.POST.get("auth", ""),
        )
    except pushes.PushRefused as exc:
        return _said(str(exc), 400)
    return HttpResponse(status=204)

"""The invitation a signed-in player is on the way to accept, for the banner on every page
(so building a founding army in the editor leads back to joining)."""

from __future__ import annotations

from django.http import HttpRequest
from django.urls import reverse

from .models import Campaign

INVITE_SESSION_KEY = "campaign_invite"


def invitation(request: HttpRequest) -> dict:
    """{"invitation": {name, url}}, or None there: every page's banner reads it."""
    session = getattr(request, "session", None)
    token = session.get(INVITE_SESSION_KEY) if session is not None else None
    if not token or not request.user.is_authenticated:
        return {"invitation": None}
    campaign = Campaign.objects.filter(invite_token=token, closed_at__isnull=True).first()
    if campaign is None:
        return {"invitation": None}
    return {
        "invitation": {
            "name": campaign.name,
            "url": reverse("campaigns:join", args=[token]),
        }
    }

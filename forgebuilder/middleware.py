"""Response headers Django has no setting for."""

from __future__ import annotations

from django.conf import settings
from django.utils.crypto import salted_hmac


class SessionTagMiddleware:
    """`X-Fb-Session` on every page: a keyed digest of the session (empty without one), which
    the service worker keeps with the private pages it saves and compares with every page that
    arrives, so that pages saved in an ended session, or of an account since deleted, are never
    shown to the next person on the device (templates/offline/sw.js). The session key itself is
    not derivable."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        session = getattr(request, "session", None)
        key = session.session_key if session is not None else None
        response["X-Fb-Session"] = _tag(request, key) if key else "none"
        return response


def _tag(request, key: str) -> str:
    """The session's tag. The account is part of it: a session whose account was deleted (on
    another device) or logged out answers with another tag, and its saved pages go. (Only a
    request with a session reads its user: a visitor without one costs no lookup.)"""
    user = getattr(request, "user", None)
    account = user.pk if user is not None and user.is_authenticated else "-"
    return salted_hmac("offline-session-tag", f"{key}:{account}", algorithm="sha256").hexdigest()[
        :24
    ]


class PermissionsPolicyMiddleware:
    """Send `Permissions-Policy` (settings.PERMISSIONS_POLICY): the browser features no page of
    ours uses (camera, microphone, geolocation...) are switched off for every page."""

    def __init__(self, get_response):
        self.get_response = get_response
        policy = getattr(settings, "PERMISSIONS_POLICY", {})
        self.header = ", ".join(
            f"{feature}=({' '.join(allowed)})" for feature, allowed in policy.items()
        )

    def __call__(self, request):
        response = self.get_response(request)
        if self.header:
            response.headers.setdefault("Permissions-Policy", self.header)
        return response

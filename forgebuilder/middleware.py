"""Response headers Django has no setting for."""

from __future__ import annotations

from django.conf import settings


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

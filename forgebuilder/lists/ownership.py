"""Who owns a list: a signed-in user, or the browser session of someone without an account."""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from django.db.models import Q
from django.http import HttpRequest

SESSION_KEY = "forgebuilder_owner"


@dataclass(frozen=True)
class Owner:
    user_id: int | None
    token: str

    def filter(self) -> Q:
        """Lists this owner may edit (none for a visitor who has no session yet)."""
        q = Q(owner_token=self.token, owner__isnull=True) if self.token else Q(pk__in=[])
        if self.user_id is not None:
            q |= Q(owner_id=self.user_id)
        return q


def owner_of(request: HttpRequest, *, create: bool = True) -> Owner:
    """Who is asking. Read-only views pass `create=False`: a visitor without a session gets
    an owner of nothing rather than a new session row (issue 14, defect 6)."""
    token = request.session.get(SESSION_KEY)
    if token is None and create:
        token = secrets.token_urlsafe(24)
        request.session[SESSION_KEY] = token
    user_id = request.user.pk if request.user.is_authenticated else None
    return Owner(user_id, token or "")

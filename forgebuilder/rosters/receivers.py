"""Signal glue: when someone signs in, the foreign rosters kept in that browser become theirs
(as their lists do: lists/receivers.py)."""

from __future__ import annotations

from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver

from forgebuilder.lists.api import SESSION_KEY
from forgebuilder.rosters.services import rosters_adopt


@receiver(user_logged_in)
def adopt_session_rosters(sender, request, user, **kwargs) -> None:
    if request is not None and hasattr(request, "session"):
        rosters_adopt(user_id=user.pk, token=request.session.get(SESSION_KEY, ""))

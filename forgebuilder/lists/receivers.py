"""Signal glue: when someone signs in, the lists made in that browser become theirs."""

from __future__ import annotations

from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver

from forgebuilder.lists.ownership import SESSION_KEY
from forgebuilder.lists.services import army_lists_adopt


@receiver(user_logged_in)
def adopt_session_lists(sender, request, user, **kwargs) -> None:
    if request is not None and hasattr(request, "session"):
        army_lists_adopt(user_id=user.pk, token=request.session.get(SESSION_KEY, ""))

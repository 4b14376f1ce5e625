"""A page refused for a reason a player should read: the 404 or 403 page says why and what to do.

`raise NotFound(reason, hint)` where a page does not exist for this visitor, `raise
Forbidden(reason, hint)` where it exists but is not theirs to see; `link` names where to go next.
Django's own 404s (an address no pattern matches, an object not found) keep the general page, so
no internal message ever reaches a player."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import Http404


class _Reasoned:
    def __init__(self, reason: str, hint: str = "", link: tuple[str, str] | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.hint = hint
        self.link = link  # (address, label) of the next step


class NotFound(_Reasoned, Http404):
    """A 404 whose reason is written for the player."""


class Forbidden(_Reasoned, PermissionDenied):
    """A 403 whose reason is written for the player."""


def reason_context(exception: Exception | None) -> dict:
    """The error page's words for `exception`: its reason, hint and link where it has them."""
    if isinstance(exception, _Reasoned):
        return {"reason": exception.reason, "hint": exception.hint, "link": exception.link}
    return {"reason": "", "hint": "", "link": None}

"""Housekeeping: expired sessions and the lists of visitors who will never come back.

A visitor without an account owns lists through a token in their session. Once no live session
holds that token, nobody can open those lists again; after `ANONYMOUS_LIST_RETENTION_DAYS`
without a change they are deleted. `manage.py cleanup_lists` runs this (daily; docs/deploy.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.contrib.sessions.models import Session
from django.utils import timezone

from forgebuilder.lists.models import ArmyList
from forgebuilder.lists.ownership import SESSION_KEY


@dataclass(frozen=True)
class Cleaned:
    sessions: int
    lists: int


def live_owner_tokens() -> set[str]:
    """The owner tokens held by sessions that have not expired."""
    tokens = set()
    for session in Session.objects.filter(expire_date__gte=timezone.now()).iterator():
        token = session.get_decoded().get(SESSION_KEY)
        if token:
            tokens.add(token)
    return tokens


def cleanup_expired(*, retention_days: int | None = None, dry_run: bool = False) -> Cleaned:
    """Delete expired sessions, then anonymous lists no live session owns and nobody changed
    for `retention_days` (default: settings.ANONYMOUS_LIST_RETENTION_DAYS)."""
    days = settings.ANONYMOUS_LIST_RETENTION_DAYS if retention_days is None else retention_days
    expired = Session.objects.filter(expire_date__lt=timezone.now())
    # A list with neither owner nor token is no visitor's: a wing keeps it (a campaign army
    # whose player deleted their account stays in the campaign's history).
    orphans = (
        ArmyList.objects.filter(
            owner__isnull=True, updated_at__lt=timezone.now() - timedelta(days=days)
        )
        .exclude(owner_token="")
        .exclude(owner_token__in=live_owner_tokens())
    )
    if dry_run:
        return Cleaned(expired.count(), orphans.count())
    sessions = expired.delete()[0]
    lists = orphans.delete()[1].get(ArmyList._meta.label, 0)
    return Cleaned(sessions, lists)

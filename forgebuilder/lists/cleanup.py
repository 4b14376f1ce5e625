"""Housekeeping: expired sessions and the lists of visitors who will never come back.

A visitor without an account owns lists through a token in their session. Once no live session
holds that token, nobody can open those lists again; after `ANONYMOUS_LIST_RETENTION_DAYS`
without a change they are deleted. Other apps' things a visitor keeps the same way (foreign
rosters) are cleaned with them: each app registers a `VisitorThings` in `visitor_things`.
`manage.py cleanup_lists` runs this (daily; docs/deploy.md).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Protocol

from django.conf import settings
from django.contrib.sessions.models import Session
from django.db.models import QuerySet
from django.utils import timezone

from forgebuilder.lists.models import ArmyList
from forgebuilder.lists.ownership import SESSION_KEY
from forgebuilder.registries import KeyedRegistry


@dataclass(frozen=True)
class Cleaned:
    sessions: int
    lists: int
    # other apps' things, by what they are ("foreign rosters": 3)
    others: tuple[tuple[str, int], ...] = ()


class VisitorThings(Protocol):
    """An app's things a visitor keeps through their session's token (as lists are)."""

    key: str  # what they are, as the count is said: "foreign rosters"

    def abandoned(self, *, live_tokens: set[str], before: datetime) -> QuerySet:
        """Those of visitors no live session holds, unchanged since `before`."""
        ...


class VisitorThingsRegistry(KeyedRegistry[VisitorThings]):
    what = "visitor things"

    def __iter__(self) -> Iterator[VisitorThings]:
        return iter(sorted(self._by_key.values(), key=lambda t: t.key))


visitor_things = VisitorThingsRegistry()


def live_owner_tokens() -> set[str]:
    """The owner tokens held by sessions that have not expired."""
    tokens = set()
    for session in Session.objects.filter(expire_date__gte=timezone.now()).iterator():
        token = session.get_decoded().get(SESSION_KEY)
        if token:
            tokens.add(token)
    return tokens


def cleanup_expired(*, retention_days: int | None = None, dry_run: bool = False) -> Cleaned:
    """Delete expired sessions, then anonymous lists (and other apps' visitor things) no live
    session owns and nobody changed for `retention_days` (default:
    settings.ANONYMOUS_LIST_RETENTION_DAYS)."""
    days = settings.ANONYMOUS_LIST_RETENTION_DAYS if retention_days is None else retention_days
    expired = Session.objects.filter(expire_date__lt=timezone.now())
    tokens, before = live_owner_tokens(), timezone.now() - timedelta(days=days)
    # A list with neither owner nor token is no visitor's: a wing keeps it (a campaign army
    # whose player deleted their account stays in the campaign's history).
    orphans = (
        ArmyList.objects.filter(owner__isnull=True, updated_at__lt=before)
        .exclude(owner_token="")
        .exclude(owner_token__in=tokens)
    )
    others = [(t.key, t.abandoned(live_tokens=tokens, before=before)) for t in visitor_things]
    if dry_run:
        counted = tuple((key, things.count()) for key, things in others)
        return Cleaned(expired.count(), orphans.count(), counted)
    sessions = expired.delete()[0]
    lists = orphans.delete()[1].get(ArmyList._meta.label, 0)
    deleted = tuple(
        (key, things.delete()[1].get(things.model._meta.label, 0)) for key, things in others
    )
    return Cleaned(sessions, lists, deleted)

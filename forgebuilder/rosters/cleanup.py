"""Foreign rosters a visitor kept without an account are cleaned with their lists (the daily
`cleanup_lists`): once no live session holds their token and they are older than the retention
period (a kept roster never changes: its age is its last change). A game tracked with it keeps
its own copy (play's Game.document)."""

from __future__ import annotations

from datetime import datetime

from django.db.models import QuerySet

from forgebuilder.rosters.models import ForeignRoster


class VisitorRosters:
    key = "foreign rosters"

    def abandoned(self, *, live_tokens: set[str], before: datetime) -> QuerySet:
        return (
            ForeignRoster.objects.filter(owner__isnull=True, created_at__lt=before)
            .exclude(owner_token="")
            .exclude(owner_token__in=live_tokens)
        )

"""Army lists as stored: the list document plus a few summary columns, revisions for undo, and
share links.

The list itself is its document (`forgebuilder.engine.listdoc.ListDocument`), kept as JSON:
the editor, the export and the API all speak that one format. The summary columns (points,
legality, unit count) are refreshed on every save so "My lists" needs no evaluation.
"""

from __future__ import annotations

import secrets
from datetime import timedelta

from django.conf import settings
from django.db import models
from django.utils import timezone

from factions.models import GameModule


def public_token() -> str:
    """An unguessable id for public URLs: 16 url-safe characters, 96 bits of randomness."""
    return secrets.token_urlsafe(12)


class ArmyListQuerySet(models.QuerySet):
    def kept(self) -> ArmyListQuerySet:
        """Lists not in the bin: the one home of "not deleted"."""
        return self.filter(deleted_at__isnull=True)

    def binned(self) -> ArmyListQuerySet:
        return self.filter(deleted_at__isnull=False)


class ArmyList(models.Model):
    public_id = models.CharField(max_length=24, unique=True, default=public_token, editable=False)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE,
        related_name="army_lists",
    )  # fmt: skip
    # Lists made without an account belong to the browser session holding this token.
    owner_token = models.CharField(max_length=40, blank=True, db_index=True)
    module = models.ForeignKey(GameModule, on_delete=models.PROTECT, related_name="army_lists")
    name = models.CharField(max_length=120)
    faction_name = models.CharField(max_length=120, blank=True)
    folder = models.CharField(max_length=60, blank=True)  # the owner's own grouping in My lists
    document = models.JSONField()
    version = models.PositiveIntegerField(default=1)
    points = models.IntegerField(default=0)
    points_limit = models.PositiveIntegerField(default=0)
    unit_count = models.PositiveIntegerField(default=0)
    legal = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    deleted_at = models.DateTimeField(null=True, blank=True)

    objects = ArmyListQuerySet.as_manager()

    class Meta:
        ordering = ["-updated_at"]
        indexes = [
            # My lists: a page by last change, and the counts by game and folder from the index
            # alone. A visitor's lists are asked for with "no account" (`Owner.filter`): their
            # indexes hold only such lists, so that question needs no row of the table either.
            models.Index(fields=["owner", "deleted_at", "updated_at"], name="armylist_shelf"),
            models.Index(
                fields=["owner_token", "deleted_at", "updated_at"],
                condition=models.Q(owner__isnull=True),
                name="armylist_visitor_shelf",
            ),
            models.Index(
                fields=["owner", "deleted_at", "module", "folder"], name="armylist_shelf_counts"
            ),
            models.Index(
                fields=["owner_token", "deleted_at", "module", "folder"],
                condition=models.Q(owner__isnull=True),
                name="armylist_visitor_shelf_counts",
            ),
            # the daily clean-up's question: visitors' lists nobody changed for a while
            models.Index(
                fields=["updated_at"],
                condition=models.Q(owner__isnull=True) & ~models.Q(owner_token=""),
                name="armylist_visitors_by_change",
            ),
        ]

    def __str__(self) -> str:
        return self.name


class ListRevision(models.Model):
    """The document as it was before one change: what undo goes back to.

    Kept as `changes`, the patch (`lists/jsondiff.py`) from the document right after this change
    back to the document before it: the newest revision's patch applies to the list as it is
    (`version` is the list's version it applies to; undo moves it on to the next one), each
    older one to the document the newer one gives back. Revisions written before patches were
    kept hold the whole `document` instead."""

    army_list = models.ForeignKey(ArmyList, on_delete=models.CASCADE, related_name="revisions")
    document = models.JSONField(null=True, blank=True)
    changes = models.JSONField(null=True, blank=True)
    version = models.PositiveIntegerField(null=True, blank=True)
    label = models.CharField(max_length=200)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-pk"]

    def __str__(self) -> str:
        return self.label


class ShareLinkQuerySet(models.QuerySet):
    def live(self) -> ShareLinkQuerySet:
        """Links that still open their list: not revoked, their list not in the bin (the one
        home of "this link works")."""
        return self.filter(revoked_at__isnull=True, army_list__deleted_at__isnull=True)

    def unrevoked(self) -> ShareLinkQuerySet:
        """Links not revoked, whatever their list's state (to revoke them, or count them)."""
        return self.filter(revoked_at__isnull=True)


class ShareLink(models.Model):
    LIVE, SNAPSHOT = "live", "snapshot"
    token = models.CharField(max_length=24, unique=True, default=public_token, editable=False)
    army_list = models.ForeignKey(ArmyList, on_delete=models.CASCADE, related_name="share_links")
    kind = models.CharField(
        max_length=10, choices=[(LIVE, "Live list"), (SNAPSHOT, "Frozen snapshot")]
    )
    # For snapshots: the document as it was when shared, and its version.
    document = models.JSONField(null=True, blank=True)
    list_version = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    objects = ShareLinkQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} link to {self.army_list_id}"

    #: A link made this recently is asked for once by its owner's editor, as a reader without
    #: cookies asks (static/js/app.js, `data-warm`): the proxy in front (docs/deploy.md) then
    #: holds its page before the link reaches a club chat, and a burst of first readers is
    #: answered from that copy instead of queueing for the app.
    WARM_SECONDS = 60

    @property
    def just_made(self) -> bool:
        return timezone.now() - self.created_at < timedelta(seconds=self.WARM_SECONDS)

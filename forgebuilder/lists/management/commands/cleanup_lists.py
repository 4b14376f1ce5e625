"""Delete expired sessions and orphaned anonymous lists (schedule it daily: docs/deploy.md)."""

from __future__ import annotations

from django.core.management.base import BaseCommand

from forgebuilder.lists.cleanup import cleanup_expired


class Command(BaseCommand):
    help = "Delete expired sessions and anonymous lists no session owns any more."

    def add_arguments(self, parser):
        parser.add_argument("--days", type=int, default=None, help="retention period in days")
        parser.add_argument("--dry-run", action="store_true", help="count, delete nothing")

    def handle(self, *args, days=None, dry_run=False, **options):
        cleaned = cleanup_expired(retention_days=days, dry_run=dry_run)
        verb = "Would delete" if dry_run else "Deleted"
        others = "".join(f", {count} orphaned {key}" for key, count in cleaned.others)
        self.stdout.write(
            f"{verb} {cleaned.sessions} expired session(s), {cleaned.lists} orphaned list(s)"
            f"{others}."
        )

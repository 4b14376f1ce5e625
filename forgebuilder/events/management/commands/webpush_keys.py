"""Make a VAPID key pair for Web Push: `manage.py webpush_keys`.

Prints the two settings to put in the environment of every instance and task worker (the
public key is derived from the private one; it is printed to compare with what browsers see).
"""

from __future__ import annotations

from django.core.management.base import BaseCommand

from forgebuilder.events.webpush import new_key


class Command(BaseCommand):
    help = "Print a new VAPID key pair for Web Push (WEBPUSH_VAPID_PRIVATE_KEY)."

    def handle(self, *args, **options) -> None:
        private, public = new_key()
        self.stdout.write(f"WEBPUSH_VAPID_PRIVATE_KEY={private}")
        self.stdout.write("WEBPUSH_SUBJECT=mailto:events@your.host  # a contact of yours")
        self.stdout.write(f"# public key (the page's applicationServerKey): {public}")

"""`manage.py load_starter_modules`: load every game module forgebuilder ships with."""

from __future__ import annotations

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError


class Command(BaseCommand):
    help = "Load (or update) the starter game modules in factions/game_modules/."

    def handle(self, *args, **options) -> None:
        folder = settings.STARTER_MODULES_DIR
        paths = sorted(p for p in folder.iterdir() if p.is_dir() and not p.name.startswith("_"))
        if not paths:
            raise CommandError(f"No starter modules found in {folder}.")
        call_command(
            "load_module",
            *paths,
            verbosity=options["verbosity"],
            stdout=self.stdout,
            stderr=self.stderr,
        )

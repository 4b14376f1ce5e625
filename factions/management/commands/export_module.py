"""`manage.py export_module SLUG PATH`: write a stored game module back to files."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from factions.gamedata.exporter import game_module_spec, write_module
from factions.models import GameModule


class Command(BaseCommand):
    help = (
        "Export a game module: PATH ending in .yaml/.yml/.json writes one file, "
        "any other PATH a folder (module.yaml + factions/*.yaml)."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("slug")
        parser.add_argument("path", type=Path)

    def handle(self, *args, slug: str, path: Path, **options) -> None:
        try:
            module = GameModule.objects.get(slug=slug)
        except GameModule.DoesNotExist:
            known = ", ".join(GameModule.objects.values_list("slug", flat=True)) or "none"
            raise CommandError(f"No game module '{slug}' (loaded: {known}).") from None
        files = write_module(game_module_spec(module), path)
        self.stdout.write(f"Exported '{slug}' to {len(files)} file(s) under {path}.")

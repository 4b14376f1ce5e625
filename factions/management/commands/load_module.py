"""`manage.py load_module PATH...`: create or update game modules from their files."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from factions.gamedata.loader import load_module_path
from factions.gamedata.problems import ModuleFileError


class Command(BaseCommand):
    help = "Load game modules from YAML/JSON files or folders (all or nothing per module)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("paths", nargs="+", type=Path, help="module file or folder")

    def handle(self, *args, paths: list[Path], verbosity: int, **options) -> None:
        failed = 0
        for path in paths:
            try:
                summary = load_module_path(path)
            except ModuleFileError as exc:
                failed += 1
                count = len(exc.problems)
                self.stderr.write(
                    self.style.ERROR(
                        f"{path}: {count} problem{'s' * (count != 1)}; nothing loaded:"
                    )
                )
                for problem in exc.problems:
                    self.stderr.write(f"  {problem}")
                continue
            if verbosity:
                for line in summary.lines(verbose=verbosity > 1):
                    self.stdout.write(line)
        if failed:
            raise CommandError(f"{failed} module{'s' * (failed != 1)} could not be loaded.")

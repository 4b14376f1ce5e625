"""`manage.py import_battleforge PATH`: import a Battle Forge module folder as a game module."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from factions.gamedata.battleforge.findings import CODES, for_players
from factions.gamedata.battleforge.import_base import IMPORT_CODES
from factions.gamedata.battleforge.lint import Finding
from factions.gamedata.battleforge.loading import (
    BattleForgeImportError,
    ImportReport,
    battleforge_module_import,
)

FIRST_FEW = 3
MEANINGS = {**CODES, **IMPORT_CODES}  # code: (severity, what it means)


class Command(BaseCommand):
    help = (
        "Import a Battle Forge module folder (index.json and its faction files), priced by "
        "the Battle Forge points engine, in one transaction. See docs/battleforge-import.md."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("path", type=Path, help="the module folder (holding index.json)")
        parser.add_argument(
            "--root",
            type=Path,
            default=None,
            help="the shared root index.json (default: ../root/index.json next to PATH)",
        )
        parser.add_argument("--slug", default=None, help="module slug (default: from the game id)")
        parser.add_argument(
            "--dry-run",
            action="store_true",
            help="read, price, check and load, then roll back: show what would change",
        )

    def handle(self, *args, path: Path, root: Path | None, slug: str | None, **options) -> None:
        dry_run, verbosity = options["dry_run"], options["verbosity"]
        try:
            report = battleforge_module_import(
                path=path, root_index=root, slug=slug, dry_run=dry_run
            )
        except BattleForgeImportError as exc:
            for problem in exc.problems:
                self.stderr.write(f"  {problem}")
            raise CommandError(str(exc)) from None
        self.write_report(report, verbosity)

    def write_report(self, report: ImportReport, verbosity: int) -> None:
        game, spec = report.game, report.result.spec
        sheets = sum(len(f.datasheets) for f in spec.factions.values())
        root = report.root_index or "none (root rules and weapons missing)"
        if verbosity >= 1:
            self.stdout.write(
                f"Read {game.folder} ({game.name}, {game.game_type}): {len(spec.factions)} "
                f"factions, {sheets} datasheets; root: {root}"
            )
        for line in report.summary.lines(verbose=verbosity > 1):
            self.stdout.write(line)
        if verbosity >= 1:
            self.write_findings(report, verbosity)
        self.write_impact(report, verbosity)
        if report.dry_run:
            self.stdout.write(self.style.WARNING("Dry run: nothing was written."))

    def write_impact(self, report: ImportReport, verbosity: int) -> None:
        """What the import changes for players (its first few changes; all with --verbosity 2)
        and what that does to the stored lists, events and campaigns of the module."""
        if not report.impacts:
            return  # a new module: nothing was built on it yet
        changes = report.changes
        verb = "would change" if report.dry_run else "changed"
        self.stdout.write(f"What this import {verb} for players: {len(changes)}")
        shown = changes if verbosity > 1 else changes[:FIRST_FEW]
        for change in shown:
            self.stdout.write(f"  {change.words}")
        if len(shown) < len(changes):
            self.stdout.write(f"  ({len(changes) - len(shown)} more; use --verbosity 2)")
        for impact in report.impacts:
            self.stdout.write(f"{impact.what}: {impact.touched} of {impact.stored} touched")
            for line in impact.lines:
                self.stdout.write(f"  {line}")

    def write_findings(self, report: ImportReport, verbosity: int) -> None:
        """The findings in two groups, each with its count: what players will notice (each code
        with what it means and its first few places), then what the data's authors may fix
        (a line per code); --verbosity 2 lists every finding of both."""
        result = report.result
        self.stdout.write(
            f"Findings: {len(result.findings)} (linter {len(result.lint)}, "
            f"importer {len(result.repairs)})"
        )
        players, authors = for_players(result.findings)
        self.stdout.write(f"What players will notice: {len(players)}")
        hidden = self.write_group(players, FIRST_FEW if verbosity < 2 else None)
        self.stdout.write(f"What the data's authors may fix: {len(authors)}")
        hidden += self.write_group(authors, 0 if verbosity < 2 else None)
        if hidden:
            self.stdout.write(f"  ({hidden} more; use --verbosity 2 to list them all)")

    def write_group(self, findings: list[Finding], first: int | None) -> int:
        """Each code of `findings` with its count and meaning, then its `first` places (all of
        them for None); returns how many were left out."""
        by_code: dict[str, list[Finding]] = defaultdict(list)
        for item in findings:
            by_code[item.code].append(item)
        hidden = 0
        for code in sorted(by_code, key=lambda c: (by_code[c][0].severity != "warning", c)):
            items = by_code[code]
            meaning = MEANINGS.get(code, ("", ""))[1]
            self.stdout.write(f"  {code} ({items[0].severity}): {len(items)}  {meaning}".rstrip())
            shown = items if first is None else items[:first]
            hidden += len(items) - len(shown)
            for item in shown:
                where = f"{item.file} {item.path}".strip()
                self.stdout.write(f"    {where}: {item.message}")
        return hidden

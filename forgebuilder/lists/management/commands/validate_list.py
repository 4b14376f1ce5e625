"""`manage.py validate_list FILE...`: check list documents, e.g. a tournament's submissions."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from forgebuilder.engine.api import MatchError, match_check
from forgebuilder.lists.documents import DocumentError, document_report, parse_document


class Command(BaseCommand):
    help = "Validate list documents; exits non-zero when any list is illegal or unreadable."

    def add_arguments(self, parser) -> None:
        parser.add_argument("files", nargs="+", type=Path)
        parser.add_argument("--json", action="store_true", help="print machine-readable reports")
        parser.add_argument(
            "--match", action="store_true", help="also check the lists against each other"
        )

    def handle(self, *args, files: list[Path], json: bool, match: bool, **options) -> None:
        results, rosters, bad = [], [], 0
        for path in files:
            try:
                document = parse_document(path.read_bytes())
                roster, report = document_report(document)
            except OSError as exc:
                bad += 1
                results.append({"file": str(path), "errors": [{"path": "", "message": str(exc)}]})
                continue
            except DocumentError as exc:
                bad += 1
                results.append({"file": str(path), **exc.to_json()})
                continue
            rosters.append(roster)
            bad += not report.legal
            results.append({"file": str(path), "name": document.name, **report.to_json()})
        match_report, match_problem = None, ""
        if match and len(rosters) >= 2:
            try:
                match_report = match_check(rosters)
                bad += not match_report.legal
            except MatchError as exc:
                match_problem = str(exc)
                bad += 1
        elif match:
            match_problem = f"needs at least two readable lists ({len(rosters)} could be read)"
            bad += 1
        if json:
            out: dict = {"lists": results}
            if match_report:
                out["match"] = match_report.to_json()
            elif match_problem:
                out["match"] = {"errors": [{"path": "", "message": match_problem}]}
            self.stdout.write(_dumps(out))
        else:
            for result in results:
                self._print(result)
            if match_report:
                self._print_match(match_report)
            elif match_problem:
                self.stdout.write(self.style.ERROR(f"Match: {match_problem}"))
        if bad:
            raise CommandError(f"{bad} problem{'s' * (bad != 1)} found.", returncode=1)

    def _print(self, result: dict) -> None:
        if "errors" in result:
            self.stdout.write(self.style.ERROR(f"{result['file']}: cannot be read"))
            for error in result["errors"]:
                where = f"{error['path']}: " if error["path"] else ""
                self.stdout.write(f"  {where}{error['message']}")
            return
        verdict = self.style.SUCCESS("legal") if result["legal"] else self.style.ERROR("NOT LEGAL")
        self.stdout.write(f"{result['file']}: {result['name']}: {verdict}")
        for total in result["totals"]:
            limit = f" / {total['limit']}" if total["limit"] is not None else ""
            self.stdout.write(f"  {total['label']}: {total['value']}{limit}")
        for v in result["violations"]:
            self.stdout.write(f"  [{v['severity']}] {v['message']}")
            if v["hint"]:
                self.stdout.write(f"      {v['hint']}")

    def _print_match(self, report) -> None:
        self.stdout.write("Match:")
        for side in report.sides:
            self.stdout.write(f"  {side.name}: {side.points} pts, {side.underdog_points} underdog")
        for v in report.violations:
            self.stdout.write(f"  [{v.severity}] {v.message}")


def _dumps(data) -> str:
    return json.dumps(data, indent=2, ensure_ascii=sys.stdout.encoding.lower() != "utf-8")

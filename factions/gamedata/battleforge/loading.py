"""Import a Battle Forge module folder into the database (the service behind
``manage.py import_battleforge``).

Read (``load_game``), map (``build_module_spec``), check (``check_module``: any finding is an
importer bug) and load (``game_module_load``, one transaction). Unlike the rest of this
package this module uses Django, so the package's ``__init__`` does not import it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from django.db import transaction

from factions.drafts import version_review
from factions.gamedata.changes import Change
from factions.models import GameModule, ModuleVersion
from forgebuilder.impacts import Impact
from forgebuilder.refused import Refused

from ..loader import LoadSummary, game_module_load
from ..references import check_module
from .importer import ImportResult, build_module_spec
from .layering import load_game
from .source import MODULE_INDEX, BFGame

__all__ = [
    "BattleForgeImportError",
    "ImportReport",
    "battleforge_module_import",
    "default_root_index",
]


class BattleForgeImportError(Refused):
    """The module could not be imported; ``problems`` says why (nothing was written)."""

    code = "battleforge-import-failed"

    def __init__(self, message: str, problems: list[str] | None = None) -> None:
        super().__init__(message)
        self.problems = problems or []


@dataclass(frozen=True)
class ImportReport:
    """What an import did: the loaded game, the mapping result and the load summary
    (for a dry run, what the load would have changed)."""

    game: BFGame
    result: ImportResult
    summary: LoadSummary
    root_index: Path | None
    dry_run: bool
    # what the import changes from what players saw, and what that does to stored lists,
    # events and campaigns (none: the module is new)
    changes: tuple[Change, ...] = ()
    impacts: tuple[Impact, ...] = ()


class _DryRun(Exception):
    pass


def default_root_index(module_dir: Path) -> Path | None:
    """``../root/index.json`` next to the module folder, if it exists."""
    candidate = Path(module_dir).parent / "root" / MODULE_INDEX
    return candidate if candidate.is_file() else None


def battleforge_module_import(
    *,
    path: Path,
    root_index: Path | None = None,
    slug: str | None = None,
    dry_run: bool = False,
) -> ImportReport:
    """Import the Battle Forge module folder ``path`` (one transaction).

    ``root_index`` defaults to :func:`default_root_index`. Raises
    :class:`BattleForgeImportError` when the folder or any file cannot be read, or when the
    mapped spec fails ``check_module`` (an importer bug); nothing is written then. With
    ``dry_run`` the load runs and is rolled back, so the summary shows what would change.
    """
    path = Path(path)
    if not path.is_dir():
        raise BattleForgeImportError(f"{path}: no such module folder")
    if root_index is None:
        root_index = default_root_index(path)
    elif not Path(root_index).is_file():
        raise BattleForgeImportError(f"{root_index}: no such root index file")
    try:
        game = load_game(path, root_index)
    except (FileNotFoundError, ValueError) as exc:
        raise BattleForgeImportError(f"{path}: cannot read {MODULE_INDEX}: {exc}") from None
    if game.problems:
        raise BattleForgeImportError(
            f"{path}: {len(game.problems)} file(s) could not be read; nothing imported",
            [f"{p.file}: {p.message}" for p in game.problems],
        )
    result = build_module_spec(game, slug=slug)
    problems = [
        f"{'.'.join(str(part) for part in where)}: {message}"
        for where, message in check_module(result.spec)
    ]
    if problems:
        raise BattleForgeImportError(
            "the imported spec fails the module checks (an importer bug); nothing imported",
            problems,
        )
    module = GameModule.objects.filter(slug=result.spec.slug).first()
    changes, impacts = version_review(module, result.spec) if module else ([], [])
    summary = _load(result, dry_run)
    return ImportReport(game, result, summary, root_index, dry_run, tuple(changes), tuple(impacts))


def _load(result: ImportResult, dry_run: bool) -> LoadSummary:
    if not dry_run:
        return game_module_load(spec=result.spec, source=ModuleVersion.IMPORT)
    summary: LoadSummary | None = None
    try:
        with transaction.atomic():
            summary = game_module_load(spec=result.spec, source=ModuleVersion.IMPORT)
            raise _DryRun
    except _DryRun:
        pass
    assert summary is not None
    return summary

"""Reading what the Battle Forge importer made, for its tests (test_importer, test_import_options)."""

from __future__ import annotations

from factions.gamedata.battleforge.importer import ImportResult
from factions.gamedata.schemas import DatasheetSpec, OptionSpec


def sheet(result: ImportResult, faction: str, key: str) -> DatasheetSpec:
    return result.spec.factions[faction].datasheets[key]


def option(options: tuple[OptionSpec, ...], verb: str, index: int = 0) -> OptionSpec:
    return [o for o in options if o.verb == verb][index]


def prices(opt: OptionSpec) -> list[tuple[list[str], int]]:
    return [([ref.shorthand for ref in c.items], c.points) for c in opt.choices]


def found(result: ImportResult, code: str, file: str | None = None) -> list[str]:
    """The paths of the findings of one code (in one file)."""
    return [f.path for f in result.findings if f.code == code and file in (None, f.file)]

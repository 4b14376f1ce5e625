"""Helpers shared by the benchmarks: a throw-away database, realistic list documents, statistics.

A benchmark never touches the developer's db.sqlite3: `django_on_temp_db` points DATABASE_URL at
a SQLite file in a temporary folder *before* Django is set up, migrates it and loads the Battle
Forge starter module (Ember Reach). Lists are built with the real edit functions, so they are
the documents the editor itself would store.
"""

from __future__ import annotations

import contextlib
import io
import os
import shutil
import statistics
import sys
import tempfile
from collections.abc import Iterator, Sequence
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

MODULE_DIR = "factions/game_modules/ember-reach"
MODULE_SLUG = "ember-reach"
FACTION = "cinderhold"  # of the Hearthbound Compact

# The force organizations of a benchmark list: three of the list's own faction, an allied
# contingent of Mirewind (same alliance) and one of the Gilt Ledger (mercenaries, ally anyone).
FORCES = (
    ("muster", FACTION),  # f1, made by new_document
    ("vanguard", FACTION),
    ("siege_train", FACTION),
    ("allied_contingent", "mirewind"),
    ("allied_contingent", "gilt_ledger"),
)
# Which force each next unit joins: most go to the list's own faction, some to the allies.
FORCE_PATTERN = ("f1", "f1", "f2", "f3", "f1", "f4", "f2", "f3", "f1", "f5")


# --------------------------------------------------------------------------- a temp database


@contextlib.contextmanager
def temp_dir(prefix: str) -> Iterator[Path]:
    path = Path(tempfile.mkdtemp(prefix=prefix))
    try:
        yield path
    finally:
        shutil.rmtree(path, ignore_errors=True)


def sqlite_url(path: Path) -> str:
    return f"sqlite:///{path}"  # an absolute path gives sqlite:////tmp/...


def django_on_temp_db(settings_module: str, db_path: Path, **env: str) -> None:
    """Set Django up on a fresh SQLite file: migrate it and load the Ember Reach module."""
    os.environ["DJANGO_SETTINGS_MODULE"] = settings_module
    os.environ["DATABASE_URL"] = sqlite_url(db_path)
    os.environ.update(env)
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0, interactive=False)
    call_command("load_module", str(REPO / MODULE_DIR), stdout=io.StringIO())


def cleanup_test_render_cache() -> None:
    """The test settings make a temp folder for rendered PDFs at import: remove it."""
    from django.conf import settings

    location = Path(settings.CACHES["renders"]["LOCATION"])
    if location.name.startswith("fb-render-cache-") and location.parent == Path(
        tempfile.gettempdir()
    ):
        shutil.rmtree(location, ignore_errors=True)


def module_catalog():
    from factions.catalog import catalog_for
    from factions.models import GameModule

    return catalog_for(GameModule.objects.get(slug=MODULE_SLUG))


# --------------------------------------------------------------------------- list documents


def populate(document, catalog, *, units: int):
    """Give `document` (a new list of FACTION with the muster as f1) the other forces of
    FORCES and `units` units spread over them, with options taken and model counts changed.

    Every edit goes through `forgebuilder.lists.edits`, as the editor's would.
    """
    from forgebuilder.lists import edits

    for organization, faction in FORCES[len(document.forces) :]:
        document, _ = edits.add_force(document, catalog, organization=organization, faction=faction)
    forces = {f.id: f.faction for f in document.forces}
    sheets = {
        faction: list(catalog.faction(faction).datasheets) for faction in set(forces.values())
    }
    seen: dict[str, int] = {}
    for i in range(units):
        force = FORCE_PATTERN[i % len(FORCE_PATTERN)]
        faction = forces[force]
        n = seen.get(faction, 0)
        seen[faction] = n + 1
        datasheet = sheets[faction][n % len(sheets[faction])]
        document, unit_id = edits.add_unit(document, catalog, datasheet=datasheet, force=force)
        sheet = catalog.datasheet(faction, datasheet)
        for k, (_, option) in enumerate(sheet.all_options()):
            if (i + k) % 2:  # about half the options, different ones on each unit
                continue
            with contextlib.suppress(edits.EditError):
                document = edits.set_option(
                    document, catalog, unit_id=unit_id, option=option.id,
                    choice=option.choices[0].id, count=1,
                )  # fmt: skip
        model = growable_model(sheet)
        if model is not None and i % 2 == 0:
            document = edits.set_model_count(
                document, catalog, unit_id=unit_id, model=model.id, count=model.min + 1
            )
    legend = next(iter(catalog.legends(document.faction)), None)
    if legend is not None:
        with contextlib.suppress(edits.EditError):
            document = edits.add_legend(document, catalog, legend=legend, unit_id="u1")
    return document


def growable_model(sheet):
    """The sheet's first model whose count may go above its minimum, or None."""
    return next((m for m in sheet.models if m.max_count > m.min), None)


def new_list_document(catalog, *, units: int, name: str, distinct: bool = False):
    """A list of `units` units spread over FORCES; `distinct`: no two alike (each is renamed
    "<datasheet> <n>"), so every unit is a card of its own in the roster."""
    from forgebuilder.lists import edits

    document = edits.new_document(
        catalog, faction=FACTION, name=name, points_limit=4000, casual=False
    )
    document = populate(document, catalog, units=units)
    if distinct:
        for n, unit in enumerate(list(document.units), start=1):
            sheet = catalog.datasheet(_unit_faction(document, unit), unit.datasheet)
            name = f"{sheet.name if sheet else unit.datasheet} {n}"
            document = edits.rename_unit(document, unit_id=unit.id, name=name)
    return document


def repeated_list_document(catalog, *, units: int, datasheets: int, name: str):
    """A list of `units` units of the first `datasheets` datasheets of FACTION, all in the
    muster, taken as they come (as a horde army is): units of one datasheet are alike."""
    from forgebuilder.lists import edits

    document = edits.new_document(
        catalog, faction=FACTION, name=name, points_limit=40000, casual=True
    )
    sheets = list(catalog.faction(FACTION).datasheets)[:datasheets]
    for i in range(units):
        document, _ = edits.add_unit(
            document, catalog, datasheet=sheets[i % len(sheets)], force="f1"
        )
    return document


def _unit_faction(document, unit) -> str:
    forces = {f.id: f.faction for f in document.forces}
    return unit.faction or forces.get(unit.force, document.faction)


# --------------------------------------------------------------------------- figures


def percentile(samples: Sequence[float], pct: float) -> float:
    """The `pct` percentile (0-100) by linear interpolation."""
    ordered = sorted(samples)
    if not ordered:
        return float("nan")
    rank = (len(ordered) - 1) * pct / 100
    low = int(rank)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (rank - low)


def median(samples: Sequence[float]) -> float:
    return statistics.median(samples) if samples else float("nan")


def verdict(ok: bool) -> str:
    return "MET" if ok else "MISSED"

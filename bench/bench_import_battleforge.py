"""Benchmark: importing Battle Forge's Mystic Realms module (``fantasy-realms``).

    .venv/bin/python bench/bench_import_battleforge.py [--repeat N]

Prints, best of N runs each:

* the baseline: reading and json-parsing the module's files (so figures compare across
  machines: divide by it);
* the end-to-end import (read + price + lint + check + load into an empty database), target
  under 5 s, and its phases;
* a re-import of the same files (nothing changes);
* pricing every unit and option with the points engine alone.

Runs against a temporary SQLite database file (migrated here, deleted afterwards) with
``forgebuilder.settings.test`` unless ``DJANGO_SETTINGS_MODULE`` is set. Skips with a message
when the shared data folder (``$FORGEBUILDER_SHARED_DIR``, default ``../shared``) is absent.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
TARGET_SECONDS = 5.0


def shared_data() -> Path:
    shared = Path(os.environ.get("FORGEBUILDER_SHARED_DIR", REPO.parent / "shared")).resolve()
    return shared / "data" / "battleforge"


def best_of(repeat: int, run: Callable[[], Any], before: Callable[[], Any] | None = None):
    """(best, median) seconds of ``repeat`` runs; ``before`` runs untimed before each."""
    times = []
    for _ in range(repeat):
        if before is not None:
            before()
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times), statistics.median(times)


def row(label: str, best: float, median: float, baseline: float) -> str:
    times = f"{best * 1000:9.1f} ms  (median {median * 1000:9.1f})"
    return f"  {label:<44} {times}  x{best / baseline:8.1f}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure (best is shown)")
    args = parser.parse_args()
    repeat = max(1, args.repeat)

    data = shared_data()
    module_dir, root_index = data / "fantasy-realms", data / "root" / "index.json"
    if not (module_dir / "index.json").is_file() or not root_index.is_file():
        print(f"SKIPPED: Battle Forge data not found in {data} (set FORGEBUILDER_SHARED_DIR)")
        return 0

    sys.path.insert(0, str(REPO))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "forgebuilder.settings.test")
    tmp = tempfile.TemporaryDirectory(prefix="fb-bench-")
    os.environ["DATABASE_URL"] = f"sqlite:///{Path(tmp.name) / 'bench.sqlite3'}"

    import django

    django.setup()
    from django.core.management import call_command

    from factions.gamedata.battleforge import build_module_spec, lint_game, load_game
    from factions.gamedata.battleforge.loading import battleforge_module_import
    from factions.gamedata.battleforge.pricing import price_all_units
    from factions.gamedata.loader import game_module_load
    from factions.gamedata.references import check_module
    from factions.models import GameModule

    call_command("migrate", verbosity=0)
    files = [root_index, *sorted(module_dir.glob("*.json"))]
    size = sum(f.stat().st_size for f in files)
    print(
        f"Battle Forge import benchmark: {module_dir} ({len(files)} files, {size / 1024:.0f} KiB)"
    )
    print(f"Python {sys.version.split()[0]}, best of {repeat}; 'x' = multiple of the baseline\n")

    def parse_all() -> None:
        for path in files:
            json.loads(path.read_bytes())

    baseline, median = best_of(repeat, parse_all)
    print(row("baseline: json-load the files", baseline, median, baseline))

    def drop_module() -> None:
        GameModule.objects.filter(slug="fantasy-realms").delete()

    def import_all() -> None:
        report = battleforge_module_import(path=module_dir, root_index=root_index)
        assert report.summary.module_created

    best, median = best_of(repeat, import_all, before=drop_module)
    end_to_end = best
    print(row("import end to end (empty database)", best, median, baseline))

    game = load_game(module_dir, root_index)
    result = build_module_spec(game)
    phases: list[tuple[str, Callable[[], Any]]] = [
        ("  read (load_game)", lambda: load_game(module_dir, root_index)),
        ("  map + price + lint (build_module_spec)", lambda: build_module_spec(game)),
        ("    of which lint (lint_game)", lambda: lint_game(game)),
        ("  check (check_module)", lambda: list(check_module(result.spec))),
    ]
    for label, run in phases:
        print(row(label, *best_of(repeat, run), baseline))
    load = best_of(repeat, lambda: game_module_load(spec=result.spec), before=drop_module)
    print(row("  load (game_module_load)", *load, baseline))

    def reimport() -> None:
        report = battleforge_module_import(path=module_dir, root_index=root_index)
        assert not report.summary.changed

    print(row("re-import, nothing changed", *best_of(repeat, reimport), baseline))

    def price_everything() -> None:
        for faction_id in game.factions:
            price_all_units(game, faction_id)

    units = sum(len(price_all_units(game, f)) for f in game.factions)
    groups = sum(
        len(p.option_groups) for f in game.factions for p in price_all_units(game, f).values()
    )
    pricing = best_of(repeat, price_everything)
    print(row(f"price {units} units, {groups} option groups", *pricing, baseline))

    verdict = "OK" if end_to_end < TARGET_SECONDS else "OVER TARGET"
    print(f"\nEnd-to-end import: {end_to_end:.2f} s (target < {TARGET_SECONDS:.0f} s): {verdict}")
    tmp.cleanup()
    return 0 if end_to_end < TARGET_SECONDS else 1


if __name__ == "__main__":
    sys.exit(main())

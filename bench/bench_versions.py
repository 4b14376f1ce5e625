"""What a published module version costs to store, and the editor of a list on an old version.

    .venv/bin/python bench/bench_versions.py [--rounds 15] [--units 30]

1. Storage. Every starter module (factions/game_modules/) and every Battle Forge module in
   ../shared/data/battleforge (where present) is loaded, then published again with one price
   changed, then loaded a third time unchanged. Printed per module: the spec's JSON size, the
   stored size of one version (SQLite keeps the JSON text; PostgreSQL's jsonb column is
   compressed by TOAST, shown where --postgres names a database), the size gzip would make of
   it, and what the unchanged load added (nothing: a version is kept only for a changed spec).
   Target (issue 43): a version costs what its spec costs, and no more than once.
2. The editor. A list of N units of Ember Reach on the current version, and the same list on
   the version before it (the module republished with its units repriced): the median process
   CPU time of GET /lists/<id>/ for each, taken in turns, beside the same run's GET /healthz.
   The old-version list's page also works out what the new version changed for it (its banner).
   Target (issue 43): the editor is no slower for a list on an old version (within 1.2x).

The database is a temporary SQLite file (and, with --postgres URL, a scratch database there).
"""

from __future__ import annotations

import argparse
import copy
import gzip
import json
import os
import sys
import time

import _support as support

TARGET_STORE_X = 1.05  # a version's stored bytes over its spec's JSON text
TARGET_EDITOR_X = 1.2


def module_specs() -> dict[str, dict]:
    from factions.gamedata.loader import read_module_source, validate_source

    specs = {}
    for path in sorted((support.REPO / "factions" / "game_modules").iterdir()):
        if path.is_dir():
            specs[path.name] = validate_source(read_module_source(path)).model_dump(mode="json")
    shared = support.REPO.parent / "shared" / "data" / "battleforge"
    if (shared / "root" / "index.json").is_file():
        from factions.gamedata.battleforge.importer import build_module_spec
        from factions.gamedata.battleforge.layering import load_game

        for folder in ("space-wars", "fantasy-realms", "wbh"):
            if (shared / folder / "index.json").is_file():
                game = load_game(shared / folder, shared / "root" / "index.json")
                specs[f"bf:{folder}"] = build_module_spec(game).spec.model_dump(mode="json")
    return specs


def repriced(spec: dict) -> dict:
    new = copy.deepcopy(spec)
    for faction in new["factions"].values():
        for sheet in faction.get("datasheets", {}).values():
            sheet["points"] += 1
            return new
    return new


def storage(pg_cursor=None) -> bool:
    from django.db import connection

    from factions.gamedata.loader import game_module_load
    from factions.gamedata.schemas import ModuleSpec
    from factions.models import GameModule, ModuleVersion

    print("Storage of a published version (SQLite: the JSON text as stored)")
    print(f"  {'module':<22} {'spec':>9} {'stored':>9} {'x':>5} {'gzip':>8} {'re-load adds':>13}")
    ok = True
    for name, spec in module_specs().items():
        spec = {**spec, "slug": f"bench-{name.replace(':', '-')}"}
        game_module_load(spec=ModuleSpec.model_validate(spec))
        changed = repriced(spec)
        game_module_load(spec=ModuleSpec.model_validate(changed))
        module = GameModule.objects.get(slug=spec["slug"])
        count = module.versions.count()
        game_module_load(spec=ModuleSpec.model_validate(changed))
        added = module.versions.count() - count
        raw = len(json.dumps(changed).encode())  # the spec's JSON text, as Django writes it
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT length(CAST(spec AS BLOB)) FROM factions_moduleversion WHERE id = %s",
                [ModuleVersion.objects.filter(module=module).order_by("-number").first().pk],
            )
            stored = cursor.fetchone()[0]
        packed = len(gzip.compress(json.dumps(changed).encode()))
        x = stored / raw
        ok &= x <= TARGET_STORE_X and added == 0
        print(f"  {name:<22} {raw / 1024:7.1f} KB {stored / 1024:7.1f} KB {x:5.2f} "
              f"{packed / 1024:6.1f} KB {added:>13}")  # fmt: skip
        if pg_cursor is not None:
            # stored in a table, as a version's row is: TOAST compresses a large jsonb value
            pg_cursor.execute("CREATE TEMP TABLE IF NOT EXISTS bench_spec (spec jsonb)")
            pg_cursor.execute("TRUNCATE bench_spec")
            pg_cursor.execute("INSERT INTO bench_spec VALUES (%s::jsonb)", [json.dumps(changed)])
            pg_cursor.execute("SELECT pg_column_size(spec) FROM bench_spec")
            toasted = pg_cursor.fetchone()[0]
            print(f"  {'':<22} PostgreSQL jsonb in a row: {toasted / 1024:.1f} KB "
                  f"({toasted / raw:.2f}x the spec)")  # fmt: skip
    print(f"  target: a version stored at most {TARGET_STORE_X}x its spec, an unchanged load "
          f"adds none: {support.verdict(ok)}")  # fmt: skip
    return ok


def cpu_ms(client, url: str) -> float:
    start = time.process_time()
    response = client.get(url)
    assert response.status_code == 200, (url, response.status_code)
    return (time.process_time() - start) * 1000


def editor(args) -> bool:
    from django.test import Client

    from factions.catalog import catalog_for
    from factions.gamedata.loader import game_module_load
    from factions.gamedata.schemas import ModuleSpec
    from factions.models import GameModule
    from forgebuilder.lists.models import ArmyList

    client = Client()
    catalog = support.module_catalog()
    document = support.new_list_document(catalog, units=args.units, name="Current")
    response = client.post(
        "/lists/new/",
        {"name": "Seed", "faction": f"{support.MODULE_SLUG}/{support.FACTION}",
         "points_limit": "2000"},
    )  # fmt: skip
    assert response.status_code == 302
    seed = ArmyList.objects.get()
    old = seed
    old.pk, old.public_id = None, "bencholdversion1"
    old.document = document.model_dump(mode="json")
    old.name = "Old"
    old.save()
    # the module republished: every datasheet a point dearer, a new label
    spec = catalog.spec.model_dump(mode="json")
    spec["version"] = f"{spec['version']}-next"
    for faction in spec["factions"].values():
        for sheet in faction.get("datasheets", {}).values():
            sheet["points"] += 1
    game_module_load(spec=ModuleSpec.model_validate(spec))
    now = catalog_for(GameModule.objects.get(slug=support.MODULE_SLUG))
    current = old
    current.pk, current.public_id, current.name = None, "benchcurrentver1", "Current"
    current.document = {**old.document, "module_version": now.spec.version}
    current.save()
    urls = {"current": "/lists/benchcurrentver1/", "old": "/lists/bencholdversion1/"}
    page = client.get(urls["old"]).content.decode()
    assert "changed" in page, "the old list's page shows no banner"
    samples: dict[str, list[float]] = {"healthz": [], "current": [], "old": []}
    for _ in range(2):
        for url in urls.values():
            cpu_ms(client, url)  # warm
    for _ in range(args.rounds):
        samples["healthz"].append(cpu_ms(client, "/healthz"))
        for key, url in urls.items():
            samples[key].append(cpu_ms(client, url))
    med = {k: support.median(v) for k, v in samples.items()}
    x = med["old"] / med["current"]
    print(f"The editor of a {args.units}-unit list (process CPU, median of {args.rounds})")
    print(f"  baseline GET /healthz: {med['healthz']:.2f} ms")
    print(f"  on the current version: {med['current']:.1f} ms")
    print(f"  on the version before (with its banner): {med['old']:.1f} ms ({x:.2f}x)")
    ok = x <= TARGET_EDITOR_X
    print(f"  target: within {TARGET_EDITOR_X}x: {support.verdict(ok)}")
    return ok


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--units", type=int, default=30)
    parser.add_argument("--postgres", default="", help="a PostgreSQL URL to measure jsonb on")
    parser.add_argument("--strict", action="store_true", help="exit 1 when a target is missed")
    args = parser.parse_args()
    with support.temp_dir("fb-bench-versions-") as tmp:
        support.django_on_temp_db(
            "forgebuilder.settings.test", tmp / "bench.sqlite3",
            ALLOWED_HOSTS="testserver,127.0.0.1,localhost",
        )  # fmt: skip
        print(f"{os.cpu_count()} CPUs, load average "
              f"{', '.join(f'{x:.1f}' for x in os.getloadavg())}")  # fmt: skip
        pg = None
        if args.postgres:
            import psycopg

            pg = psycopg.connect(args.postgres, autocommit=True).cursor()
        stored = storage(pg)
        fast = editor(args)
        support.cleanup_test_render_cache()
        return 0 if (stored and fast) or not args.strict else 1


if __name__ == "__main__":
    sys.exit(main())

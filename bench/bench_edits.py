"""Server time and SQL queries of one edit in the list editor, on a 6-unit and a 60-unit list.

    .venv/bin/python bench/bench_edits.py [--edits N] [--strict]

Django's test Client plays the htmx editor (`HX-Request: true`) of a browser session that owns
the lists: it makes them with POST /lists/new/, then posts edits with the current list version,
as the page would. Three kinds of edit are timed, N of each (default 50):

- add a unit (POST units/add; each is undone, untimed, so the list keeps its size),
- change an option (POST units/<id>/option, taking and dropping a choice on unit after unit),
- change a model count (POST units/<id>/models, one up and down again on unit after unit).

Every answer is checked (200, and the list's version went up by one). The version to post is
read from the database before each edit, outside the timed request.

Printed, for each kind of edit on each list: the median and p90 of the wall-clock time of the
request through the client (what the issue's target is about) and of the process CPU time it
took (the same figure less the waits caused by other programs on a busy machine, and the fsync
of the SQLite commit); the SQL queries of each kind of edit on both lists, counted with a short
and with a full undo history (they must be equal: the count may not grow with the list); and the
baseline, measured in the same run through the same client: the trivial view GET /healthz.
The lists and the baseline take turns, so a change in the machine's load hits them alike.

Targets (issue): under 25 ms per edit at the median on the 60-unit list; queries per edit
independent of the number of units. --strict exits 1 when a target is missed.

The database is a temporary SQLite file, migrated and loaded with the Ember Reach module.
"""

from __future__ import annotations

import argparse
import itertools
import os
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field

import _support as support

UNDO_STEPS, UNDO_TARGET = 50, 5
TARGET_MS = 25.0
KINDS = ("add a unit", "change an option", "change a model count")  # in edit_requests' order
SIZES = (6, 60)
HTMX = {"HTTP_HX_REQUEST": "true"}


@dataclass
class Bench:
    client: object
    public_id: str
    pk: int
    units: int
    edits: Iterator | None = None  # of (kind, url, data, untimed follow-up)
    wall: dict[str, list[float]] = field(default_factory=dict)
    cpu: dict[str, list[float]] = field(default_factory=dict)
    queries: dict[str, dict[str, list[int]]] = field(default_factory=dict)  # phase, kind


def make_list(client, catalog, units: int) -> Bench:
    """A list of `units` units owned by the client's session, made as a player would."""
    from forgebuilder.lists.models import ArmyList
    from forgebuilder.lists.services import army_list_edit

    response = client.post(
        "/lists/new/",
        {"name": f"Bench {units}", "faction": f"{support.MODULE_SLUG}/{support.FACTION}",
         "points_limit": "4000"},
    )  # fmt: skip
    assert response.status_code == 302, f"POST /lists/new/ answered {response.status_code}"
    public_id = response["Location"].rstrip("/").rsplit("/", 1)[-1]
    army_list = ArmyList.objects.get(public_id=public_id)
    army_list_edit(
        army_list=army_list,
        expected_version=None,
        change=lambda doc, cat: support.populate(doc, cat, units=units),
        label="Set up the benchmark list",
    )
    army_list.refresh_from_db()
    assert army_list.unit_count == units, army_list.unit_count
    bench = Bench(client, public_id, army_list.pk, units)
    bench.edits = edit_requests(bench, catalog)
    return bench


def current(bench: Bench):
    """The stored version and document (read outside the timed request)."""
    from forgebuilder.engine.listdoc import ListDocument
    from forgebuilder.lists.models import ArmyList

    version, document = ArmyList.objects.values_list("version", "document").get(pk=bench.pk)
    return version, ListDocument.model_validate(document)


def edit_requests(bench: Bench, catalog):
    """Endless (kind, url, data, untimed follow-up) tuples: the edits a player would make."""
    base = f"/lists/{bench.public_id}/"
    _, document = current(bench)
    faction_of = {f.id: f.faction for f in document.forces}
    own_sheets = list(catalog.faction(support.FACTION).datasheets)
    option_units, model_units = [], []
    for unit in document.units:
        faction = unit.faction or faction_of.get(unit.force) or document.faction
        sheet = catalog.datasheet(faction, unit.datasheet)
        options = [o for _, o in sheet.all_options()]
        if options:
            option_units.append((unit.id, options[0].id, options[0].choices[0].id))
        model = support.growable_model(sheet)
        if model is not None:
            model_units.append((unit.id, model))
    option_cycle = itertools.cycle(option_units)
    model_cycle = itertools.cycle(model_units)
    sheet_cycle = itertools.cycle(own_sheets)

    def undo(version: int) -> tuple[str, dict]:
        return base + "undo", {"version": version + 1}

    while True:
        version, document = current(bench)
        yield "add a unit", base + "units/add", {
            "datasheet": next(sheet_cycle), "force": "f1", "version": version
        }, undo(version)  # fmt: skip

        version, document = current(bench)
        unit_id, option, choice = next(option_cycle)
        taken = any(
            c.option == option and c.choice == choice for c in document.unit(unit_id).options
        )
        data = {"option": option, "choice": choice, "count": 0 if taken else 1, "version": version}
        yield "change an option", f"{base}units/{unit_id}/option", data, None

        version, document = current(bench)
        unit_id, model = next(model_cycle)
        count = document.unit(unit_id).models.get(model.id, model.min)
        count = model.min + 1 if count == model.min else model.min
        data = {"model": model.id, "count": count, "version": version}
        yield "change a model count", f"{base}units/{unit_id}/models", data, None


def post_edit(bench: Bench, url: str, data: dict, *, count_queries: bool = False):
    """Post one edit as htmx and check it was applied.

    Returns its wall-clock and CPU time in ms, or (count_queries) the SQL queries it made.
    """
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    before = data["version"]
    if count_queries:
        with CaptureQueriesContext(connection) as queries:
            response = bench.client.post(url, data, **HTMX)
        measured = len(queries.captured_queries)
    else:
        cpu, start = time.process_time(), time.perf_counter()
        response = bench.client.post(url, data, **HTMX)
        measured = (time.perf_counter() - start) * 1000, (time.process_time() - cpu) * 1000
    if response.status_code != 200:
        raise SystemExit(f"{url} answered {response.status_code}: {response.content[:300]!r}")
    version, _ = current(bench)
    if version != before + 1:
        raise SystemExit(f"{url} did not change the list (version {before} -> {version})")
    return measured


def one_round(bench: Bench, *, capture: str | None = None) -> None:
    """One edit of each kind: timed, or (capture=phase) with its SQL queries counted."""
    for _ in KINDS:
        kind, url, data, follow_up = next(bench.edits)
        if capture:
            counts = bench.queries.setdefault(capture, {}).setdefault(kind, [])
            counts.append(post_edit(bench, url, data, count_queries=True))
        else:
            wall, cpu = post_edit(bench, url, data)
            bench.wall.setdefault(kind, []).append(wall)
            bench.cpu.setdefault(kind, []).append(cpu)
        if follow_up is not None:
            undo_url, undo_data = follow_up
            response = bench.client.post(undo_url, undo_data, **HTMX)
            if response.status_code != 200:
                raise SystemExit(f"undo answered {response.status_code}")


def baseline(client, count: int) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU ms of GET /healthz, `count` times."""
    times, cpu_times = [], []
    for _ in range(count):
        cpu, start = time.process_time(), time.perf_counter()
        response = client.get("/healthz")
        times.append((time.perf_counter() - start) * 1000)
        cpu_times.append((time.process_time() - cpu) * 1000)
        assert response.status_code == 200, response.status_code
    return times, cpu_times


def fmt_queries(counts: list[int]) -> str:
    low, high = min(counts), max(counts)
    return str(low) if low == high else f"{low}-{high}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--edits", type=int, default=50, help="timed edits of each kind")
    parser.add_argument("--strict", action="store_true", help="exit 1 when a target is missed")
    args = parser.parse_args()

    with support.temp_dir("fb-bench-edits-") as tmp:
        support.django_on_temp_db(
            "forgebuilder.settings.test",
            tmp / "bench.sqlite3",
            ALLOWED_HOSTS="testserver,127.0.0.1,localhost",
            RENDER_CACHE_DIR=str(tmp / "render-cache"),
        )
        try:
            return measure(args)
        finally:
            support.cleanup_test_render_cache()


def measure(args) -> int:
    from django.test import Client

    catalog = support.module_catalog()
    client = Client()
    assert client.get("/healthz").status_code == 200
    benches = {n: make_list(client, catalog, n) for n in SIZES}
    lists = list(benches.values())

    # Warm up (templates, catalogue cache, first queries); count the queries while the undo
    # history is short; time the edits, the lists and the baseline taking turns so that a
    # change in the machine's load hits them alike; count again with a full undo history.
    for _ in range(3):
        for bench in lists:
            one_round(bench)
    for bench in lists:
        bench.wall.clear()
        bench.cpu.clear()
    for _ in range(5):
        for bench in lists:
            one_round(bench, capture="short history")
    base_wall, base_cpu = [], []
    for _ in range(args.edits):
        for bench in lists:
            one_round(bench)
        wall, cpu = baseline(client, 4)
        base_wall += wall
        base_cpu += cpu
    for _ in range(5):
        for bench in lists:
            one_round(bench, capture="full history")

    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"Edits posted as htmx through Django's test Client (settings.test, temp SQLite file), "
          f"{args.edits} of each kind per list; {os.cpu_count()} CPUs, load average {load}")  # fmt: skip
    print("  wall = server time seen by the client; cpu = process CPU time of the request")
    bw, bc = support.median(base_wall), support.median(base_cpu)
    print(f"  {'baseline GET /healthz':<30} wall median {bw:7.2f} ms  p90 "
          f"{support.percentile(base_wall, 90):7.2f}   cpu median {bc:6.2f} ms")  # fmt: skip
    ok_time = True
    for n, bench in benches.items():
        print(f"  {n}-unit list:")
        for kind in KINDS:
            wall, cpu = bench.wall[kind], bench.cpu[kind]
            med = support.median(wall)
            print(f"    {kind:<28} wall median {med:7.2f} ms  p90 "
                  f"{support.percentile(wall, 90):7.2f}   cpu median {support.median(cpu):6.2f} ms"
                  f"  p90 {support.percentile(cpu, 90):6.2f}   ({med / bw:4.0f}x baseline)")  # fmt: skip
            if n == max(SIZES):
                ok_time &= med < TARGET_MS
    print("  SQL queries per edit (short undo history / full undo history of 50 steps):")
    ok_queries = True
    for kind in KINDS:
        row, seen = [], set()
        for n, bench in benches.items():
            short = bench.queries["short history"][kind]
            full = bench.queries["full history"][kind]
            row.append(f"{n} units: {fmt_queries(short)} / {fmt_queries(full)}")
            seen.add((tuple(sorted(set(short))), tuple(sorted(set(full)))))
        ok_queries &= len(seen) == 1
        print(f"    {kind:<28} " + "   ".join(row))
    ok_undo = undo_storage(benches)
    print(f"  target: median under {TARGET_MS:.0f} ms per edit on the {max(SIZES)}-unit list: "
          f"{support.verdict(ok_time)}")  # fmt: skip
    print(f"  target: queries per edit independent of the number of units: "
          f"{support.verdict(ok_queries)}")  # fmt: skip
    return 1 if args.strict and not (ok_time and ok_queries and ok_undo) else 0


def undo_storage(benches: dict) -> bool:
    """The undo history's size beside the list's, after the run filled it (its 50 steps); the
    baseline is what whole copies of the document took before patches: 50 times the list."""
    import json

    from forgebuilder.lists.models import ArmyList, ListRevision

    ok = True
    print(f"  undo history ({UNDO_STEPS} steps) beside the list's document, as JSON text:")
    for n, bench in benches.items():
        document = len(json.dumps(ArmyList.objects.get(pk=bench.pk).document))
        steps = ListRevision.objects.filter(army_list_id=bench.pk)
        kept = sum(len(json.dumps([r.document, r.changes, r.version])) for r in steps)
        print(f"    {n}-unit list: {steps.count()} steps, {kept:,} bytes = "
              f"{kept / document:.1f}x the list ({document:,} bytes); as whole copies: "
              f"{steps.count() * document:,} bytes")  # fmt: skip
        ok &= kept < UNDO_TARGET * document
    print(f"  target: undo history under {UNDO_TARGET}x the list: {support.verdict(ok)}")
    return ok


if __name__ == "__main__":
    sys.exit(main())

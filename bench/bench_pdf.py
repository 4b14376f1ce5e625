"""Time to draw PDF rosters and token sheets, cold and from the cache, against a baseline.

    .venv/bin/python bench/bench_pdf.py [--runs N] [--big-runs M] [--strict]

A temporary SQLite database is migrated and loaded with the Ember Reach starter module. Three
lists are built with the editor's own edit functions:

- 30 units: five force organizations (two of them allied contingents), options taken, model
  counts changed, a legend, and a live share link, so every page carries its QR code;
- 400 different units: the same mix, each unit renamed, so no two share a card;
- 400 units of 10 datasheets: a horde, units of one datasheet alike (they share cards).

Then, in turns (so a change of the machine's load hits all alike), N times (default 3) for the
30-unit list and M times (default 1) for the 400-unit ones:

- the baseline: a trivial one-page HTML document drawn by WeasyPrint, no stylesheet,
- each printout cold: the render cache emptied first, so WeasyPrint draws it,
- the 30-unit printouts again from the cache: what a second download of an unchanged list
  costs, including reading the list, evaluating it and hashing the cache key.

Every call goes through `forgebuilder.lists.exports` as the PDF worker does, after one
untimed warm-up (WeasyPrint's import and the fonts: printed apart). Printed: the best and the
median wall-clock time of each, the process CPU time (the same less the waits a busy machine
adds), each figure as a multiple of the baseline, so runs on other machines compare, and the
issue's target. --strict exits 1 when a target is missed. Whether fonts are subset with
HarfBuzz (fast) or fontTools (slow) is printed first.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import _support as support

SMALL = 30
BIG = 400
REPEATED_DATASHEETS = 10


@dataclass
class Case:
    name: str
    draw: Callable[[], bytes]
    target_s: float | None = None
    times_baseline: float | None = None  # target as a multiple of the baseline
    cold: bool = True
    big: bool = False
    walls: list[float] = field(default_factory=list)
    cpus: list[float] = field(default_factory=list)

    def run(self, clear: Callable[[], None], times: int = 1) -> None:
        for _ in range(times):
            if self.cold:
                clear()
            wall, cpu = time.perf_counter(), time.process_time()
            self.draw()
            self.walls.append(time.perf_counter() - wall)
            self.cpus.append(time.process_time() - cpu)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="cold renders of the 30-unit list")
    parser.add_argument("--big-runs", type=int, default=1, help="cold renders of 400-unit lists")
    parser.add_argument("--strict", action="store_true", help="exit 1 when a target is missed")
    args = parser.parse_args()
    settings_module = os.environ.get("DJANGO_SETTINGS_MODULE", "forgebuilder.settings.test")
    with support.temp_dir("fb-bench-pdf-") as tmp:
        support.django_on_temp_db(
            settings_module, tmp / "bench.sqlite3", RENDER_CACHE_DIR=str(tmp / "render-cache")
        )
        try:
            return measure(args)
        finally:
            support.cleanup_test_render_cache()


def pages(data: bytes) -> str:
    try:
        from pypdf import PdfReader
    except ImportError:  # pypdf is a dev dependency
        return f"{len(data) // 1024} KB"
    import io

    return f"{len(PdfReader(io.BytesIO(data)).pages)} pages, {len(data) // 1024} KB"


def stored_list(document, *, share: bool):
    """The list saved as the editor saves it; with a live share link when `share`."""
    from forgebuilder.lists.models import ShareLink
    from forgebuilder.lists.ownership import Owner
    from forgebuilder.lists.services import army_list_create
    from forgebuilder.lists.sharing import share_link_create

    catalog = support.module_catalog()
    army_list = army_list_create(owner=Owner(None, "bench"), catalog=catalog, document=document)
    if not share:
        return army_list, ""
    link = share_link_create(army_list=army_list, kind=ShareLink.LIVE)
    return army_list, f"https://forgebuilder.example/s/{link.token}/"


def printouts(army_list, url: str):
    """The roster and the token sheet of `army_list`, as the PDF worker draws them."""
    from forgebuilder.lists import exports
    from forgebuilder.lists.selectors import evaluated_list

    a4 = exports.PAPERS["a4"]

    def source():
        return exports.source_from_evaluated(evaluated_list(army_list=army_list), share_url=url)

    def roster() -> bytes:
        return exports.roster_pdf(source(), paper=a4)

    def tokens() -> bytes:
        return exports.token_sheet_pdf(source(), paper=a4, size=25)

    return roster, tokens


def cases(lists) -> list[Case]:
    small, different, repeated = lists
    roster, tokens = printouts(*small)
    big_roster, big_tokens = printouts(*different)
    horde_roster, _ = printouts(*repeated)
    return [
        Case(f"{SMALL} units roster", roster, 0.5, times_baseline=12),
        Case(f"{SMALL} units tokens", tokens),
        Case(f"{BIG} different roster", big_roster, 3.0, big=True),
        Case(f"{BIG} of {REPEATED_DATASHEETS} sheets roster", horde_roster, 1.5, big=True),
        Case(f"{BIG} units tokens", big_tokens, 2.0, big=True),
        Case(f"{SMALL} roster cached", roster, 0.020, cold=False),
        Case(f"{SMALL} tokens cached", tokens, 0.020, cold=False),
    ]


def build_lists():
    catalog = support.module_catalog()
    started = time.perf_counter()
    small = support.new_list_document(catalog, units=SMALL, name="Bench list")
    different = support.new_list_document(catalog, units=BIG, name="Big list", distinct=True)
    repeated = support.repeated_list_document(
        catalog, units=BIG, datasheets=REPEATED_DATASHEETS, name="Horde"
    )
    lists = (
        stored_list(small, share=True),
        stored_list(different, share=True),
        stored_list(repeated, share=False),
    )
    print(f"Lists built in {time.perf_counter() - started:.1f} s (not timed below)")
    return lists


def subsetting() -> str:
    from weasyprint.pdf import fonts

    if fonts.harfbuzz_subset is not None:
        return "fonts subset with HarfBuzz"
    return "fonts subset with fontTools (libharfbuzz-subset0 missing: slower)"


def measure(args) -> int:
    from django.core.cache import caches

    started = time.perf_counter()
    import weasyprint

    import_s = time.perf_counter() - started
    print(f"WeasyPrint {weasyprint.__version__}, {subsetting()}; {os.cpu_count()} cores, "
          f"load average {os.getloadavg()[0]:.1f}")  # fmt: skip
    lists = build_lists()
    clear = caches["renders"].clear
    baseline = Case("baseline", lambda: weasyprint.HTML(string=BASELINE_HTML).write_pdf())
    timed = cases(lists)
    started = time.perf_counter()
    clear()
    timed[0].draw()  # warm-up: fonts, templates, catalogue
    warm_s = time.perf_counter() - started
    print(f"WeasyPrint import {import_s:.2f} s; first roster in this process {warm_s:.2f} s "
          "(fonts, templates: once per worker, not timed below)")  # fmt: skip
    for turn in range(max(args.runs, args.big_runs, 1)):  # the baseline runs at least once
        baseline.run(clear)
        for case in timed:
            if case.cold and turn < (args.big_runs if case.big else args.runs):
                case.run(clear)
    for case in timed:
        if not case.cold:
            clear()
            case.draw()
            case.run(clear, times=args.runs * 10)
    for case in [case for case in timed[:5] if case.walls]:  # drawn: from the cache now
        print(f"{case.name}: {pages(case.draw())}")
    return report(baseline, timed, strict=args.strict)


BASELINE_HTML = "<h1>Baseline</h1><p>One page of text.</p>"


def report(baseline: Case, timed: list[Case], *, strict: bool) -> int:
    """Print each case's figures against the baseline; 1 when `strict` and a target is missed.
    A case that was not run (none of its runs asked for) is listed as such, without verdict."""
    base = statistics.median(baseline.walls)
    base_cpu = statistics.median(baseline.cpus)
    print(f"{'':26} {'best':>9} {'median':>9} {'CPU med':>9} {'× baseline':>11}  target")
    missed = []
    for case in [baseline, *timed]:
        if not case.walls:  # --big-runs 0 (or --runs 0): nothing measured, no verdict
            print(f"{case.name:26} {'not run':>9}")
            continue
        best, med, cpu = (
            min(case.walls),
            statistics.median(case.walls),
            statistics.median(case.cpus),
        )
        verdicts = []
        if case.target_s is not None:
            ok = med < case.target_s
            verdicts.append(f"< {case.target_s * 1000:.0f} ms {support.verdict(ok)}")
            missed += [] if ok else [case.name]
        if case.times_baseline is not None:
            ok = med / base < case.times_baseline
            verdicts.append(f"< {case.times_baseline:.0f}× {support.verdict(ok)}")
            missed += [] if ok else [f"{case.name} (× baseline)"]
        print(
            f"{case.name:26} {best * 1000:8.1f}ms {med * 1000:8.1f}ms {cpu * 1000:8.1f}ms "
            f"{med / base:6.1f}× {cpu / base_cpu:4.1f}×  {'; '.join(verdicts)}"
        )
    print("(× baseline: wall-clock median, then CPU median, each against the baseline's own)")
    if missed:
        print(f"Missed: {', '.join(missed)}")
    return 1 if (missed and strict) else 0


if __name__ == "__main__":
    sys.exit(main())

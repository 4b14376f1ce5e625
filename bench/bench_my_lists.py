"""My lists for an account of 50, 500 and 5,000 lists: CPU per request, bytes, queries.

    .venv/bin/python bench/bench_my_lists.py [--sizes 50,500,5000] [--rounds 15]

Django's test Client opens My lists (GET /lists/) for a browser session that owns N lists (copies
of one Ember Reach list, made with bulk_create: the page reads only their summary columns), the
first page and a search. Printed for each size: the median process CPU time of the request, the
page's bytes and its SQL queries, beside the same run's baseline, GET /healthz.

Targets (issue 41): My lists with 500 lists under 10x /healthz's CPU, and flat from 50 to 5,000
lists (the page of 5,000 within 1.5x the page of 50). The database is a temporary SQLite file.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import _support as support

TARGET_X_HEALTHZ = 10
FLAT = 1.5


def cpu_ms(client, url: str, rounds: int) -> tuple[float, int]:
    samples, size = [], 0
    for _ in range(rounds):
        start = time.process_time()
        response = client.get(url)
        samples.append((time.process_time() - start) * 1000)
        assert response.status_code == 200, (url, response.status_code)
        size = len(response.content)
    return support.median(samples), size


def grow_to(client, n: int) -> None:
    """The session's lists made `n` (copies of its first one)."""
    from forgebuilder.lists.models import ArmyList

    first = ArmyList.objects.order_by("pk").first()
    have = ArmyList.objects.count()
    ArmyList.objects.bulk_create(
        [
            ArmyList(
                owner_token=first.owner_token,
                module_id=first.module_id,
                name=f"List {i:05}",
                faction_name=first.faction_name,
                document=first.document,
                points=i % 999,
                points_limit=1000,
                unit_count=12,
                legal=bool(i % 3),
                folder=("Club", "Events", "")[i % 3],
            )
            for i in range(have, n)
        ],
        batch_size=500,
    )


def measure(args) -> int:
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    client = Client()
    response = client.post(
        "/lists/new/",
        {"name": "First", "faction": f"{support.MODULE_SLUG}/{support.FACTION}",
         "points_limit": "1000"},
    )  # fmt: skip
    assert response.status_code == 302
    healthz, _ = cpu_ms(client, "/healthz", args.rounds)
    print(f"My lists through Django's test Client (settings.test, temp SQLite file); "
          f"{os.cpu_count()} CPUs, load average "
          f"{', '.join(f'{x:.1f}' for x in os.getloadavg())}")  # fmt: skip
    print(f"  baseline GET /healthz: {healthz:.2f} ms CPU")
    page_ms = {}
    for n in args.sizes:
        grow_to(client, n)
        cpu_ms(client, "/lists/", 2)  # warm
        ms, size = cpu_ms(client, "/lists/", args.rounds)
        search_ms, _ = cpu_ms(client, "/lists/?q=list+0&folder=Club&sort=points", args.rounds)
        with CaptureQueriesContext(connection) as queries:
            client.get("/lists/")
        page_ms[n] = ms
        print(f"  {n:>6,} lists: page {ms:6.2f} ms CPU ({ms / healthz:4.1f}x /healthz), "
              f"{size / 1024:5.1f} KB, {len(queries)} queries; a search {search_ms:6.2f} ms")  # fmt: skip
    sizes = sorted(page_ms)
    at_500 = page_ms.get(500, page_ms[sizes[-1]])
    ok_cost = at_500 < TARGET_X_HEALTHZ * healthz
    ok_flat = page_ms[sizes[-1]] < FLAT * page_ms[sizes[0]]
    print(f"  target: the page of 500 lists under {TARGET_X_HEALTHZ}x /healthz: "
          f"{support.verdict(ok_cost)}")  # fmt: skip
    print(f"  target: flat from {sizes[0]:,} to {sizes[-1]:,} lists (under {FLAT}x): "
          f"{support.verdict(ok_flat)}")  # fmt: skip
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="50,500,5000")
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args()
    args.sizes = [int(s) for s in args.sizes.split(",")]
    with support.temp_dir("fb-bench-my-lists-") as tmp:
        support.django_on_temp_db(
            "forgebuilder.settings.test",
            tmp / "bench.sqlite3",
            ALLOWED_HOSTS="testserver,127.0.0.1,localhost",
        )
        return measure(args)


if __name__ == "__main__":
    sys.exit(main())

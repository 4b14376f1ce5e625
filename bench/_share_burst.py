"""The first readers of a fresh share link, all at once (bench_stack.py's burst, issue 41): a new
link posted in a club chat, opened by 40 phones in the same instant, beside a static file and a
page nginx already holds, read by as many at once in the same rounds."""

from __future__ import annotations

import os
import re
import threading
import time
from typing import TYPE_CHECKING

import _support as support

from tests.stack.harness import Browser

if TYPE_CHECKING:
    from bench_stack import Bench

BURST_READERS, BURST_ROUNDS, BURST_P99_MS = 40, 3, 150.0


def _at_once(bench: Bench, path: str, seen: dict[str, int] | None = None) -> list[float]:
    """BURST_READERS new readers (each its own TLS connection, as phones opening a link) ask
    for `path` at the same instant, accepting gzip as every browser does: their answer times
    in ms."""
    readers = [Browser(bench.tls, tls=True) for _ in range(BURST_READERS)]
    gate = threading.Barrier(BURST_READERS)
    lock = threading.Lock()
    times: list[float] = []

    def read(reader: Browser) -> None:
        gate.wait()
        started = time.perf_counter()
        answer = reader.get(path, headers={"Accept-Encoding": "gzip"})
        elapsed = (time.perf_counter() - started) * 1000
        assert answer.status == 200, (path, answer.status)
        with lock:
            times.append(elapsed)
            if seen is not None:
                status = answer.headers.get("X-Cache-Status", "-")
                seen[status] = seen.get(status, 0) + 1

    threads = [threading.Thread(target=read, args=(r,)) for r in readers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return times


def _static_file(bench: Bench) -> str:
    """A stylesheet the share page links to: served by nginx from disk."""
    page = Browser(bench.tls, tls=True).get(f"/s/{bench.shared}/").text
    return re.search(r'href="(/static/[^"]+\.css)"', page).group(1)


def _percentiles(times: list[float]) -> str:
    return (f"p50 {support.median(times):4.0f} ms, p99 {support.percentile(times, 99):4.0f} ms, "
            f"slowest {max(times):4.0f} ms")  # fmt: skip


def _fresh_link(bench: Bench) -> str:
    """A new 30-unit list shared by its owner: the new link's token."""
    public_id = bench.owner.new_list("Posted in the club chat")
    bench.fill(public_id)
    return bench.owner.share(public_id)


def _warm(bench: Bench, token: str) -> None:
    """What the owner's editor does once it shows a new link (static/js/app.js, data-warm):
    it asks for the link's page without cookies, accepting gzip, as its readers will."""
    answer = Browser(bench.tls, tls=True).get(
        f"/s/{token}/", headers={"Accept-Encoding": "gzip", "X-Fb-Warm": "1"}
    )
    assert answer.status == 200, answer.status


def burst(bench: Bench) -> bool:
    """A fresh link posted in a club chat (issue 41): each round two new 30-unit lists are
    shared and BURST_READERS anonymous readers open each page at the same instant: one link
    as its owner's editor leaves it (the page asked for once without cookies, so nginx holds
    it), one as a page without JavaScript leaves it (nginx does not hold it yet: the readers
    who come before its first answer is complete reach the app). Beside them, in the same
    rounds, as many readers at once of a static file and of a page nginx already holds (the
    floor: 40 TLS handshakes and answers on the same cores, no render). Target: the fresh
    link's p99 under 150 ms."""
    fresh: list[float] = []
    cold: list[float] = []
    static: list[float] = []
    held: list[float] = []
    statuses: dict[str, int] = {}  # how nginx answered the fresh link's readers
    cold_statuses: dict[str, int] = {}
    stylesheet = _static_file(bench)
    for _ in range(BURST_ROUNDS):
        token, unwarmed = _fresh_link(bench), _fresh_link(bench)
        _warm(bench, token)
        static += _at_once(bench, stylesheet)
        fresh += _at_once(bench, f"/s/{token}/", statuses)
        cold += _at_once(bench, f"/s/{unwarmed}/", cold_statuses)
        held += _at_once(bench, f"/s/{bench.shared}/")
    p99 = support.percentile(fresh, 99)
    ok = p99 < BURST_P99_MS
    print(f"  {BURST_READERS} readers at once, {BURST_ROUNDS} rounds, load average "
          f"{os.getloadavg()[0]:.1f}:")  # fmt: skip
    print(f"    a fresh link's page:         {_percentiles(fresh)} "
          f"(target p99 < {BURST_P99_MS:.0f} ms: {support.verdict(ok)}; nginx: "
          f"{_statuses(statuses)})")  # fmt: skip
    print(
        f"    before, the link not warmed: {_percentiles(cold)} (nginx: {_statuses(cold_statuses)})"
    )
    print(f"    baseline, a static file:     {_percentiles(static)} ({stylesheet})")
    print(f"    baseline, a page nginx holds: {_percentiles(held)}")
    return ok


def _statuses(statuses: dict[str, int]) -> str:
    return ", ".join(f"{k} {n}" for k, n in sorted(statuses.items()))

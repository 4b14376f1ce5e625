"""The list editor on a phone with one bar of signal, through the production stack (issue 41).

    .venv/bin/python bench/bench_phone.py [--runs 3] [--units 30] [--strict]

Starts what docs/deploy.md deploys (Redis, a gunicorn instance of 2 workers, nginx ending TLS,
`manage.py nginx_config`'s configuration) on loopback, makes a player's list of --units units,
and drives Debian's Chromium (never a downloaded browser) at 375x812 with the CPU slowed 4 times
(CDP Emulation.setCPUThrottlingRate) and a slow 3G network (CDP
Network.emulateNetworkConditions: 2 s latency, 50 KB/s down and up). Measured, median of --runs
cold visits (a new window each: nothing cached):

- the editor page: bytes on the wire (the page, and with its scripts and stylesheets),
  DOMContentLoaded and Largest Contentful Paint;
- the baseline of the same run: the same HTML saved as a static file and sent gzipped by nginx
  (gzip_static), loaded the same way (the page the app could at best send);
- taps in the loaded editor, from the click to the totals redrawn: adding a unit, opening a
  card's controls, changing a model count, ticking an option; each with the bytes of its
  answer on the wire and its number of requests, beside one round trip (a GET of /healthz from
  the page) under the same profile.

Targets: the editor < 100 KB on the wire; DOMContentLoaded within 1.5 times the static copy's;
a tap's answer < 5 KB on the wire; a tap -> totals < 1.5 round trips. --strict exits 1 when a
target is missed.
"""

from __future__ import annotations

import argparse
import os
import signal
import statistics
import sys
import time
from dataclasses import dataclass, field

import _support as support

from tests.browser.chromium import find_chromium
from tests.stack.harness import (
    Browser,
    Stack,
    nginx_binary,
    prepare_template,
    redis_binary,
    remove_template,
)

WIDTH, HEIGHT = 375, 812
CPU_SLOWDOWN = 4
LATENCY_MS = 2000
BYTES_PER_SECOND = 50 * 1024
PAGE_KB = 100
DCL_OF_STATIC = 1.5
TAP_KB = 5
TAP_ROUND_TRIPS = 1.5

FILL = """
import sys
sys.path.insert(0, "bench")
import _support as support
from forgebuilder.lists.models import ArmyList
from forgebuilder.lists.services import army_list_edit
catalog = support.module_catalog()
army_list = ArmyList.objects.get(public_id="{public_id}")
units = support.new_list_document(catalog, units={units}, name=army_list.name)
army_list_edit(army_list=army_list, expected_version=None, change=lambda d, c: units,
               label="{units} units")
forces = {f.id: f.faction for f in units.forces}
for unit in units.units:  # the units with a model count to raise and an option to tick
    sheet = catalog.datasheet(forces[unit.force], unit.datasheet)
    singles = [o for _, o in sheet.all_options() if len(o.choices) == 1 and o.added_model is None]
    if support.growable_model(sheet) is not None and singles:
        print("tappable", unit.id)
"""

# Largest Contentful Paint as the page saw it (buffered: the entries so far).
LCP = """() => new Promise(done => {
  new PerformanceObserver(list => { const e = list.getEntries(); done(e[e.length - 1].startTime); })
    .observe({type: "largest-contentful-paint", buffered: true});
  setTimeout(() => done(null), 3000);
})"""
DCL = "() => performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd"
# A tap: the time from the click to the totals bar replaced by an answer (swapped in).
TAP = """([selector, waitFor]) => new Promise(done => {
  const before = document.getElementById("totals");
  const target = document.querySelector(selector);
  const started = performance.now();
  const seen = () => waitFor === "totals"
    ? document.getElementById("totals") !== before
    : document.querySelector(waitFor) !== null;
  const observer = new MutationObserver(() => {
    if (seen()) { observer.disconnect(); done(performance.now() - started); }
  });
  observer.observe(document.body, {childList: true, subtree: true, attributes: true});
  target.click();
  setTimeout(() => { observer.disconnect(); done(null); }, 60000);
})"""
ROUND_TRIP = """async () => {
  const started = performance.now();
  await (await fetch("/healthz", {cache: "no-store"})).text();
  return performance.now() - started;
}"""


@dataclass
class Wire:
    """What crossed the network while a window was watched (CDP Network events)."""

    urls: dict[str, str] = field(default_factory=dict)
    bytes: dict[str, int] = field(default_factory=dict)

    def watch(self, cdp) -> None:
        cdp.on("Network.requestWillBeSent", self._sent)
        cdp.on("Network.loadingFinished", self._done)

    def _sent(self, event) -> None:
        self.urls[event["requestId"]] = event["request"]["url"]

    def _done(self, event) -> None:
        self.bytes[event["requestId"]] = int(event["encodedDataLength"])

    def mark(self) -> set[str]:
        return set(self.urls)

    def since(self, mark: set[str]) -> list[tuple[str, int]]:
        return [(self.urls[r], self.bytes.get(r, 0)) for r in self.urls if r not in mark]


def throttled_window(browser):
    """A new window (nothing cached) on the phone: its size, its CPU, its network."""
    context = browser.new_context(
        viewport={"width": WIDTH, "height": HEIGHT}, ignore_https_errors=True,
        service_workers="block", bypass_csp=True,  # the static copy gets nginx's static policy
    )  # fmt: skip
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send(
        "Network.emulateNetworkConditions",
        {
            "offline": False,
            "latency": LATENCY_MS,
            "downloadThroughput": BYTES_PER_SECOND,
            "uploadThroughput": BYTES_PER_SECOND,
        },
    )
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
    wire = Wire()
    wire.watch(cdp)
    return context, page, wire


@dataclass
class Visit:
    page_kb: float
    all_kb: float
    dcl_ms: float
    lcp_ms: float | None
    taps: dict[str, tuple[float | None, float, int]] = field(default_factory=dict)
    round_trip_ms: float = 0.0


def visit(browser, origin: str, path: str, cookies: list[dict], *, taps: bool) -> Visit:
    context, page, wire = throttled_window(browser)
    try:
        context.add_cookies(cookies)
        page.goto(origin + path, wait_until="load", timeout=180_000)
        sizes = wire.since(set())
        document = next((b for url, b in sizes if url.endswith(path)), 0)
        result = Visit(document / 1024, sum(b for _, b in sizes) / 1024,
                       page.evaluate(DCL), page.evaluate(LCP))  # fmt: skip
        if taps:
            result.round_trip_ms = page.evaluate(ROUND_TRIP)
            for name, steps in TAPS:
                result.taps[name] = tap(page, wire, steps)
        return result
    finally:
        context.close()


def _add(page) -> tuple[str, str]:
    page.locator("[data-view-tab=catalogue]").click()  # the phone's "Add units" view
    button = page.locator("#catalogue-list button[id^=add-]").first
    return f"#{button.get_attribute('id')}", "totals"


def _open(page) -> tuple[str, str]:
    """The Edit control of a card whose model count may grow, with an option to tick."""
    page.locator("[data-view-tab=list]").click()
    card_id = f"unit-{TAPPABLE[0]}"
    page.evaluate("id => { window.benchCard = id; }", card_id)
    # the Edit link of a closed card, or the Edit panel's summary where controls are drawn
    edit = page.locator(f"#{card_id} a.unit-open, #{card_id} details.unit-edit > summary")
    edit.first.evaluate("e => e.setAttribute('data-bench-edit', '')")
    return "[data-bench-edit]", f"#{card_id} details.unit-edit[open] form.option"


def _in_open_card(page, selector: str) -> tuple[str, str] | None:
    card_id = page.evaluate("() => window.benchCard")
    found = page.locator(f"#{card_id} {selector}")
    if not found.count():
        return None
    return f"#{found.first.get_attribute('id')}", "totals"


def _models(page) -> tuple[str, str] | None:
    return _in_open_card(page, "button[aria-label^='One more']:not([disabled])")


def _option(page) -> tuple[str, str] | None:
    return _in_open_card(page, "form.option input[type=checkbox]")


TAPPABLE: list[str] = []  # ids of units with a model count to raise and an option to tick
TAPS = (
    ("add a unit", _add),
    ("open a card's controls", _open),
    ("change a model count", _models),
    ("tick an option", _option),
)


def tap(page, wire: Wire, steps) -> tuple[float | None, float, int]:
    """(ms from the click to the totals redrawn, KB of answers on the wire, requests)."""
    found = steps(page)
    if found is None:
        return None, 0.0, 0
    page.wait_for_timeout(300)
    mark = wire.mark()
    elapsed = page.evaluate(TAP, list(found))
    page.wait_for_timeout(500)  # every request the tap made has finished
    answers = wire.since(mark)
    return elapsed, sum(b for _, b in answers) / 1024, len(answers)


def cookies_of(player: Browser, host: str) -> list[dict]:
    return [
        {"name": name, "value": value, "domain": host, "path": "/", "secure": True}
        for name, value in player.cookies.items()
    ]


def median(values) -> float | None:
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def report(editor: list[Visit], static: list[Visit]) -> list[bool]:
    def m(visits, attr):
        return median(getattr(v, attr) for v in visits)

    verdicts = []
    print(f"{'':34}{'editor':>12}{'static copy':>14}")
    for label, attr, unit in (
        ("the page on the wire", "page_kb", "KB"),
        ("with scripts and stylesheets", "all_kb", "KB"),
        ("DOMContentLoaded", "dcl_ms", "ms"),
        ("Largest Contentful Paint", "lcp_ms", "ms"),
    ):
        a, b = m(editor, attr), m(static, attr)
        print(f"  {label:<32}{_fig(a, unit):>12}{_fig(b, unit):>14}")
    page_kb, dcl, base_dcl = m(editor, "page_kb"), m(editor, "dcl_ms"), m(static, "dcl_ms")
    verdicts.append(page_kb < PAGE_KB)
    print(f"  target: editor < {PAGE_KB} KB on the wire: {support.verdict(verdicts[-1])}")
    verdicts.append(dcl < DCL_OF_STATIC * base_dcl)
    print(f"  target: DOMContentLoaded < {DCL_OF_STATIC} x the static copy's "
          f"({dcl / base_dcl:.2f} x): {support.verdict(verdicts[-1])}")  # fmt: skip
    trip = m(editor, "round_trip_ms")
    print(f"One round trip (GET /healthz from the page): {trip:.0f} ms")
    for name, _ in TAPS:
        ms = median(v.taps[name][0] for v in editor)
        kb = median(v.taps[name][1] for v in editor)
        count = median(v.taps[name][2] for v in editor)
        if ms is None:
            print(f"  {name:<28} not measured (nothing to tap on this list)")
            continue
        fast, small = ms < TAP_ROUND_TRIPS * trip, kb < TAP_KB
        print(f"  {name:<28} {ms:6.0f} ms ({ms / trip:.2f} round trips: "
              f"{support.verdict(fast)}), {kb:5.1f} KB in {count:.0f} request(s) "
              f"(< {TAP_KB} KB: {support.verdict(small)})")  # fmt: skip
        if name != "open a card's controls":  # no totals to redraw: shown, not judged
            verdicts += [fast, small]
    return verdicts


def _fig(value, unit: str) -> str:
    if value is None:
        return "-"
    return f"{value:.1f} {unit}" if unit == "KB" else f"{value:.0f} {unit}"


def serve_html_files(nginx, conf) -> None:
    """The shipped configuration serves no HTML file: name the type (for the static copy of
    the editor; nginx gzips text/html whenever gzip is on), pass the port in Host (behind a
    real site's port 443 the browser's Origin names none), and have nginx read it again."""
    text = conf.read_text().replace("types {", "types {\n        text/html html;", 1)
    # the app sees the port the browser used (its Origin has it: Django's CSRF check compares)
    text = text.replace("proxy_set_header Host $host;", "proxy_set_header Host $http_host;")
    conf.write_text(text)
    nginx.send_signal(signal.SIGHUP)
    time.sleep(1.0)


def measure(stack: Stack, args) -> list[bool]:
    from playwright.sync_api import sync_playwright

    _app, port = stack.start_app(workers=2)
    nginx, tls = stack.start_nginx([port], tls=True)
    serve_html_files(nginx, stack.root / f"nginx-{tls}" / "nginx.conf")
    player = Browser(tls, tls=True)
    public_id = player.new_list("On the bus")
    fill = FILL.replace("{public_id}", public_id).replace("{units}", str(args.units))
    said = stack.manage("shell", "-c", fill).stdout
    TAPPABLE[:] = [line.split()[1] for line in said.splitlines() if line.startswith("tappable ")]
    assert TAPPABLE, "no unit of the list has a model count and an option to tap"
    path = f"/lists/{public_id}/"
    html = player.get(path).body
    assert b'id="editor"' in html, html[:300]
    # the same HTML as a static file: nginx sends it gzipped (on the fly, gzip on)
    copy = stack.template / "static" / "bench-editor-copy.html"
    copy.write_bytes(html)
    origin = f"https://127.0.0.1:{tls}"
    cookies = cookies_of(player, "127.0.0.1")
    chromium = find_chromium().path
    if chromium is None:
        raise SystemExit("No Chromium found (Debian: apt-get install chromium)")
    editor, static = [], []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=chromium, args=["--headless", "--no-sandbox", "--disable-gpu"]
        )
        player.get(path)  # every worker has drawn it once
        for _ in range(args.runs):
            static.append(visit(browser, origin, "/static/bench-editor-copy.html", [], taps=False))
            editor.append(visit(browser, origin, path, cookies, taps=True))
            # each run starts from the same list: undo what its taps changed
            stack.manage("shell", "-c", fill)
        browser.close()
    print(f"Editor of a {args.units}-unit list, {WIDTH}x{HEIGHT}, CPU / {CPU_SLOWDOWN}, "
          f"{LATENCY_MS} ms latency, {BYTES_PER_SECOND // 1024} KB/s; nginx (TLS) -> gunicorn, "
          f"{'PostgreSQL' if stack.database else 'SQLite'}; median of {args.runs} cold visits; "
          f"{os.cpu_count()} CPUs, load average "
          + ", ".join(f"{x:.1f}" for x in os.getloadavg()))  # fmt: skip
    print(f"  the HTML as sent uncompressed: {len(html) / 1024:.0f} KB")
    return report(editor, static)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--units", type=int, default=30)
    parser.add_argument("--strict", action="store_true")
    args = parser.parse_args()
    if not (nginx_binary() and redis_binary()):
        print("nginx and redis-server are needed: make stack-deps")
        return 1
    template = prepare_template()
    stack = Stack.create(template=template, redis=True)
    try:
        verdicts = measure(stack, args)
    finally:
        stack.close()
        remove_template(template)
    return 1 if args.strict and not all(verdicts) else 0


if __name__ == "__main__":
    sys.exit(main())

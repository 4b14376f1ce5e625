"""axe-core in the browser tests: its serious and critical problems on the page as it is now.

axe (npm, pinned in package.json, installed by `make node-deps`) is loaded into each page checked
from a small HTTP server of the test process, by its address, as a site loads its scripts: a
window that goes on to another page then has it at hand in its HTTP cache, and Chromium reuses
the script compiled for the previous page. Handed over as text instead, each page took 110 ms
to take it in and then ran its first check slower; a page of a window that went on took 25 ms.
Offline (a window set offline cannot reach that server) it is handed over as text.
"""

from __future__ import annotations

import functools
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
SERIOUS = ("serious", "critical")
# What the dark theme can change: our stylesheets' dark blocks set colours only (a test holds them
# to that: tests/test_dark_theme_colours.py), so in the dark theme only the colour rules can find
# anything the light theme's run did not.
COLOUR_RULES = ("color-contrast", "link-in-text-block")
CLEAN = {"light": [], "dark": []}


@functools.cache
def axe_url() -> str:
    """The address of axe's script, served by a thread of this process (started on first use)."""
    script = AXE.read_bytes()

    class AxeOnly(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            if self.path != "/axe.min.js":
                self.send_error(404)
                return
            self.send_response(200)
            self.send_header("Content-Type", "text/javascript")
            self.send_header("Content-Length", str(len(script)))
            self.send_header("Cache-Control", "public, max-age=3600")
            self.end_headers()
            self.wfile.write(script)

        def log_message(self, format, *args) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), AxeOnly)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, name="axe-script", daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}/axe.min.js"


def load_axe(page) -> None:
    """axe into the page, once per page loaded (the window's pages need `bypass_csp`: the site's
    policy loads no script from elsewhere)."""
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: run `make node-deps` (npm ci) first")
    if page.evaluate("typeof axe") != "undefined":
        return
    if page.evaluate("navigator.onLine"):
        page.add_script_tag(url=axe_url())
    else:
        page.add_script_tag(path=str(AXE))


def axe_problems(page, *, only: tuple[str, ...] = ()) -> list[str]:
    """axe's serious and critical problems on the page as it is now, in its colour scheme
    (with `only`: those of the rules named)."""
    load_axe(page)
    options: dict = {"resultTypes": ["violations"]}
    if only:
        options["runOnly"] = {"type": "rule", "values": list(only)}
    result = page.evaluate("options => axe.run(document, options)", options)
    return [
        f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:3]}"
        for v in result["violations"]
        if v["impact"] in SERIOUS
    ]


def axe_problems_in_both_schemes(page) -> dict[str, list[str]]:
    """axe's problems on the page in the light and then the dark theme. The theme follows the
    system's colour scheme through CSS alone (app.css), so switching the emulated scheme redraws
    the same page in the other theme: one visit checks both, the dark one with the colour rules
    (all that the dark theme can change)."""
    page.emulate_media(color_scheme="light")
    _drawn(page)
    found = {"light": axe_problems(page)}
    page.emulate_media(color_scheme="dark")
    _drawn(page)
    found["dark"] = axe_problems(page, only=COLOUR_RULES)
    return found


def _drawn(page) -> None:
    """Wait until the page is drawn in the scheme just set (two frames): axe reads the colours
    on the screen, and a page redrawn by htmx a moment before could still be read half-drawn."""
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")

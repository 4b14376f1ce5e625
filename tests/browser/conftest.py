"""Browser tests: Playwright driving Debian's chromium against a live server.

Never `playwright install`: the machines have no internet, and Debian's chromium is enough.
Run only these with `pytest -m e2e`; every test in this folder carries the marker.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

# Playwright's sync API runs an event loop in this thread; Django refuses ORM calls from a
# thread with a running loop unless told it is fine. Only the browser tests need this.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

from .chromium import HOW_TO_ENABLE, find_chromium, in_ci
from .server import counted

FOUND = find_chromium()
CHROMIUM = FOUND.path
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
STARTER = Path(__file__).resolve().parents[2] / "factions" / "game_modules"


def pytest_collection_modifyitems(config, items):
    here = Path(__file__).parent
    # Without a browser the browser tests are skipped, saying how to enable them; CI must run
    # them, so there they stay and fail (the browser fixture below).
    skip = None if CHROMIUM or in_ci() else pytest.mark.skip(reason=skip_reason())
    for item in items:
        if Path(item.fspath).is_relative_to(here):
            item.add_marker(pytest.mark.e2e)
            if skip is not None:
                item.add_marker(skip)


def skip_reason() -> str:
    return f"browser test skipped: {FOUND.problem} {HOW_TO_ENABLE}"


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """A failed browser test's report shows what the live server's threads were doing then
    (tests/browser/threads.py): a page that never arrived says whether a request hung, and where."""
    report = yield
    if report.when == "call" and report.failed:
        from .threads import other_threads

        report.sections.append(("live server threads at the failure", other_threads()))
    return report


class Chromium:
    """The session's chromium, whose windows (contexts) run without forgebuilder's service worker
    unless a test asks for it with `service_workers="allow"` (the offline tests do, and so do
    the main-page accessibility check and the phone game, which edit and play with it running).

    The worker installs itself in every new window: it fetches the whole app shell, then runs
    on every page and request and saves the list pages for offline reading. For a test about
    something else that was a fifth of the browser tests' CPU."""

    def __init__(self, browser) -> None:
        self._browser = browser

    def new_context(self, **options):
        options.setdefault("service_workers", "block")
        return self._browser.new_context(**options)

    def __getattr__(self, name: str):
        return getattr(self._browser, name)


@pytest.fixture(scope="session")
def browser():
    if CHROMIUM is None:
        pytest.fail(f"no browser for the browser tests: {FOUND.problem} {HOW_TO_ENABLE}")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield Chromium(browser)
        browser.close()


@pytest.fixture(autouse=True)
def _no_request_left_at_the_end(request):
    """A test with the live server ends only when the server has answered every request its
    pages sent (tests/browser/server.py): the database is emptied after this teardown."""
    if "live_server" not in request.fixturenames:
        yield
        return
    request.getfixturevalue("transactional_db")  # set up first, so emptied after this waits
    requests = counted(request.getfixturevalue("live_server"))
    yield
    assert requests.wait_for_none(), "the live server was still answering a request at the end"


@pytest.fixture
def context(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(10_000)
    yield context
    context.close()


def page_without_errors(context):
    """A new page of `context` (for a fixture to `yield from`): the test fails if JavaScript on
    the page threw."""
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield page
    assert not errors, f"JavaScript errors on the page: {errors}"


@pytest.fixture
def page(context):
    yield from page_without_errors(context)


@pytest.fixture
def starter_modules(transactional_db, starter_modules):
    """The game modules forgebuilder ships, in the live server's database (tests/conftest.py
    writes the rows read once per session)."""


@pytest.fixture
def render_worker(transactional_db):
    """A PDF task worker (`manage.py db_worker`) running beside the live server, in a thread.

    `render_worker.start()` starts it (tests that want to see the waiting page first start it
    later); it is stopped when the test ends. `render_worker.run_queued()` instead draws the
    PDFs queued so far in the test's own thread and returns: that thread shares the live
    server's database connection, so no page request meets a table locked by the worker.
    """
    import threading
    import time

    from django.db import OperationalError

    from tests.pdf_worker import pdf_worker

    worker = pdf_worker("browser-tests", interval=0.2, batch=False)

    def run_until_stopped() -> None:
        # The live server and this thread share one in-memory SQLite database, which locks
        # whole tables: a poll that meets a lock waits and tries again, as the worker does
        # for its own queries, instead of ending the thread.
        while worker.running:
            try:
                worker.run()
            except OperationalError as exc:
                if "locked" not in str(exc):
                    raise
                time.sleep(0.05)

    def run_queued() -> None:
        pdf_worker("browser-tests-queued").run()  # returns once no task is left

    thread = threading.Thread(target=run_until_stopped, daemon=True)
    worker.start = thread.start
    worker.run_queued = run_queued
    yield worker
    worker.running = False
    if thread.is_alive():
        thread.join(timeout=30)


@pytest.fixture
def mystic_realms(transactional_db, bf_module_rows):
    """Battle Forge's published Mystic Realms module, imported (skipped where the data is absent;
    its rows are read once per session: tests/conftest.py's bf_module_rows)."""
    from tests.conftest import write_module_rows

    write_module_rows(bf_module_rows("fantasy-realms"))

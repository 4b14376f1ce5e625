"""Offline at the table: the service worker keeps the pages a player opened and serves them
without a connection, says so, never hides a newer version and forgets an account's pages."""

from __future__ import annotations

import re
import time

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from playwright.sync_api import Page, expect

from .conftest import page_without_errors
from .test_builder import add_unit, start_list

PAGES_CACHE = "fb-pages"
INDEX_CACHE = "fb-pages-index"
INDEX_KEY = "/__fb-offline-index__"
PASSWORD = "table-top-secret-9"


@pytest.fixture
def sw_context(browser):
    """A browser context with the service worker running (the browser fixture's windows run
    without it unless asked: tests/browser/conftest.py)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="allow")
    context.set_default_timeout(30_000)
    yield context
    context.close()


@pytest.fixture
def sw_page(sw_context):
    yield from page_without_errors(sw_context)


def wait_until(page: Page, function: str, arg=None, timeout: float = 20.0) -> None:
    """Poll `function` in the page until it returns true. (Playwright's wait_for_function
    evaluates a string inside the page, which the site's CSP forbids: no eval.)"""
    deadline = time.monotonic() + timeout
    while not page.evaluate(function, arg):
        if time.monotonic() > deadline:
            raise AssertionError(f"still false after {timeout} s: {function}")
        page.wait_for_timeout(100)


def wait_for_worker(page: Page) -> None:
    """Until the service worker is active and controls this page."""
    wait_until(page, "async () => !!(await navigator.serviceWorker.getRegistration())?.active")
    # A page drawn before the worker was active may stay uncontrolled (or be claimed without
    # having been fetched through it): load it again, as a player's next visit would.
    page.reload()
    wait_until(page, "() => navigator.serviceWorker.controller !== null")


def saved_urls(page: Page) -> list[str]:
    return page.evaluate(
        """async (name) => {
            const cache = await caches.open(name);
            return (await cache.keys()).map((request) => request.url);
        }""",
        PAGES_CACHE,
    )


def saved_index(page: Page) -> dict:
    """The worker's index of saved pages (URL: title, storedAt, usedAt, bytes, account)."""
    return page.evaluate(
        """async ([name, key]) => {
            const stored = await (await caches.open(name)).match(key);
            return stored ? await stored.json() : {};
        }""",
        [INDEX_CACHE, INDEX_KEY],
    )


def wait_until_saved(page: Page, url: str) -> None:
    """Until the worker has finished saving `url`: the page is in the cache and the index names
    it (the index is written last, in the same step)."""
    wait_until(
        page,
        """async ([url, pages, name, key]) => {
            const stored = await (await caches.open(name)).match(key);
            const index = stored ? await stored.json() : {};
            return !!index[url] && !!(await (await caches.open(pages)).match(url));
        }""",
        [url, PAGES_CACHE, INDEX_CACHE, INDEX_KEY],
    )


def log_in(page: Page, base: str, username: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(re.compile(r"/lists/$"))


def fetch(page: Page, url: str) -> dict:
    """Fetch `url` from the page (through the worker): its status, type and first bytes."""
    return page.evaluate(
        """async (url) => {
            const response = await fetch(url);
            const bytes = new Uint8Array(await response.arrayBuffer());
            return {
                status: response.status,
                type: response.headers.get("Content-Type") || "",
                head: String.fromCharCode(...bytes.slice(0, 5)),
            };
        }""",
        url,
    )


def fetch_pdf(page: Page, url: str, timeout: float = 180.0) -> dict:
    """Ask for a PDF as the waiting page does: once, then its `wait=1` status until the PDF is
    drawn (those polls do not count against the render limit), then the PDF itself."""
    first = fetch(page, url)
    if first["type"].startswith("application/pdf"):
        return first
    assert first["status"] == 202, first
    deadline = time.monotonic() + timeout
    while (status := fetch(page, f"{url}?wait=1")["status"]) == 202:
        if time.monotonic() > deadline:
            raise AssertionError(f"the PDF was not drawn in {timeout} s")
        page.wait_for_timeout(500)
    assert status == 200, f"drawing the PDF failed: {status}"
    return fetch(page, url)


def expect_offline_banner(page: Page) -> None:
    banner = page.locator("#offline-banner")
    expect(banner).to_be_visible()
    expect(banner).to_contain_text(re.compile(r"Offline, as of .+\d"))


@pytest.mark.django_db(transaction=True)
def test_pages_opened_online_open_offline_with_a_banner_and_logging_out_forgets_them(
    live_server, browser, sw_context, sw_page, starter_modules, render_worker
):
    page, base = sw_page, live_server.url
    assert re.match(r"http://(localhost|127\.0\.0\.1):\d+$", base), "a secure context is needed"
    get_user_model().objects.create_user("tabletop", password=PASSWORD)
    log_in(page, base, "tabletop")
    wait_for_worker(page)

    start_list(page, base, "ember-reach/gilt_ledger", "Basement Game")
    add_unit(page, "Company Captain")
    list_url = page.url
    table_url = f"{list_url}table/"
    page.get_by_role("button", name="Get a live link").click()
    share_url = page.locator("#share input[aria-label='Share link']").first.input_value()

    # Online: the player opens My lists, the list, its table view, its share page and its
    # roster PDF.
    page.goto(f"{base}/lists/")
    expect(page.locator("main")).to_contain_text("Basement Game")
    page.goto(list_url)
    page.goto(table_url)
    page.goto(share_url)
    expect(page.locator("h1")).to_have_text("Basement Game")
    page.goto(f"{list_url}?from=chat")  # the same list under another query: saved apart
    roster_url = f"{list_url}roster.pdf"
    assert fetch(page, roster_url)["status"] == 202  # queued: "Preparing your PDF"
    render_worker.run_queued()
    online_pdf = fetch_pdf(page, roster_url)
    assert online_pdf["status"] == 200 and online_pdf["head"] == "%PDF-", online_pdf
    for url in (
        f"{base}/lists/",
        list_url,
        table_url,
        share_url,
        roster_url,
        f"{list_url}?from=chat",
    ):
        wait_until_saved(page, url)

    # Offline: each opens from the device with the banner; the PDF is served as it was.
    sw_context.set_offline(True)
    try:
        page.goto(f"{base}/lists/")
        expect_offline_banner(page)
        expect(page.locator("main")).to_contain_text("Basement Game")
        # My lists also names the list pages this device keeps, the share page among them.
        saved = page.locator("#offline-banner .offline-saved a")
        expect(page.locator("#offline-banner")).to_contain_text("Lists saved on this device")
        hrefs = [a.get_attribute("href") for a in saved.all()]
        assert {list_url, table_url, share_url} <= set(hrefs), hrefs
        page.goto(share_url)
        expect_offline_banner(page)
        expect(page.locator("article.datasheet")).to_have_count(1)
        page.goto(table_url)
        expect_offline_banner(page)
        expect(page.locator("h1")).to_have_text("Basement Game")
        expect(page.locator("article.datasheet")).to_have_count(1)
        # Its stylesheet comes from the worker's shell (a sheet that failed has no rules).
        assert page.evaluate(
            """[...document.styleSheets].some(
                (sheet) => (sheet.href || "").includes("/css/table") && sheet.cssRules.length > 0
            )"""
        )
        offline_pdf = fetch_pdf(page, roster_url)
        assert offline_pdf == online_pdf

        # A page never opened (and the new-list form, which needs the server): the offline page.
        page.goto(f"{base}/games/")
        expect(page.locator("h1")).to_have_text("You are offline")
        expect(page.locator("#offline-saved")).to_contain_text("Basement Game")
        # One line per list (its table view and PDF beside it), the share link told apart; and
        # no "Log in" for a player who is logged in (nor anyone's name).
        names = page.locator("#offline-saved > li > a:first-child").all_inner_texts()
        assert names.count("Basement Game") == 1, names
        shared = [n for n in names if n.startswith("Basement Game") and n.endswith("(shared link)")]
        assert len(shared) == 1, names
        line = page.locator("#offline-saved > li", has_text="at the table").first
        expect(line.locator("a", has_text="roster (PDF)")).to_have_count(1)
        expect(page.locator("header")).not_to_contain_text("Log in")
        expect(page.locator("header")).not_to_contain_text("tabletop")
        page.goto(f"{base}/lists/new/")
        expect(page.locator("h1")).to_have_text("You are offline")
        page.goto(list_url)
        expect_offline_banner(page)
        expect(page.locator("article.unit")).to_have_count(1)
    finally:
        sw_context.set_offline(False)

    # Back online, an edit made on another device shows on reload, without the banner.
    other_context = browser.new_context(viewport={"width": 1280, "height": 900})
    other_context.set_default_timeout(30_000)
    try:
        other = other_context.new_page()
        log_in(other, base, "tabletop")
        other.goto(list_url)
        add_unit(other, "Free Swords")
    finally:
        other_context.close()
    page.reload()
    expect(page.locator("article.unit")).to_have_count(2)
    expect(page.locator("#offline-banner")).to_be_hidden()

    # Logging out forgets the account's private pages; the share page (public) stays.
    page.get_by_role("button", name="Log out").click()
    page.wait_for_url(f"{base}/")
    remaining = saved_urls(page)
    assert not [url for url in remaining if "/lists/" in url], remaining
    assert share_url in remaining
    assert not [url for url in saved_index(page) if "/lists/" in url]
    sw_context.set_offline(True)
    try:
        page.goto(list_url)
        expect(page.locator("h1")).to_have_text("You are offline")
        expect(page.locator("#offline-saved")).to_contain_text("Basement Game")  # shared copy
        expect(page.locator(f"#offline-saved a[href='{list_url}']")).to_have_count(0)
        page.goto(f"{base}/lists/")
        expect(page.locator("h1")).to_have_text("You are offline")
    finally:
        sw_context.set_offline(False)


@pytest.mark.django_db(transaction=True)
def test_the_game_data_and_its_rules_open_offline(
    live_server, sw_context, sw_page, starter_modules
):
    page, base = sw_page, live_server.url
    module_url = f"{base}/games/ember-reach/"
    page.goto(module_url)
    wait_for_worker(page)
    expect(page.get_by_role("heading", name="Special rules")).to_be_visible()
    wait_until_saved(page, module_url)
    sw_context.set_offline(True)
    try:
        page.goto(module_url)
        expect_offline_banner(page)
        expect(page.get_by_role("heading", name="Special rules")).to_be_visible()
    finally:
        sw_context.set_offline(False)


@pytest.mark.django_db(transaction=True)
def test_the_saved_pages_are_bounded_and_the_least_recently_used_go_first(
    live_server, settings, sw_page, starter_modules
):
    settings.OFFLINE_MAX_PAGES = 3
    page, base = sw_page, live_server.url
    page.goto(f"{base}/lists/")
    wait_for_worker(page)
    urls = [f"{base}/lists/?visit={n}" for n in range(1, 5)]
    for url in urls[:3]:
        page.goto(url)
        wait_until_saved(page, url)
    # Used again (online, so saved again): now the most recently used of the three.
    page.goto(urls[0])
    wait_until(
        page,
        """async ([name, key, again, other]) => {
            const index = await (await (await caches.open(name)).match(key)).json();
            return index[again].usedAt > index[other].usedAt;
        }""",
        [INDEX_CACHE, INDEX_KEY, urls[0], urls[2]],
    )
    page.goto(urls[3])
    wait_until_saved(page, urls[3])
    # The fourth page pushed out the least recently used: the second, not the first.
    assert sorted(saved_urls(page)) == sorted([urls[0], urls[2], urls[3]])
    assert sorted(saved_index(page)) == sorted([urls[0], urls[2], urls[3]])


@pytest.mark.django_db(transaction=True)
def test_the_saved_pages_are_bounded_by_their_size_too(live_server, settings, sw_page):
    page, base = sw_page, live_server.url
    one_page = len(Client().get("/lists/").content)  # what My lists weighs for a visitor
    settings.OFFLINE_MAX_BYTES = int(one_page * 2.5)  # room for two pages, not three
    page.goto(f"{base}/lists/")
    wait_for_worker(page)
    urls = [f"{base}/lists/?visit={n}" for n in range(1, 4)]
    for url in urls:
        page.goto(url)
        wait_until_saved(page, url)
    index = saved_index(page)
    assert sorted(index) == sorted(urls[1:]), index
    assert sum(entry["bytes"] for entry in index.values()) <= settings.OFFLINE_MAX_BYTES


@pytest.mark.django_db(transaction=True)
def test_the_app_is_installable_its_worker_controls_the_whole_site(
    live_server, sw_page, starter_modules
):
    page, base = sw_page, live_server.url
    page.goto(f"{base}/")
    wait_for_worker(page)
    registration = page.evaluate(
        """async () => {
            const registration = await navigator.serviceWorker.ready;
            return {scope: registration.scope, script: registration.active.scriptURL};
        }"""
    )
    assert registration == {"scope": f"{base}/", "script": f"{base}/sw.js"}
    manifest_href = page.locator("link[rel=manifest]").get_attribute("href")
    manifest = page.evaluate("async (url) => (await fetch(url)).json()", manifest_href)
    assert manifest["display"] == "standalone" and manifest["start_url"] == "/lists/"
    sizes = {(icon["sizes"], icon["purpose"]) for icon in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes
    for icon in manifest["icons"]:
        status = page.evaluate("async (url) => (await fetch(url)).status", icon["src"])
        assert status == 200, icon["src"]


def test_other_tests_windows_run_without_the_worker_unless_they_ask(live_server, page, sw_page):
    """The browser fixture's rule: a window opened without asking never installs the worker;
    one that asks does."""
    for tab in (page, sw_page):
        tab.goto(f"{live_server.url}/accounts/login/")
    wait_for_worker(sw_page)
    registrations = "async () => (await navigator.serviceWorker.getRegistrations()).length"
    assert page.evaluate(registrations) == 0
    assert page.evaluate("() => navigator.serviceWorker.controller") is None


@pytest.mark.django_db(transaction=True)
def test_an_events_pairings_and_standings_open_offline(
    live_server, sw_context, sw_page, starter_modules
):
    """At the event hall with no signal: pairings and standings opened once open again, and
    the event's link is offered as a QR code."""
    import datetime as dt
    import random

    from django.utils import timezone

    from factions.models import GameModule
    from forgebuilder.events import services
    from forgebuilder.events.models import Event

    users = get_user_model().objects
    organiser = users.create_user("olga")
    event = Event.objects.create(
        organiser=organiser, name="Ember Cup", starts_on=dt.date(2026, 12, 5),
        module=GameModule.objects.get(slug="ashen-stars"), points_limit=1000,
        list_deadline=timezone.now() + dt.timedelta(days=1),
    )  # fmt: skip
    for name in ("ann", "bob", "cat"):
        entrant = services.entrant_register(event=event, player=users.create_user(name))
        services.entrant_check_in(event=event, entrant=entrant)
    services.round_pair(event=event, rng=random.Random(1))
    page, base = sw_page, live_server.url
    page.goto(f"{base}/events/{event.public_id}/")
    page.locator(".event-qr summary").click()
    qr = page.get_by_role("img", name="QR code of the event's link")
    expect(qr).to_be_visible()
    assert page.evaluate("(img) => img.naturalWidth > 0", qr.element_handle())
    page.get_by_role("link", name="Pairings and standings").click()
    wait_for_worker(page)
    projector = f"{base}/events/{event.public_id}/projector/"
    wait_until_saved(page, projector)
    sw_context.set_offline(True)
    try:
        page.goto(projector)
        expect_offline_banner(page)
        expect(page.locator("h1")).to_have_text("Ember Cup: round 1 of 3")
        expect(page.locator(".standings-rows")).to_contain_text("ann")
    finally:
        sw_context.set_offline(False)

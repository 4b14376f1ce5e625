"""A player asks for a PDF: the page says it is being prepared, then the download starts."""

from __future__ import annotations

import pytest
from django.core.cache import caches
from playwright.sync_api import expect

from .test_builder import add_unit, expect_points, start_list

pytestmark = pytest.mark.pdf  # every test here draws a PDF (needs Pango)


def paid_in_full(page, live_server) -> None:
    """A new Gilt Ledger list, "Paid in Full", with a Company Captain (35 points)."""
    start_list(page, live_server.url, "ember-reach/gilt_ledger", "Paid in Full")
    add_unit(page, "Company Captain")
    expect_points(page, 35)


def prepared_download(page, button: str, render_worker):
    """Ask for a PDF with `button`: the page says it is being prepared, the worker draws it and
    the download starts. The worker draws in this thread, which shares the live server's
    in-memory database (a worker thread of its own meets SQLite's table locks); the page's poll
    then sees it ready."""
    page.get_by_role("button", name=button).click()
    expect(page.locator("#pdf-status")).to_contain_text("Preparing your PDF…")
    with page.expect_download(timeout=30_000) as download_info:
        render_worker.run_queued()
    return download_info.value


@pytest.mark.django_db(transaction=True)
def test_the_roster_is_prepared_in_the_background_then_downloads(
    live_server, page, starter_modules, render_worker
):
    paid_in_full(page, live_server)

    download = prepared_download(page, "Download roster", render_worker)
    assert download.suggested_filename == "paid-in-full-150pts.pdf"
    with open(download.path(), "rb") as pdf:
        assert pdf.read(5) == b"%PDF-"
    expect(page.locator("#pdf-status")).to_contain_text("Your PDF is ready.")


@pytest.mark.django_db(transaction=True)
def test_without_javascript_the_waiting_page_refreshes_until_the_pdf_is_ready(
    browser, live_server, starter_modules, render_worker
):
    from factions.catalog import catalog_for
    from factions.models import GameModule
    from forgebuilder.lists.models import ShareLink
    from forgebuilder.lists.ownership import Owner
    from forgebuilder.lists.services import army_list_create
    from forgebuilder.lists.sharing import share_link_create
    from tests.armylists.exports.conftest import ember_document

    catalog = catalog_for(GameModule.objects.get(slug="ember-reach"))
    army_list = army_list_create(
        owner=Owner(None, "someone"), catalog=catalog, document=ember_document(catalog)
    )
    link = share_link_create(army_list=army_list, kind=ShareLink.LIVE)
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/s/{link.token}/tokens.pdf?size=32")
        expect(page.locator("#pdf-status")).to_contain_text("Preparing your PDF…")
        render_worker.run_queued()
        # The page refreshes itself (a <noscript> meta refresh) until it offers the file.
        expect(page.locator("#pdf-status")).to_contain_text("Your PDF is ready.", timeout=20_000)
        with page.expect_download() as download_info:
            page.get_by_role("link", name="Download the token sheet").click()
        assert download_info.value.suggested_filename == "emberstone-oath-350pts-tokens.pdf"
    finally:
        context.close()


@pytest.mark.django_db(transaction=True)
def test_the_compact_roster_is_offered_in_the_editor_and_on_the_share_page(
    live_server, page, starter_modules, render_worker
):
    from tests.armylists.exports.pdfread import page_texts

    caches["renders"].clear()  # an earlier test may have drawn the same list
    paid_in_full(page, live_server)

    download = prepared_download(page, "Download compact roster", render_worker)
    assert download.suggested_filename == "paid-in-full-150pts-compact.pdf"
    with open(download.path(), "rb") as pdf:
        text = " ".join(page_texts(pdf.read()))
    assert "STAT LINES" in text and "1 Company Captain" in text
    assert "card 1 of" not in text  # no cards

    from forgebuilder.lists.models import ArmyList, ShareLink
    from forgebuilder.lists.sharing import share_link_create

    link = share_link_create(army_list=ArmyList.objects.get(), kind=ShareLink.LIVE)
    page.goto(f"{live_server.url}/s/{link.token}/")
    # the same list with its share link printed in the footer: drawn again for the reader
    shared = prepared_download(page, "Download compact roster", render_worker)
    assert shared.suggested_filename == "paid-in-full-150pts-compact.pdf"


@pytest.mark.django_db(transaction=True)
def test_a_long_drawing_shows_how_far_it_got_and_a_drawn_roster_opens_at_once(
    live_server, page, starter_modules, render_worker
):
    from forgebuilder.lists.exports import PAPERS, roster_key, source_from_evaluated
    from forgebuilder.lists.models import ArmyList
    from forgebuilder.lists.selectors import evaluated_list
    from forgebuilder.printing.progress import progress_reporter

    caches["renders"].clear()  # an earlier test may have drawn the same list
    paid_in_full(page, live_server)
    editor_url = page.url

    page.get_by_role("button", name="Download roster").click()
    expect(page.locator("#pdf-status")).to_contain_text("Preparing your PDF…")
    # the worker (another process in production) has laid out two pages of it
    source = source_from_evaluated(evaluated_list(army_list=ArmyList.objects.get()))
    progress_reporter(roster_key(source, paper=PAPERS["a4"]))("Step 5 - Creating layout - Page 2")
    expect(page.locator("#pdf-status")).to_contain_text("Laying out page 2…")
    expect(page.get_by_role("link", name="← Back to the list")).to_be_visible()

    with page.expect_download(timeout=30_000):
        render_worker.run_queued()
    page.get_by_role("link", name="← Back to the list").click()
    page.wait_for_url(editor_url)

    # drawn before: the download starts from the editor, no waiting page in between
    with page.expect_download(timeout=10_000) as again:
        page.get_by_role("button", name="Download roster").click()
    assert again.value.suggested_filename == "paid-in-full-150pts.pdf"
    assert page.url == editor_url
    expect(page.locator("#pdf-status")).to_have_count(0)

"""Fixtures shared by every test."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from django.core.management import call_command

REPO = Path(__file__).resolve().parent.parent
FIXTURES = REPO / "tests" / "factions" / "fixtures"
SHARED = Path(os.environ.get("FORGEBUILDER_SHARED_DIR", REPO.parent / "shared")).resolve()
BATTLEFORGE_DATA = SHARED / "data" / "battleforge"


def pdf_problem() -> str:
    """Why this machine cannot draw PDFs and how to fix that, or '' when it can."""
    from forgebuilder.armylists.exports.availability import pdf_support

    return pdf_support().message


def pytest_collection_modifyitems(config, items):
    # Tests that draw PDFs need Pango: without it they are skipped saying how to install it,
    # except in CI, which must run them (they fail there: pytest_runtest_setup below).
    from tests.browser.chromium import in_ci

    drawing = [item for item in items if item.get_closest_marker("pdf")]
    if not drawing or in_ci() or not pdf_problem():
        return
    skip = pytest.mark.skip(reason=f"PDF test skipped: {pdf_problem()}")
    for item in drawing:
        item.add_marker(skip)


def pytest_runtest_setup(item):
    from tests.browser.chromium import in_ci

    if item.get_closest_marker("pdf") and in_ci() and pdf_problem():
        pytest.fail(f"CI=true needs the PDF tests to run: {pdf_problem()}", pytrace=False)


@pytest.fixture(autouse=True)
def _fresh_catalogs():
    """Catalogues are cached per module id and revision; test databases reuse ids."""
    from factions.catalog import clear_catalog_cache

    clear_catalog_cache()
    yield
    clear_catalog_cache()


@pytest.fixture(autouse=True)
def _fresh_default_cache():
    """Rate-limit counters and cached pages never leak from one test into another."""
    from django.core.cache import cache

    yield
    cache.clear()


@pytest.fixture(scope="session")
def starter_rows(django_db_setup, django_db_blocker):
    """The rows `load_starter_modules` writes, read once per session (the load is rolled back):
    parsing and checking the shipped modules costs about 1 s of CPU, writing their rows back
    about a fifth of that."""
    from django.apps import apps
    from django.db import transaction

    with django_db_blocker.unblock(), transaction.atomic():
        call_command("load_starter_modules", verbosity=0)
        rows = {
            model: list(model._default_manager.order_by("pk"))
            for model in apps.get_app_config("factions").get_models()
        }
        transaction.set_rollback(True)
    return rows


@pytest.fixture
def starter_modules(db, starter_rows):
    """The game modules forgebuilder ships, in the test's database, as `load_starter_modules`
    leaves them (`tests/factions/test_starter_modules.py` runs the command itself)."""
    from django.core.management.color import no_style
    from django.db import connection, transaction

    from factions.catalog import clear_catalog_cache

    with transaction.atomic():
        for model, rows in starter_rows.items():
            model._default_manager.bulk_create(rows)
        with connection.cursor() as cursor:  # PostgreSQL: new rows get ids after these
            for sql in connection.ops.sequence_reset_sql(no_style(), list(starter_rows)):
                cursor.execute(sql)
    clear_catalog_cache()


@pytest.fixture
def mini_module(db):
    """The small example module of docs/module-format.md, loaded."""
    from factions.gamedata.loader import load_module_path
    from factions.models import GameModule

    load_module_path(FIXTURES / "mini_module.yaml")
    return GameModule.objects.get(slug="mini-vale")


@pytest.fixture
def mini_catalog(mini_module):
    from factions.catalog import catalog_for

    return catalog_for(mini_module)


def pytest_terminal_summary(terminalreporter):
    """Say plainly, at the end of the run, when browser or PDF tests were skipped and why."""
    pdf_skips = [
        report
        for report in terminalreporter.stats.get("skipped", [])
        if "PDF test skipped" in str(report.longrepr)
    ]
    if pdf_skips:
        terminalreporter.write_sep("=", "PDF tests skipped", yellow=True)
        terminalreporter.write_line(f"{len(pdf_skips)} PDF tests were skipped. {pdf_problem()}")
    skipped = [
        report
        for report in terminalreporter.stats.get("skipped", [])
        if report.nodeid.startswith("tests/browser/")
    ]
    if not skipped:
        return
    from tests.browser.chromium import HOW_TO_ENABLE, find_chromium

    if find_chromium().path:
        return  # skipped for their own reasons (shown by -ra), not for want of a browser
    terminalreporter.write_sep("=", "browser tests skipped", yellow=True)
    terminalreporter.write_line(
        f"{len(skipped)} browser tests were skipped: {find_chromium().problem} {HOW_TO_ENABLE}"
    )

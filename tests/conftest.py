"""Fixtures shared by every test."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
FIXTURES = REPO / "tests" / "factions" / "fixtures"
SHARED = Path(os.environ.get("FORGEBUILDER_SHARED_DIR", REPO.parent / "shared")).resolve()
BATTLEFORGE_DATA = SHARED / "data" / "battleforge"


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
    """Say plainly, at the end of the run, when the browser tests were skipped and why."""
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

"""`make test` without Pango: the tests that draw PDFs are skipped saying how to install it;
in CI (CI=true) they fail instead, so a CI machine never passes without printing anything."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import INNER_RUN, REPO

# The pytest it starts runs on SQLite, without DATABASE_URL: the result cannot differ by backend,
# so CI's PostgreSQL pass leaves it out (tests/backends.py).
pytestmark = pytest.mark.own_database

HIDE_PANGO = Path(__file__).parent / "hide_pango"
# one test that draws a PDF and one that does not, from the same file
TESTS = [
    "tests/armylists/exports/test_pdf_off.py",
    "-k", "no_such_note_when_pdfs_can_be_drawn or text_download_is_the_text",
    "tests/armylists/exports/test_downloads.py",
]  # fmt: skip


def run_without_pango(**env_changes: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "CI"}}
    env["PYTHONPATH"] = str(HIDE_PANGO)
    env.update(env_changes)
    return subprocess.run(
        [sys.executable, "-m", "pytest", *TESTS, *INNER_RUN],
        cwd=REPO, env=env, capture_output=True, text=True, timeout=300,
    )  # fmt: skip


def test_without_pango_the_pdf_tests_are_skipped_saying_how_to_install_it():
    result = run_without_pango()

    assert result.returncode == 0, result.stdout
    assert "1 passed, 1 skipped" in result.stdout  # the text download still runs
    assert "PDF tests skipped" in result.stdout  # the closing section
    assert "1 PDF tests were skipped. PDF export is off: Pango" in result.stdout
    assert "sudo apt-get install libpango-1.0-0" in result.stdout


def test_in_ci_the_pdf_tests_fail_without_pango():
    result = run_without_pango(CI="true")

    assert result.returncode != 0
    # an error at set-up, not a skip; the test that draws nothing still passes
    assert re.search(r"1 passed, \d+ deselected, (\d+ warnings?, )?1 error in", result.stdout), (
        result.stdout
    )
    assert "CI=true needs the PDF tests to run: PDF export is off: Pango" in result.stdout

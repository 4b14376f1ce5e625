"""`make test` without a browser: the browser tests are skipped saying why; in CI they fail."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.conftest import INNER_RUN, REPO

# The pytest it starts runs on SQLite, without DATABASE_URL: the result cannot differ by backend,
# so CI's PostgreSQL pass leaves it out (tests/backends.py).
pytestmark = pytest.mark.own_database

ONE_BROWSER_TEST = "tests/browser/test_home.py"


def run_browser_test(**env_changes: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "CI"}}
    env.update(env_changes)
    return subprocess.run(
        [sys.executable, "-m", "pytest", ONE_BROWSER_TEST, *INNER_RUN],
        cwd=REPO, env=env, capture_output=True, text=True, timeout=300,
    )  # fmt: skip


def test_without_a_browser_the_browser_tests_are_skipped_saying_how_to_enable_them():
    result = run_browser_test(CHROMIUM_PATH="/no/such/chromium")

    assert result.returncode == 0, result.stdout
    assert "1 skipped" in result.stdout
    assert "browser tests skipped" in result.stdout  # the closing section
    assert "1 browser tests were skipped: CHROMIUM_PATH=/no/such/chromium" in result.stdout
    assert "sudo apt-get install chromium" in result.stdout
    assert "or set CHROMIUM_PATH to a Chromium or Google Chrome executable" in result.stdout


def test_in_ci_a_missing_browser_fails_the_browser_tests():
    result = run_browser_test(CHROMIUM_PATH="/no/such/chromium", CI="true")

    assert result.returncode != 0
    assert "no browser for the browser tests: CHROMIUM_PATH=/no/such/chromium" in result.stdout
    assert "skipped" not in result.stdout.splitlines()[-1]

"""CHROMIUM_PATH names the browser the browser tests drive."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.browser.conftest import CHROMIUM
from tests.conftest import INNER_RUN, REPO

# The pytest it starts runs on SQLite, without DATABASE_URL: the result cannot differ by backend,
# so CI's PostgreSQL pass leaves it out (tests/backends.py).
pytestmark = pytest.mark.own_database

# A browser test that needs no database, live server or game module: the second pytest starts
# only the browser (half the CPU of the home page's test).
BROWSER_ONLY = (
    "tests/browser/test_accessibility.py::test_the_check_itself_catches_a_serious_problem"
)


def test_the_browser_tests_drive_the_browser_chromium_path_names(tmp_path):
    # A wrapper that notes it was started, then starts the real browser found for this run.
    used = tmp_path / "used"
    wrapper = tmp_path / "my-chromium"
    wrapper.write_text(f'#!/bin/sh\necho started >> "{used}"\nexec "{CHROMIUM}" "$@"\n')
    wrapper.chmod(0o755)
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "CI"}}
    env["CHROMIUM_PATH"] = str(wrapper)

    result = subprocess.run(
        [sys.executable, "-m", "pytest", BROWSER_ONLY, *INNER_RUN],
        cwd=REPO, env=env, capture_output=True, text=True, timeout=300,
    )  # fmt: skip

    assert result.returncode == 0, result.stdout
    assert "1 passed" in result.stdout
    assert used.read_text().startswith("started")

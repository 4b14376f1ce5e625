"""Finding the browser the browser tests drive: CHROMIUM_PATH, then the usual names and places."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.browser.chromium import ENV_VAR, HOW_TO_ENABLE, find_chromium, in_ci
from tests.conftest import REPO


def executable(path):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("#!/bin/sh\n")
    path.chmod(0o755)
    return path


def nothing_on_path(name):
    return None


def test_chromium_path_wins_over_everything_else(tmp_path):
    mine = executable(tmp_path / "my chromium")
    elsewhere = executable(tmp_path / "usr" / "bin" / "chromium")

    found = find_chromium(
        {ENV_VAR: str(mine)}, which=lambda name: "/usr/bin/chromium", locations=[str(elsewhere)]
    )

    assert found.path == str(mine)


def test_a_wrong_chromium_path_is_reported_not_replaced(tmp_path):
    elsewhere = executable(tmp_path / "chromium")

    found = find_chromium(
        {ENV_VAR: "/no/such/chromium"}, which=lambda name: str(elsewhere), locations=[]
    )

    assert found.path is None
    assert found.problem == "CHROMIUM_PATH=/no/such/chromium is not an executable file."


@pytest.mark.parametrize("name", ["chromium", "chromium-browser", "google-chrome"])
def test_the_usual_names_on_path_are_found(name):
    found = find_chromium({}, which={name: f"/somewhere/{name}"}.get, locations=[])

    assert found.path == f"/somewhere/{name}"


def test_the_usual_install_locations_are_found(tmp_path):
    snap = executable(tmp_path / "snap" / "bin" / "chromium")
    mac_app = tmp_path / "Applications" / "Chromium.app" / "Contents" / "MacOS" / "Chromium"

    found = find_chromium({}, which=nothing_on_path, locations=[str(mac_app), str(snap)])

    assert found.path == str(snap)


def test_the_default_locations_cover_debian_ubuntu_and_macos():
    from tests.browser.chromium import LOCATIONS

    assert "/usr/bin/chromium" in LOCATIONS
    assert "/snap/bin/chromium" in LOCATIONS
    assert "/Applications/Chromium.app/Contents/MacOS/Chromium" in LOCATIONS
    assert "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome" in LOCATIONS


def test_a_file_that_cannot_run_is_not_a_browser(tmp_path):
    not_executable = tmp_path / "chromium"
    not_executable.write_text("")

    found = find_chromium({}, which=nothing_on_path, locations=[str(not_executable)])

    assert found.path is None
    assert "No Chromium or Google Chrome was found" in found.problem


@pytest.mark.parametrize(("value", "expected"), [("true", True), ("1", True), ("", False)])
def test_ci_is_read_from_the_environment(value, expected):
    assert in_ci({"CI": value}) is expected


def test_the_command_line_finder_prints_the_path_or_how_to_install_one(tmp_path):
    mine = executable(tmp_path / "chromium")
    finder = [sys.executable, str(REPO / "tests" / "browser" / "chromium.py")]

    found = subprocess.run(
        finder, env={**os.environ, ENV_VAR: str(mine)}, capture_output=True, text=True
    )
    missing = subprocess.run(
        finder, env={**os.environ, ENV_VAR: "/nope"}, capture_output=True, text=True
    )

    assert (found.returncode, found.stdout.strip()) == (0, str(mine))
    assert missing.returncode == 1
    assert (
        missing.stderr.strip() == f"CHROMIUM_PATH=/nope is not an executable file. {HOW_TO_ENABLE}"
    )


def test_debians_headless_shell_comes_before_its_chromium():
    """Where both are installed (`make browser` as root on Debian): the same Chromium, drawing
    pages on less CPU."""
    on_path = {"chromium": "/usr/bin/chromium", "chromium-headless-shell": "/usr/bin/hs"}

    found = find_chromium({}, which=on_path.get, locations=[])

    assert found.path == "/usr/bin/hs"

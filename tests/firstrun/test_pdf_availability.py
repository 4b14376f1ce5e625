"""Detecting Pango, and the app starting without it (PDF export off, with the platform's hint)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from forgebuilder.printing import availability
from tests.conftest import REPO
from tests.ports import listening_port

# The app it starts has a SQLite file of its own: the result cannot differ by backend, so CI's
# PostgreSQL pass leaves it out (tests/backends.py).
pytestmark = pytest.mark.own_database

HIDE_PANGO = Path(__file__).parent / "hide_pango"
CHECK = REPO / "forgebuilder" / "printing" / "availability.py"


def env_without_pango(tmp_path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", OFF_SWITCH}}
    env["PYTHONPATH"] = str(HIDE_PANGO)
    env["DATABASE_URL"] = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    env["DJANGO_SETTINGS_MODULE"] = "forgebuilder.settings.dev"
    return env


OFF_SWITCH = availability.OFF_SWITCH


@pytest.fixture(autouse=True)
def _fresh_lookup():
    availability.pdf_support.cache_clear()
    yield
    availability.pdf_support.cache_clear()


def test_the_start_up_check_says_pdf_export_is_off_and_how_to_turn_it_on(tmp_path):
    result = subprocess.run(
        [sys.executable, str(CHECK)], env=env_without_pango(tmp_path),
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip

    assert result.returncode == 1
    assert result.stdout.startswith("PDF export is off: Pango")
    assert "sudo apt-get install libpango-1.0-0" in result.stdout
    assert "fonts-dejavu-core" in result.stdout
    assert "WeasyPrint could not import" not in result.stdout  # its banner is ours to replace


def test_the_start_up_check_is_silent_when_pango_is_there():
    result = subprocess.run(
        [sys.executable, str(CHECK)], capture_output=True, text=True, timeout=60,
        env={k: v for k, v in os.environ.items() if k != OFF_SWITCH},
    )  # fmt: skip

    assert (result.returncode, result.stdout) == (0, "")


def test_the_app_starts_and_serves_without_pango(tmp_path):
    env = env_without_pango(tmp_path)
    check = subprocess.run(
        [sys.executable, "manage.py", "check"], cwd=REPO, env=env,
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert check.returncode == 0, check.stderr

    port = listening_port()
    server = subprocess.Popen(
        [sys.executable, "manage.py", "runserver", "--noreload", f"127.0.0.1:{port}"],
        cwd=REPO, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        status, body = _get(f"http://127.0.0.1:{port}/healthz", server)
        # not migrated here, so the database cache's table is missing: the cache is reported down
        assert (status, json.loads(body)["database"]["ok"]) == (200, True)
    finally:
        server.terminate()
        server.wait(timeout=10)


def _get(url: str, server: subprocess.Popen) -> tuple[int, str]:
    deadline = time.monotonic() + 60
    while True:
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                return response.status, response.read().decode()
        except OSError:
            if server.poll() is not None:
                raise AssertionError(f"the server stopped: {server.stderr.read()}") from None
            if time.monotonic() > deadline:
                raise
            time.sleep(0.3)


def test_pdfs_can_be_drawn_where_weasyprint_loads(monkeypatch):
    monkeypatch.delenv(OFF_SWITCH, raising=False)

    assert availability.pdf_support() == availability.PdfSupport(available=True)
    assert availability.pdf_support().message == ""


def test_the_off_switch_turns_pdf_export_off_and_says_how_to_undo_it(monkeypatch):
    monkeypatch.setenv(OFF_SWITCH, "off")

    support = availability.pdf_support()

    assert not support.available
    assert support.message == (
        "PDF export is off: FORGEBUILDER_PDF=off is set. "
        "To turn it on: unset FORGEBUILDER_PDF, then restart forgebuilder."
    )


def test_without_weasyprint_installed_the_loader_lookup_decides(monkeypatch):
    monkeypatch.delenv(OFF_SWITCH, raising=False)
    monkeypatch.setitem(sys.modules, "weasyprint", None)  # `import weasyprint` fails
    found = {"pango-1.0": "libpango-1.0.so.0", "pangoft2-1.0": "libpangoft2-1.0.so.0"}
    monkeypatch.setattr(availability.ctypes.util, "find_library", found.get)
    assert availability.pango_problem() == ""

    monkeypatch.setattr(availability.ctypes.util, "find_library", lambda name: None)
    assert availability.pango_problem() == (
        "Pango, the text-layout library WeasyPrint draws PDFs with, is not installed."
    )


def test_the_hint_fits_the_platform():
    debian = availability.install_hint("Linux", has_apt=True)
    assert debian == (
        "sudo apt-get install libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 "
        "fonts-dejavu-core, then restart forgebuilder."
    )
    assert availability.install_hint("Darwin") == "brew install pango, then restart forgebuilder."
    other = availability.install_hint("Linux", has_apt=False)
    assert "package manager" in other and "brew install pango" in other


def test_on_macos_homebrew_libraries_join_the_loader_search_path(monkeypatch, tmp_path):
    brew_lib = tmp_path / "homebrew" / "lib"
    brew_lib.mkdir(parents=True)
    monkeypatch.setattr(availability.platform, "system", lambda: "Darwin")
    monkeypatch.setattr(availability, "HOMEBREW_LIBRARY_DIRS", (str(brew_lib), "/no/such/dir"))
    monkeypatch.setenv("DYLD_FALLBACK_LIBRARY_PATH", "/opt/custom/lib")

    availability.add_homebrew_to_search_path()

    assert os.environ["DYLD_FALLBACK_LIBRARY_PATH"] == f"{brew_lib}:/opt/custom/lib"

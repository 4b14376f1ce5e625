"""The Makefile's Python: a 3.12+ on PATH, else one of the user's own pyenv versions, else a
message that says exactly what to install. Runs make on a PATH without pyenv's shims and a HOME
of its own, so the machine's Pythons do not decide the outcome."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest

from tests.conftest import REPO

SYSTEM_PATH = "/usr/bin:/bin"


def system_python_is_older_than_3_12() -> bool:
    found = [shutil.which(p, path=SYSTEM_PATH) for p in ("python3.14", "python3.13", "python3.12")]
    python3 = shutil.which("python3", path=SYSTEM_PATH)
    if any(found):
        return False
    if python3 is None:
        return True
    version = subprocess.run(
        [python3, "-c", "import sys; print(sys.version_info >= (3, 12))"],
        capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    return version.strip() == "False"


pytestmark = [
    pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed"),
    pytest.mark.skipif(
        not system_python_is_older_than_3_12(),
        reason="this system ships Python 3.12+ in /usr/bin, so make never needs a pyenv one here",
    ),
]


def make_venv(home, venv, *, dry_run: bool) -> subprocess.CompletedProcess:
    env = {"PATH": SYSTEM_PATH, "HOME": str(home)}
    args = ["make", "-C", str(REPO), f"VENV={venv}", f"{venv}/bin/python"]
    return subprocess.run(
        [*args[:1], "-n", *args[1:]] if dry_run else args,
        env=env, capture_output=True, text=True, timeout=60,
    )  # fmt: skip


def test_a_pyenv_python_of_the_users_own_is_found(tmp_path):
    versions = tmp_path / "home" / ".pyenv" / "versions"
    for version, python in (("3.11.9", "/usr/bin/python3"), ("3.13.1", sys.executable)):
        (versions / version / "bin").mkdir(parents=True)
        (versions / version / "bin" / "python3").symlink_to(os.path.realpath(python))

    result = make_venv(tmp_path / "home", tmp_path / "venv", dry_run=True)

    assert result.returncode == 0, result.stdout + result.stderr
    assert f"{versions}/3.13.1/bin/python3 -m venv {tmp_path}/venv" in result.stdout


def test_without_one_it_says_exactly_what_to_install_and_creates_nothing(tmp_path):
    (tmp_path / "home").mkdir()

    result = make_venv(tmp_path / "home", tmp_path / "venv", dry_run=False)

    assert result.returncode != 0
    assert "needs Python 3.12 or newer and none was found" in result.stdout
    assert (
        "Debian 13, Ubuntu 24.04 and newer ship one:  sudo apt-get install python3 python3-venv"
        in result.stdout
    )
    assert "Debian 12 and Ubuntu 22.04 ship 3.11" in result.stdout
    assert "~/.pyenv/bin/pyenv install 3.13" in result.stdout
    assert not (tmp_path / "venv").exists()

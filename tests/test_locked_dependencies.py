"""The lock files pin what pyproject.toml asks for: a version changed in one place only is caught
here, saying to run `make lock`."""

from __future__ import annotations

import re
import tomllib

import pytest

from tests.conftest import REPO

PYPROJECT = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
PIN = re.compile(r"^([A-Za-z0-9._-]+)(?:\[[^\]]*\])?==([^\s;]+)")


def normalized(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def locked(path: str) -> dict[str, str]:
    lines = (REPO / path).read_text(encoding="utf-8").splitlines()
    return {normalized(m[1]): m[2] for line in lines if (m := PIN.match(line))}


def declared(*, dev: bool) -> list[tuple[str, str]]:
    wanted = PYPROJECT["dependencies"] + (PYPROJECT["optional-dependencies"]["dev"] if dev else [])
    return [(normalized(m[1]), m[2]) for m in map(PIN.match, wanted)]


@pytest.mark.parametrize(
    ("lock", "dev"),
    [("requirements.txt", False), ("requirements-dev.txt", True)],
)
def test_every_declared_dependency_is_locked_at_its_declared_version(lock, dev):
    pins = locked(lock)

    stale = [
        f"{name}=={version}" for name, version in declared(dev=dev) if pins.get(name) != version
    ]

    assert not stale, f"{lock} does not pin {', '.join(stale)}: run `make lock` and commit it"


def test_every_declared_dependency_is_pinned_exactly():
    for line in PYPROJECT["dependencies"] + PYPROJECT["optional-dependencies"]["dev"]:
        assert PIN.match(line), f"pyproject.toml: pin {line!r} with == (the lock follows it)"


def test_the_locks_pin_every_transitive_package_with_hashes():
    for lock in ("requirements.txt", "requirements-dev.txt"):
        text = (REPO / lock).read_text(encoding="utf-8")
        entries = re.split(r"\n(?=[A-Za-z])", text.split("\n", 2)[2])
        assert len(entries) == len(locked(lock)) > 30
        assert all("--hash=sha256:" in entry for entry in entries), lock

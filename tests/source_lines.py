"""The app's code line by line, for the tests that hold a fact to its one home: each looks for a
spelled-out copy of the fact anywhere but its home (migrations aside: they are history)."""

from __future__ import annotations

from collections.abc import Callable

from tests.conftest import REPO

ROOTS = ("forgebuilder", "factions")


def places(found: Callable[[str], object], *, skip: Callable[[str], bool] = lambda _: False):
    """`file:line` of every line of the app's code where `found(line)` is true, in the files
    whose path (from the repository, with /) `skip` does not leave out."""
    return [
        f"{relative}:{number}"
        for root in ROOTS
        for path in sorted((REPO / root).rglob("*.py"))
        if "migrations" not in path.parts
        and not skip(relative := path.relative_to(REPO).as_posix())
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if found(line)
    ]

"""The app's code line by line, for the tests that hold a fact to its one home: each looks for a
spelled-out copy of the fact anywhere but its home (migrations aside: they are history); and
parsed, for the tests that walk its syntax (imports, function lengths)."""

from __future__ import annotations

import ast
from collections.abc import Callable
from functools import cache
from pathlib import Path

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


def syntax_tree(path: Path) -> ast.Module:
    """The module at `path` parsed, once per process for each text it has: the import and
    function-length tests walk every file of the app, a dozen times between them (parsing it
    each time cost about 3 s of CPU). The tree is shared: read it, never change it."""
    return parsed(path.read_text(encoding="utf-8"))


@cache
def parsed(source: str) -> ast.Module:
    """`source` parsed, once per process (syntax_tree's)."""
    return ast.parse(source)

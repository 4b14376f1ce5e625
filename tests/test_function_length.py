"""No function of the app grows past 60 lines (migrations aside): split it by what each part
decides. The ones below are older debts, named so none is added; each leaves the list when it
is split (the test says so), and the list may only shrink."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.conftest import REPO
from tests.source_lines import syntax_tree

LIMIT = 60
ROOTS = ("forgebuilder", "factions")

# (file, function): lines when the limit was set, for an older debt kept for a while. All are
# split now; do not add to them.
KNOWN_LONG: dict[tuple[str, str], int] = {}


def long_functions(root: Path = REPO) -> dict[tuple[str, str], int]:
    """(file, function) -> lines, for every function of the app over LIMIT lines."""
    found = {}
    for top in ROOTS:
        for path in sorted((root / top).rglob("*.py")):
            if "migrations" in path.parts:
                continue
            for node in ast.walk(syntax_tree(path)):
                if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                    lines = node.end_lineno - node.lineno + 1
                    if lines > LIMIT:
                        found[(path.relative_to(root).as_posix(), node.name)] = lines
    return found


def test_no_new_function_is_over_60_lines():
    new = [
        f"{path}: {name} ({lines} lines)"
        for (path, name), lines in long_functions().items()
        if (path, name) not in KNOWN_LONG
    ]
    assert new == []


def test_a_split_function_leaves_the_list_of_known_long_ones():
    still_long = long_functions()
    assert sorted(k for k in KNOWN_LONG if k not in still_long) == []


def test_the_walk_measures_a_function_from_def_to_its_last_line(tmp_path):
    body = "\n".join(f"    x{i} = {i}" for i in range(LIMIT))  # def line + 60 = 61 lines
    (tmp_path / "forgebuilder").mkdir()
    (tmp_path / "forgebuilder" / "long.py").write_text(
        f"def grown():\n{body}\n\n\ndef ok():\n    pass\n"
    )
    assert long_functions(tmp_path) == {("forgebuilder/long.py", "grown"): LIMIT + 1}

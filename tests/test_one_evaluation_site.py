"""A list meets the rules engine in one place: `armylists.selectors.evaluated_document` (which
`evaluated_list` calls once per stored version). Pages, services, exports, events and campaigns
ask the selector; a module of the app that calls the engine's `evaluate` itself fails here."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.conftest import REPO
from tests.source_lines import places

THE_SITE = "forgebuilder/lists/selectors.py"
ENGINE = "forgebuilder.engine.rules"  # the package and its modules (engine.py defines it)
DOOR = "forgebuilder.engine.api"  # where the other apps take it from


def _absolute(path: Path, root: Path, node: ast.ImportFrom) -> str:
    """The module an import reads, relative imports made absolute."""
    if not node.level:
        return node.module or ""
    package = list(path.relative_to(root).with_suffix("").parts[:-1])
    base = package[: len(package) - node.level + 1]
    return ".".join([*base, *([node.module] if node.module else [])])


def _engine_names(path: Path, root: Path, tree: ast.AST) -> tuple[set[str], set[str]]:
    """Local names bound to the engine's `evaluate`, and to a module that holds it."""
    functions, modules = set(), set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            source = _absolute(path, root, node)
            for alias in node.names:
                local = alias.asname or alias.name
                if (source.startswith(ENGINE) or source == DOOR) and alias.name == "evaluate":
                    functions.add(local)
                elif f"{source}.{alias.name}".startswith(ENGINE):
                    modules.add(local)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith(ENGINE) and alias.asname:
                    modules.add(alias.asname)
    return functions, modules


def evaluation_sites(root: Path = REPO) -> list[str]:
    """Every `file:line` of the app where a list is evaluated by calling the engine directly."""
    sites = []
    for path in sorted((root / "forgebuilder").rglob("*.py")):
        relative = path.relative_to(root).as_posix()
        if relative.startswith("forgebuilder/engine/rules/") or "migrations" in path.parts:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        functions, modules = _engine_names(path, root, tree)
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            called = node.func
            direct = isinstance(called, ast.Name) and called.id in functions
            through = (
                isinstance(called, ast.Attribute)
                and called.attr == "evaluate"
                and isinstance(called.value, ast.Name)
                and called.value.id in modules
            )
            if direct or through:
                sites.append(f"{relative}:{node.lineno}")
    return sites


def test_only_the_selector_evaluates_a_list():
    sites = evaluation_sites()
    assert [s for s in sites if not s.startswith(f"{THE_SITE}:")] == []
    assert len(sites) == 1  # evaluated_document's own call, found by the same walk


def test_the_walk_finds_a_module_that_evaluates_a_list_itself(tmp_path):
    wing = tmp_path / "forgebuilder" / "wing"
    wing.mkdir(parents=True)
    (wing / "absolute.py").write_text(
        "from forgebuilder.engine.api import evaluate, resolve\n"
        "def read(document, catalog):\n"
        "    return evaluate(resolve(document, catalog))\n"
    )
    (wing / "renamed.py").write_text(
        "from ..engine.rules.engine import evaluate as judge\n"
        "from ..engine import rules\n"
        "def read(roster):\n"
        "    return judge(roster), rules.evaluate(roster)\n"
    )
    (wing / "formula.py").write_text(  # another `evaluate` (a points formula) is not the engine
        "from .points import evaluate\ndef price(item):\n    return evaluate(item)\n"
    )
    assert evaluation_sites(tmp_path) == [
        "forgebuilder/wing/absolute.py:3",
        "forgebuilder/wing/renamed.py:4",
        "forgebuilder/wing/renamed.py:4",
    ]


def test_no_module_resolves_a_list_outside_the_selector():
    # Resolving is half of evaluating: the events' list view and match check and the Battle
    # Forge importer called `resolve` themselves; they ask the selector like every page.
    def called(line: str) -> bool:
        return "resolve(" in line and not any(
            other in line for other in ("def ", ".resolve(", "_resolve(", "import")
        )

    def skipped(path: str) -> bool:
        return path.startswith(("forgebuilder/engine/", "factions/")) or path == THE_SITE

    assert places(called, skip=skipped) == []

"""docs/list-format.md stays true: its example list is legal and it documents every code."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

from forgebuilder.engine.extensions import extensions
from forgebuilder.engine.rules import evaluate, resolve
from forgebuilder.engine.rules.registry import checks
from forgebuilder.lists.documents import parse_document
from forgebuilder.refused import Refused

from .strategies import mini_catalog

LIST_FORMAT_DOC = Path(__file__).resolve().parents[3] / "docs" / "list-format.md"
RULES_PACKAGE = Path(evaluate.__code__.co_filename).parent


def test_the_example_list_is_legal_as_the_document_says(list_format_examples):
    document = parse_document(list_format_examples["list"])

    report = evaluate(resolve(document, mini_catalog()))

    assert report.legal
    assert report.violations == ()
    assert report.total("points").value == 128
    assert report.unit_points == {"u1": 30, "u2": 33, "u3": 35, "u4": 20}


def test_the_example_response_is_the_example_lists_report(list_format_examples):
    document = parse_document(list_format_examples["list"])

    report = evaluate(resolve(document, mini_catalog()))

    assert {"name": document.name, **report.to_json()} == json.loads(
        list_format_examples["response"]
    )


def documented_codes() -> set[str]:
    table = LIST_FORMAT_DOC.read_text(encoding="utf-8").split("## Violation codes")[1]
    return set(re.findall(r"^\| `([a-z-]+)` \|", table, re.M))


def engine_codes() -> tuple[set[str], set[str]]:
    """(every code-like literal of the rules package, the registered checks' own codes)."""
    # the rules package, and the modules of the checks a wing adds (the campaign checks)
    wings = {Path(sys.modules[type(c).__module__].__file__) for c in extensions.checks()}
    literals = set()
    for path in [*RULES_PACKAGE.rglob("*.py"), *wings]:
        literals |= set(re.findall(r'"([a-z]+(?:-[a-z]+)+)"', path.read_text(encoding="utf-8")))
    own = {
        c.code
        for key in ("battleforge", "grimdark", "skirmish", "wargame", "battle_rules")
        for c in checks.for_ruleset(key)
    } | {c.code for c in extensions.checks()}
    # a refusal's code (the engine refusing to compare lists, MatchError) names an action
    # refused, not a list's violation
    return literals - {kind.code for kind in _every_refusal(Refused)}, own


def _every_refusal(kind: type[Refused]) -> list[type[Refused]]:
    return [found for sub in kind.__subclasses__() for found in (sub, *_every_refusal(sub))]


def test_every_violation_code_is_documented():
    literals, own = engine_codes()

    # a check's own code is documented when its violations carry it
    assert literals - own <= documented_codes()


def test_no_code_is_documented_that_the_engine_lacks():
    literals, _own = engine_codes()

    assert documented_codes() <= literals

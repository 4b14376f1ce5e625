"""The rulesets' specification: one file per ruleset, one test per seed rule.

Each test is named after the rule and cites the seed's section it comes from; it builds the
smallest list that shows the rule and runs it through `manage.py validate_list --json`, the
command a tournament organiser uses, so the rule is held where players rely on it.
"""

from __future__ import annotations

import contextlib
import json
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
import yaml
from django.core.management import call_command
from django.core.management.base import CommandError


@pytest.fixture
def load(db, tmp_path):
    """Load a module given as data: `load(MODULE)`."""
    from factions.gamedata.loader import load_module_path

    def loader(module: dict[str, Any]) -> None:
        path = tmp_path / f"{module['slug']}.yaml"
        path.write_text(yaml.safe_dump(module, sort_keys=False), encoding="utf-8")
        load_module_path(path)

    return loader


@pytest.fixture
def validate(tmp_path):
    """Run `validate_list --json` on list documents; answer the JSON it printed.

    `validate(doc)` gives the report of that one list; `validate(a, b, match=True)` the whole
    output, with the match.
    """

    def run(*documents: dict[str, Any], match: bool = False) -> dict[str, Any]:
        files = []
        for i, document in enumerate(documents):
            path = Path(tmp_path) / f"list-{i}.json"
            path.write_text(json.dumps(document), encoding="utf-8")
            files.append(str(path))
        out = StringIO()
        args = ["--json", *(["--match"] if match else []), *files]
        with contextlib.suppress(CommandError):  # an illegal list exits non-zero; JSON says why
            call_command("validate_list", *args, stdout=out)
        data = json.loads(out.getvalue())
        return data if match or len(documents) > 1 else data["lists"][0]

    return run


def codes(report: dict[str, Any]) -> list[str]:
    return [v["code"] for v in report["violations"] if v["severity"] == "error"]


def totals(report: dict[str, Any]) -> dict[str, Any]:
    return {t["key"]: t for t in report["totals"]}


def model(name: str, stats: dict, *, min: int = 1, max: int | None = None, **extra) -> dict:
    data = {"name": name, "min": min, "stats": stats, **extra}
    if max is not None:
        data["max"] = max
        data.setdefault("extra_model_points", 0)
    return data


def document(module: str, faction: str, units: list[dict], **fields) -> dict:
    """A version 2 list document; units get ids u1, u2..."""
    return {
        "format": "forgebuilder-list",
        "version": 2,
        "name": fields.pop("name", "Conformance"),
        "module": module,
        "faction": faction,
        "points_limit": fields.pop("points_limit", 1000),
        "units": [{"id": f"u{i}", **u} for i, u in enumerate(units, 1)],
        **fields,
    }

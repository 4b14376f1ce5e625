"""Fixtures for the list tests: list documents of the mini-vale module, files holding them, and
a saved list with its owner's client.

The module itself is loaded by `mini_module` (tests/conftest.py); rules tests build their game
data in Python instead (tests/armylists/rules/factories.py).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from factions.catalog import catalog_for
from forgebuilder.lists import edits
from forgebuilder.lists.models import ArmyList
from forgebuilder.lists.ownership import SESSION_KEY, Owner
from forgebuilder.lists.services import army_list_create, army_list_edit
from tests.conftest import write_module_rows

LIST_FORMAT_DOC = Path(__file__).resolve().parents[2] / "docs" / "list-format.md"


@pytest.fixture
def mini_list() -> dict[str, Any]:
    """A legal 141-point Millford list of the mini-vale module, as JSON data.

    Captain 30 (with The Old Banner, 10), ten Spearmen 66 (25 + 5 extra x 5, two crossbows
    x 3, Veterans x 10 models), a River Witch 35 with the Tide specialty.
    """
    return {
        "format": "forgebuilder-list",
        "version": 1,
        "name": "River Patrol",
        "module": "mini-vale",
        "module_version": "1.0",
        "faction": "millford",
        "points_limit": 150,
        "forces": [{"id": "f1", "organization": "patrol", "faction": "millford"}],
        "units": [
            {"id": "u1", "datasheet": "captain", "force": "f1"},
            {
                "id": "u2",
                "datasheet": "spearmen",
                "force": "f1",
                "models": {"spearman": 10},
                "options": [
                    {"option": "spearman.replace_weapon.spear", "choice": "crossbow", "count": 2},
                    {"option": "add_rule.steady", "choice": "steady"},
                ],
            },
            {"id": "u3", "datasheet": "river_witch", "force": "f1", "specialty": "tide"},
        ],
        "legends": [{"legend": "old_banner", "unit": "u1"}],
    }


@pytest.fixture
def illegal_list(mini_list) -> dict[str, Any]:
    """`mini_list` at a 100-point limit: 41 points over it."""
    return {**mini_list, "name": "Too Big", "points_limit": 100}


@pytest.fixture
def write_list(tmp_path: Path) -> Callable[..., Path]:
    """Write a list document (data, or raw text/bytes) to a file: `write_list(data, "a.json")`."""

    def write(content: Any, name: str = "list.json") -> Path:
        path = tmp_path / name
        if isinstance(content, bytes):
            path.write_bytes(content)
        elif isinstance(content, str):
            path.write_text(content, encoding="utf-8")
        else:
            path.write_text(json.dumps(content), encoding="utf-8")
        return path

    return write


@pytest.fixture(scope="session")
def list_format_examples() -> dict[str, str]:
    """The examples of docs/list-format.md by name: the code block after `<!-- example: NAME -->`.

    Tests hold the document to them: `list` validates, `response` is what the API answers...
    """
    text = LIST_FORMAT_DOC.read_text(encoding="utf-8")
    return dict(re.findall(r"<!-- example: ([\w-]+) -->\n```\w*\n(.*?)```", text, re.S))


@pytest.fixture
def dark_module(db, dark_rows):
    """The small Grimdark module of the tests (mini-dark), loaded: the ruleset with match checks
    (its rows read once per session: tests/conftest.py)."""
    from factions.models import GameModule

    write_module_rows(dark_rows)
    return GameModule.objects.get(slug="mini-dark")


def dark_army(name: str, captains: int) -> dict[str, Any]:
    """A mini-dark Dust Wardens list of `captains` Warden Captains (60 points each)."""
    return {
        "format": "forgebuilder-list",
        "version": 2,
        "name": name,
        "module": "mini-dark",
        "faction": "wardens",
        "points_limit": 1000,
        "doctrine": "iron_vigil",
        "units": [{"id": f"c{i}", "datasheet": "warden_captain"} for i in range(captains)],
    }


@pytest.fixture
def owner_client(db) -> Client:
    client = Client()
    session = client.session
    session[SESSION_KEY] = "owner-token"
    session.save()
    return client


@pytest.fixture
def army_list(mini_module) -> ArmyList:
    """A Millford list with a Captain and Spearmen, owned by `owner_client`'s session."""
    catalog = catalog_for(mini_module)
    document = edits.new_document(
        catalog, faction="millford", name="River Guard", points_limit=150, casual=False
    )
    army_list = army_list_create(
        owner=Owner(None, "owner-token"), catalog=catalog, document=document
    )
    for sheet in ("captain", "spearmen"):
        army_list_edit(
            army_list=army_list,
            expected_version=None,
            change=lambda doc, cat, sheet=sheet: edits.add_unit(
                doc, cat, datasheet=sheet, force="f1"
            )[0],
            label="add",
        )
    army_list.refresh_from_db()
    return army_list


def add_unit(army_list: ArmyList, sheet: str) -> None:
    army_list_edit(
        army_list=army_list,
        expected_version=None,
        change=lambda doc, cat: edits.add_unit(doc, cat, datasheet=sheet, force="f1")[0],
        label="add",
    )
    army_list.refresh_from_db()

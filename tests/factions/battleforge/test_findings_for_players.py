"""An import's findings in two groups (issue 42): what a player will notice (a unit never
addable, a rule without its text, a price not the authors'), then what the data's authors may fix
(a typo'd key, a dangling id the importer repaired, content commented out), each with its count;
the command lists the players' first few places and the authors' codes alone, and every finding
with --verbosity 2. Over every Battle Forge module of the shared data."""

from __future__ import annotations

from io import StringIO
from types import SimpleNamespace

import pytest

from factions.gamedata.battleforge.findings import CODES, FOR_PLAYERS, for_players
from factions.gamedata.battleforge.import_base import IMPORT_CODES
from factions.gamedata.battleforge.importer import build_module_spec
from factions.management.commands.import_battleforge import FIRST_FEW, Command

GAMES = ["fr_game", "anc_game", "sw_game"]


def test_every_code_for_players_is_a_code_the_linter_or_the_importer_reports() -> None:
    assert not FOR_PLAYERS - set(CODES) - set(IMPORT_CODES)
    # what a player cannot see or act on stays with the authors
    assert not {"unknown_key", "dangling_rule", "hidden_content", "key_renamed"} & FOR_PLAYERS


@pytest.fixture(scope="module", params=GAMES)
def result(request: pytest.FixtureRequest):
    return build_module_spec(request.getfixturevalue(request.param))


def report_of(result, verbosity: int) -> list[str]:
    out = StringIO()
    Command(stdout=out).write_findings(SimpleNamespace(result=result), verbosity)
    return out.getvalue().splitlines()


def test_the_two_groups_hold_every_finding_once_with_their_counts(result) -> None:
    players, authors = for_players(result.findings)
    assert sorted(map(id, players + authors)) == sorted(map(id, result.findings))
    assert all(f.code in FOR_PLAYERS for f in players)
    assert not any(f.code in FOR_PLAYERS for f in authors)
    lines = report_of(result, 1)
    assert f"What players will notice: {len(players)}" in lines
    assert f"What the data's authors may fix: {len(authors)}" in lines


def test_the_report_lists_the_players_first_places_and_the_authors_codes_alone(result) -> None:
    lines = report_of(result, 1)
    authors_at = lines.index(next(line for line in lines if line.startswith("What the data's")))
    places = [line for line in lines if line.startswith("    ")]
    assert all(lines.index(place) < authors_at for place in places)
    codes = [line for line in lines[:authors_at] if line.startswith("  ") and line[2] != " "]
    assert len(places) <= FIRST_FEW * len(codes)
    every = report_of(result, 2)
    assert len([line for line in every if line.startswith("    ")]) == len(result.findings)

"""The data linter (§2.8) on the hand-written fixture module."""

from __future__ import annotations

import pytest

from factions.gamedata.battleforge import CODES, BFGame, Finding, lint_game
from factions.gamedata.battleforge import lint as lint_module


@pytest.fixture(scope="module")
def findings(test_game: BFGame) -> list[Finding]:
    return lint_game(test_game)


def where(findings: list[Finding], code: str) -> set[tuple[str, str]]:
    return {(f.file, f.path) for f in findings if f.code == code}


def message(findings: list[Finding], code: str, path: str) -> str:
    return next(f.message for f in findings if f.code == code and f.path == path)


def test_unknown_keys_are_reported_with_a_suggestion(findings: list[Finding]) -> None:
    assert where(findings, "unknown_key") >= {
        ("alpha.json", "rules.bad_points.oints"),
        ("alpha.json", "weapons.sling.short:"),
        ("alpha.json", "units.guards.subfaction"),
        ("alpha.json", "units.stray_category.models[0].weapons[0].ident"),
        ("index.json", "factions.beta.colour"),
    }
    assert "did you mean 'points'?" in message(findings, "unknown_key", "rules.bad_points.oints")
    assert "did you mean 'short'?" in message(findings, "unknown_key", "weapons.sling.short:")
    assert "'subfactions'" in message(findings, "unknown_key", "units.guards.subfaction")


def test_misspelled_option_verbs_are_reported(findings: list[Finding]) -> None:
    path = "units.guards.models[0].options[0].AddRule"
    assert where(findings, "unknown_option_key") == {("alpha.json", path)}
    assert "did you mean 'addRule'?" in message(findings, "unknown_option_key", path)


def test_verbs_placed_on_a_model_are_reported(findings: list[Finding]) -> None:
    assert where(findings, "verb_on_model") == {
        ("alpha.json", "units.banner_men.models[0].addRule")
    }


def test_verbs_at_a_level_where_they_are_ignored_are_reported(findings: list[Finding]) -> None:
    assert where(findings, "verb_ignored") == {
        ("alpha.json", "units.guards.models[0].options[4].addModel"),
        ("alpha.json", "units.guards.options[1].replaceModel"),
    }


def test_options_written_as_arrays_are_reported(findings: list[Finding]) -> None:
    path = "units.guards.models[0].options[1]"
    assert where(findings, "option_not_object") == {("alpha.json", path)}
    assert '["not", "an", "object"]' in message(findings, "option_not_object", path)


def test_a_replace_without_alternatives_is_reported(findings: list[Finding]) -> None:
    assert where(findings, "option_without_alternatives") == {
        ("alpha.json", "units.elite_guard.models[0].options[0].replaceRule")
    }


def test_entries_that_are_not_objects_are_reported(findings: list[Finding]) -> None:
    assert where(findings, "entity_not_object") == {("alpha.json", "rules.misplaced")}


def test_units_that_can_never_be_added_are_reported(findings: list[Finding]) -> None:
    assert where(findings, "category_not_string") == {("alpha.json", "units.banner_men.category")}
    assert where(findings, "unknown_category") == {("alpha.json", "units.stray_category.category")}
    assert where(findings, "category_not_offered") == {("alpha.json", "units.elite_guard.category")}
    assert where(findings, "organization_unknown_category") == {
        ("index.json", "organizations.standard.categories.allies")
    }


def test_dangling_references_are_reported_where_used(findings: list[Finding]) -> None:
    assert where(findings, "dangling_weapon") == {
        ("alpha.json", "units.guards.models[0].weapons[1]")
    }
    assert where(findings, "dangling_rule") == {
        ("alpha.json", "units.guards.models[0].rules[1]"),
        ("index.json", "weapons.spear.rules[0]"),
    }
    assert where(findings, "dangling_model") == {
        ("alpha.json", "units.guards.models[0].options[3].replaceModel[1]")
    }
    assert where(findings, "ref_without_id") == {
        ("alpha.json", "units.stray_category.models[0].weapons[0]")
    }
    assert "'wolf_missing' not found" in message(
        findings, "dangling_model", "units.guards.models[0].options[3].replaceModel[1]"
    )


def test_references_resolve_through_the_layers(findings: list[Finding]) -> None:
    dangling = {f.message for f in findings if f.code.startswith("dangling_")}
    # fear (module), champion (root), sword (faction over root), hound (faction models)
    assert not any(name in text for text in dangling for name in ("fear", "champion", "hound"))


def test_folder_level_findings(findings: list[Finding]) -> None:
    assert where(findings, "orphan_file") == {("stray.json", "")}
    assert where(findings, "unfinished_faction") == {("index.json", "unfinished_factions.gamma")}
    assert where(findings, "file_unreadable") == {("beta.json", "")}
    assert where(findings, "hidden_content") == {
        ("alpha.json", "hidden_units"),
        ("root/index.json", "globalData.all.hidden_strategies"),
    }


def test_root_findings_can_be_left_out(test_game: BFGame) -> None:
    without_root = lint_game(test_game, include_root=False)
    # only the hidden root content recorded at load time still names the root
    assert {f.code for f in without_root if f.file == "root/index.json"} == {"hidden_content"}


def test_severities_follow_the_code_table(findings: list[Finding]) -> None:
    for finding in findings:
        assert finding.severity == CODES[finding.code][0]
    assert {f.severity for f in findings} == {"warning", "info"}


def test_every_code_is_exercised(findings: list[Finding]) -> None:
    exercised = {f.code for f in findings}
    assert set(CODES) - exercised == {"lint_crashed"}


def test_the_linter_never_raises(test_game: BFGame, monkeypatch: pytest.MonkeyPatch) -> None:
    def boom(self: object, include_root: bool) -> list[Finding]:
        raise RuntimeError("boom")

    monkeypatch.setattr(lint_module._Linter, "lint", boom)
    result = lint_game(test_game)
    assert [(f.code, f.severity) for f in result] == [("lint_crashed", "warning")]

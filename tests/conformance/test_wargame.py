"""Wargame (Teams and Bands), from seeds/wargame-teams-bands.md, through `validate_list --json`."""

from __future__ import annotations

import pytest

from .conftest import codes, document, model

# war hounds (a model template) join a Team or a Band: 2 points each, up to 20
HOUNDS = {
    "id": "hounds",
    "verb": "add_model",
    "model_limit": 20,
    "choices": [{"id": "hound", "items": ["hound"], "points": 2}],
}

MODULE = {
    "format": 1,
    "slug": "spec-wargame",
    "name": "Spec Wargame",
    "version": "1",
    "ruleset": "wargame",
    "factions": {
        "wardens": {
            "name": "Wardens",
            "model_templates": {"hound": {"name": "War Hound", "stats": {"move": 8}}},
            "datasheets": {
                "hero": {
                    "name": "Hero",
                    "points": 20,
                    "unit_type": "single",
                    "models": [model("Hero", {"move": 6}, id="hero", min=1, max=2)],
                },
                "patrol": {
                    "name": "Patrol",
                    "points": 10,
                    "unit_type": "team",
                    "models": [
                        model("Leader", {"move": 6}, id="leader", min=0, max=2, leader=True),
                        model("Scout", {"move": 6}, id="scout", min=1, max=10),
                    ],
                    "options": [HOUNDS],
                },
                "mob": {
                    "name": "Mob",
                    "points": 30,
                    "unit_type": "band",
                    "models": [
                        model("Boss", {"move": 6}, id="boss", min=1, max=1, leader=True),
                        model("Brawler", {"move": 6}, id="brawler", min=0, max=25),
                        model("Thrower", {"move": 6}, id="thrower", min=0, max=5),
                    ],
                    "options": [HOUNDS],
                },
            },
        }
    },
}


@pytest.fixture(autouse=True)
def module(load):
    load(MODULE)


def listed(*units) -> dict:
    return document("spec-wargame", "wardens", list(units))


def with_hounds(datasheet: str, hounds: int, **models: int) -> dict:
    """A unit of `datasheet` with `models`, and `hounds` war hounds added by its option."""
    added = {"option": "hounds", "choice": "hound", "count": hounds}
    return {"datasheet": datasheet, "models": models, "options": [added]}


def test_a_model_may_act_alone_as_one_model(validate):
    """Units: Models, Teams and Bands: a single model acts on its own."""
    assert validate(listed({"datasheet": "hero", "models": {"hero": 1}}))["legal"] is True
    assert codes(validate(listed({"datasheet": "hero", "models": {"hero": 2}}))) == ["single-size"]


def test_a_team_has_no_more_than_5_models(validate):
    """Units: Teams are small groups of no more than 5 models."""
    five = validate(listed({"datasheet": "patrol", "models": {"leader": 1, "scout": 4}}))
    six = validate(listed({"datasheet": "patrol", "models": {"leader": 1, "scout": 5}}))

    assert five["legal"] is True
    assert codes(six) == ["team-size"]


def test_models_added_by_options_count_towards_a_teams_size(validate):
    """Units: a Team's 5 models include models its options add."""
    report = validate(listed(with_hounds("patrol", 3, leader=1, scout=4)))

    assert codes(report) == ["team-size"]
    assert "a Team of 8 models" in report["violations"][0]["message"]


def test_a_team_designates_one_leader(validate):
    """Units: "You must designate a Team Leader for such a group"."""
    none = validate(listed({"datasheet": "patrol", "models": {"leader": 0, "scout": 3}}))
    two = validate(listed({"datasheet": "patrol", "models": {"leader": 2, "scout": 3}}))

    assert codes(none) == ["leader-count"]
    assert codes(two) == ["leader-count"]


@pytest.mark.parametrize(("brawlers", "legal"), [(4, False), (5, True), (19, True), (20, False)])
def test_a_band_has_6_to_20_models(validate, brawlers, legal):
    """Units: "A Band is a larger group of 6-20 models" (the Boss and the brawlers)."""
    report = validate(listed({"datasheet": "mob", "models": {"boss": 1, "brawler": brawlers}}))

    assert report["legal"] is legal
    assert codes(report) == ([] if legal else ["band-size"])


def test_band_members_are_identical_except_the_leader(validate):
    """Units: "every model in the unit must be identical except for the Band Leader"."""
    mixed = validate(
        listed({"datasheet": "mob", "models": {"boss": 1, "brawler": 6, "thrower": 1}})
    )
    hounds = validate(listed(with_hounds("mob", 1, boss=1, brawler=6)))

    assert codes(mixed) == ["band-mixed"]
    assert codes(hounds) == ["band-mixed"]  # an added model is a member too

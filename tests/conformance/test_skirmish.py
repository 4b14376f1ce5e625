"""Skirmish missions, from seeds/skirmish-mission-rules.md, through `validate_list --json`."""

from __future__ import annotations

import pytest

from .conftest import document, model

Q = {"quality": 4, "defense": 4}


def sheet(name: str, rules: list[str]) -> dict:
    return {"name": name, "points": 10, "rules": rules, "models": [model(name, Q)]}


MODULE = {
    "format": 1,
    "slug": "spec-skirmish",
    "name": "Spec Skirmish",
    "version": "1",
    "ruleset": "skirmish",
    "rules": {"tough": {"name": "Tough", "takes_value": True}, "hero": {"name": "Hero"}},
    "factions": {
        "scavs": {
            "name": "Scavs",
            "datasheets": {
                "trooper": sheet("Trooper", []),
                "brute": sheet("Brute", ["tough(5)"]),
                "walker": sheet("Walker", ["tough(6)"]),
                "captain": sheet("Captain", ["hero", "tough(6)"]),
                "warlord": sheet("Warlord", ["hero", "tough(7)"]),
                "handler": {
                    **sheet("Handler", []),
                    "options": [
                        {
                            "id": "beast",
                            "verb": "add_model",
                            "choices": [{"id": "beast", "items": ["beast"], "points": 5}],
                        }
                    ],
                },
            },
            "model_templates": {
                "beast": {"name": "Beast", "stats": Q, "rules": ["tough(6)"]},
            },
        }
    },
}


@pytest.fixture(autouse=True)
def module(load):
    load(MODULE)


def size_of(validate, datasheet: str) -> list[str]:
    report = validate(document("spec-skirmish", "scavs", [{"datasheet": datasheet}]))
    assert report["legal"] is True
    return report["unit_facts"]["u1"]


@pytest.mark.parametrize(
    ("datasheet", "size"),
    [("trooper", "Small model"), ("brute", "Small model"), ("walker", "Large model")],
)
def test_a_model_with_tough_6_or_more_is_large(validate, datasheet, size):
    """Terms, Large/Small Model: "A Large Model has Tough (6) and greater"."""
    assert size_of(validate, datasheet) == [size]


@pytest.mark.parametrize(
    ("datasheet", "size"), [("captain", "Small model"), ("warlord", "Large model")]
)
def test_a_hero_is_large_only_with_more_than_tough_6(validate, datasheet, size):
    """Terms, Large/Small Model: "or is a Hero with greater than Tough (6)"."""
    assert size_of(validate, datasheet) == [size]


def test_a_force_stays_within_the_agreed_points(validate):
    """Mission, Deployment and Activations: both sides field the agreed points."""
    units = [{"datasheet": "trooper"}, {"datasheet": "brute"}]

    report = validate(document("spec-skirmish", "scavs", units, points_limit=15))

    assert [v["code"] for v in report["violations"]] == ["points-over-limit"]


def test_a_model_an_option_adds_is_sized_too(validate):
    """Terms, Large/Small Model: the size rule holds for every model, so a Tough(6) beast a
    handler brings through an option is Large while the handler stays Small."""
    unit = {"datasheet": "handler", "options": [{"option": "beast", "choice": "beast"}]}

    report = validate(document("spec-skirmish", "scavs", [unit]))

    assert report["unit_facts"]["u1"] == ["Handler: Small, Beast: Large"]

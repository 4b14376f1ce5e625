"""Which checks each ruleset runs, registered once per ruleset."""

from __future__ import annotations

import pytest

from factions.rulesets import registry as rulesets
from forgebuilder.engine.rules import systems  # noqa: F401  (registers the checks)
from forgebuilder.engine.rules.base import Check
from forgebuilder.engine.rules.registry import CheckRegistry, checks


@pytest.mark.parametrize("ruleset", [r.key for r in rulesets])
def test_every_ruleset_has_its_checks(ruleset):
    registered = checks.for_ruleset(ruleset)

    codes = [c.code for c in registered]
    assert {"unknown-reference", "points-over-limit", "model-count", "option-limit"} <= set(codes)
    assert all(c.description for c in registered)


@pytest.mark.parametrize(
    ("ruleset", "own_codes"),
    [
        (
            "battleforge",
            {
                "advantage-points",
                "strategy-points-overspent",
                "no-force-organization",
                "unit-placement",
                "force-org-slots",
                "allies",
                "focus-unit",
                "legends",
                "caster-specialty",
                "strategies",
                "pre-game-strategies",
                "allied-ability-targets",
                "shock-limit",
            },
        ),
        (
            "grimdark",
            {
                *("command-points", "doctrine", "unit-faction", "stratagems"),
                # the composition limits, each its own check
                *("too-many-heroes", "too-many-copies", "unit-over-share", "too-many-units"),
            },
        ),
        ("skirmish", {"model-size", "unit-faction"}),
        ("wargame", {"unit-type", "unit-faction", "cohesion"}),
        ("battle_rules", {"unit-faction", "squad-hit-points"}),
    ],
)
def test_each_ruleset_adds_its_own_rules(ruleset, own_codes):
    common = {
        "unknown-reference",
        "module-version",
        "points-over-limit",
        "model-count",
        "option-limit",
    }

    assert {c.code for c in checks.for_ruleset(ruleset)} == common | own_codes


def test_a_ruleset_registers_its_checks_once():
    registry = CheckRegistry()
    registry.register("test", [])

    with pytest.raises(ValueError, match="already registered"):
        registry.register("test", [])


def test_two_checks_of_a_ruleset_may_not_share_a_code():
    class One(Check):
        code = "same"

    class Two(Check):
        code = "same"

    with pytest.raises(ValueError, match="share a code"):
        CheckRegistry().register("test", [One(), Two()])


def test_an_unregistered_ruleset_is_named():
    with pytest.raises(LookupError, match="'chess'"):
        checks.for_ruleset("chess")

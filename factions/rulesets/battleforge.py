"""Battle Forge (d10, roll equal or under): force organizations, strategy points, allies, legends."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from .base import Ruleset, RulesetParameters, StatDef, StatRange, TokenDef


class BattleForgeParameters(RulesetParameters):
    points_limit: int = Field(150, ge=1)
    # Strategy points each round: base + 1 per full `strategy_points_per` points of the limit.
    strategy_points_base: int = Field(1, ge=0)
    strategy_points_per: int = Field(50, ge=1)
    # One advantage point per full N points under the limit.
    advantage_points_per: int = Field(5, ge=1)
    # Legends: one per list when `legends_per_points` is empty, else one per full N points
    # of the limit, never fewer than `legends_minimum`.
    legends_per_points: int | None = Field(None, ge=1)
    legends_minimum: int = Field(1, ge=0)
    # The special rule that makes a model a caster (it then picks one power specialty).
    caster_rule: str | None = "caster"
    # Battle Forge's game size: battle units are priced rounded to 5, skirmish ones are not.
    game_type: Literal["battle", "skirmish"] = "battle"


_STAT: StatRange = {"minimum": 0, "maximum": 20}

BATTLEFORGE = Ruleset(
    key="battleforge",
    name="Battle Forge",
    description="d10 roll-under battles with force organizations, strategy points and allies.",
    model_stats=(
        StatDef("movement", "Movement", "Mov", "inches", minimum=0, maximum=60),
        StatDef("accuracy", "Accuracy", "Acc", **_STAT),
        StatDef("strength", "Strength", "Str", **_STAT),
        StatDef("save", "Save", "Sav", **_STAT),
        StatDef("initiative", "Initiative", "Init", **_STAT),
        StatDef("courage", "Courage", "Co", **_STAT),
    ),
    weapon_stats=(
        StatDef("attacks", "Attacks", "A", minimum=0, required=False),
        StatDef("ap", "Armor Penetration", "AP", minimum=0, maximum=10, required=False),
        StatDef("damage", "Damage", "D", minimum=0, required=False),
    ),
    parameters=BattleForgeParameters,
    tokens=(
        TokenDef("unit", "Unit marker", per_unit=1, color="#1f4e79"),
        TokenDef("shock", "Shock", fixed=4, per_unit=2, color="#b3261e", on_unit="count"),
        TokenDef("focus", "Focus", fixed=2, per_unit=0.5, color="#2e7d32", on_unit="flag"),
        TokenDef("evade", "Evade", fixed=2, per_unit=0.5, color="#00838f", on_unit="flag"),
        TokenDef("hold", "Hold", fixed=2, per_unit=0.5, color="#6a1b9a", on_unit="flag"),
        TokenDef(
            "critical",
            "Critical damage",
            fixed=2,
            per_unit=0.5,
            color="#e65100",
            on_unit="count",
        ),
        TokenDef("objective", "Objective", fixed=6, color="#424242"),
        TokenDef("strategy", "Strategy point", fixed=2, per_points=50, color="#8d6e00"),
    ),
    uses_force_organizations=True,
    uses_strategy_points=True,
    uses_legends=True,
    uses_focuses=True,
    uses_powers=True,
    game_rounds=6,
    wound_rules=("wounds", "tough"),
)

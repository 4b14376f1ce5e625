"""The skirmish mission rules: Quality/Defense models where Large and Small models matter."""

from __future__ import annotations

from pydantic import Field

from .base import Ruleset, RulesetParameters, TokenDef
from .roll_over import ATTACKS_AP, FATIGUED, QUALITY_DEFENSE, SHAKEN


class SkirmishParameters(RulesetParameters):
    points_limit: int = Field(300, ge=1)
    # A model is Large with Tough(`large_tough`) or more; a Hero needs more than
    # Tough(`hero_large_tough_over`). Every other model is Small.
    tough_rule: str = "tough"
    hero_rule: str = "hero"
    large_tough: int = Field(6, ge=1)
    hero_large_tough_over: int = Field(6, ge=0)


SKIRMISH = Ruleset(
    key="skirmish",
    name="Skirmish Missions",
    description="Objective missions for small forces; Large models see and are seen over Small ones.",
    model_stats=QUALITY_DEFENSE,
    weapon_stats=ATTACKS_AP,
    parameters=SkirmishParameters,
    tokens=(
        TokenDef("unit", "Unit marker", per_unit=1, color="#37474f"),
        TokenDef("wound", "Wound", fixed=4, per_unit=1.5, color="#b3261e"),
        SHAKEN,
        FATIGUED,
        TokenDef("objective", "Objective marker", fixed=4, color="#424242"),
    ),
    game_rounds=4,
)

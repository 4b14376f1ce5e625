"""The skirmish mission rules: Quality/Defense models where Large and Small models matter."""

from __future__ import annotations

from pydantic import Field

from .base import Ruleset, RulesetParameters, StatDef, TokenDef


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
    model_stats=(
        StatDef("quality", "Quality", "Qua", "plus", minimum=2, maximum=6, allows_none=False),
        StatDef("defense", "Defense", "Def", "plus", minimum=2, maximum=6, allows_none=False),
    ),
    weapon_stats=(
        StatDef("attacks", "Attacks", "A", minimum=0, allows_none=False),
        StatDef("ap", "Armor Piercing", "AP", minimum=0, maximum=6, required=False),
    ),
    parameters=SkirmishParameters,
    tokens=(
        TokenDef("unit", "Unit marker", per_unit=1, color="#37474f"),
        TokenDef("wound", "Wound", fixed=4, per_unit=1.5, color="#b3261e"),
        TokenDef("shaken", "Shaken", fixed=2, per_unit=0.5, color="#6a1b9a", on_unit="flag"),
        TokenDef(
            "fatigued",
            "Fatigued",
            fixed=2,
            per_unit=0.5,
            color="#e65100",
            on_unit="flag",
            clears_each_round=True,
        ),
        TokenDef("objective", "Objective marker", fixed=4, color="#424242"),
    ),
    game_rounds=4,
)

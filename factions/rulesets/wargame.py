"""Wargame: single models, Teams (up to 5 with a leader) and Bands (6 to 20, identical but the leader)."""

from __future__ import annotations

from pydantic import Field

from .base import Ruleset, RulesetParameters, StatDef, TokenDef


class WargameParameters(RulesetParameters):
    points_limit: int = Field(100, ge=1)
    team_max_models: int = Field(5, ge=2)
    band_min_models: int = Field(6, ge=2)
    band_max_models: int = Field(20, ge=2)
    # Cohesion, printed on the roster: Team members within N" of their Leader; each Band model
    # within N" of another model of its Band.
    team_cohesion_inches: int = Field(8, ge=1)
    band_cohesion_inches: int = Field(1, ge=1)


WARGAME = Ruleset(
    key="wargame",
    name="Wargame (Teams and Bands)",
    description="Initiative and reactions; models fight alone, in Teams or in Bands.",
    model_stats=(
        StatDef("move", "Move", "Mv", "inches", minimum=0, maximum=24, allows_none=False),
    ),
    weapon_stats=(),
    parameters=WargameParameters,
    tokens=(
        TokenDef("unit", "Unit marker", per_unit=1, color="#37474f"),
        TokenDef("prone", "Prone", fixed=4, per_unit=1, color="#6a1b9a", on_unit="flag"),
        TokenDef("takedown", "Takedown", fixed=4, per_unit=1, color="#b3261e"),
        TokenDef("focus", "Focus", fixed=2, per_unit=0.5, color="#2e7d32", on_unit="flag"),
        TokenDef(
            "hold",
            "Hold reaction",
            fixed=2,
            per_unit=0.5,
            color="#00838f",
            on_unit="flag",
        ),
        TokenDef("objective", "Objective", fixed=4, color="#424242"),
    ),
    unit_types=("single", "team", "band"),
)

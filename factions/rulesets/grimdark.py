"""Grimdark-Future style (d6, roll equal or over): Quality and Defense, command points, doctrines."""

from __future__ import annotations

from pydantic import Field

from .base import CompositionLimits, Ruleset, TokenDef
from .roll_over import ATTACKS_AP, FATIGUED, QUALITY_DEFENSE, SHAKEN


class GrimdarkParameters(CompositionLimits):
    points_limit: int = Field(2000, ge=1)
    # Command points: `command_points` per `command_points_per` points of the list's total,
    # pro rata and rounded down (4 per 1000: one per full 250 points). See docs/rulesets.md.
    command_points: int = Field(4, ge=0)
    command_points_per: int = Field(1000, ge=1)
    # Match checks between armies.
    army_size_gap: int = Field(250, ge=0)
    underdog_points_per: int = Field(50, ge=1)
    # A doctrine besides the universal one must be picked before the game.
    doctrine_required: bool = True


GRIMDARK = Ruleset(
    key="grimdark",
    name="Grimdark Future",
    description="d6 roll-over battles: Quality and Defense, Tough(X), command points and doctrines.",
    model_stats=QUALITY_DEFENSE,
    weapon_stats=ATTACKS_AP,
    parameters=GrimdarkParameters,
    tokens=(
        TokenDef("unit", "Unit marker", per_unit=1, color="#37474f"),
        TokenDef("wound", "Wound", fixed=6, per_unit=2, color="#b3261e"),
        SHAKEN,
        FATIGUED,
        TokenDef(
            "activated",
            "Activated",
            per_unit=1,
            color="#2e7d32",
            on_unit="flag",
            clears_each_round=True,
        ),
        TokenDef("objective", "Objective", fixed=4, color="#424242"),
        TokenDef("command", "Command point", from_total="command_points", color="#8d6e00"),
    ),
    uses_strategy_points=False,
    uses_doctrines=True,
    match_check=True,
    game_rounds=4,
)

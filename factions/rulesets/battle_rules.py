"""Battle Rules (d6): squads of models with combat, toughness and save scores."""

from __future__ import annotations

from pydantic import Field

from .base import Ruleset, RulesetParameters, StatDef, StatRange, TokenDef


class BattleRulesParameters(RulesetParameters):
    points_limit: int = Field(500, ge=1)


_TARGET: StatRange = {"minimum": 1, "maximum": 7}

BATTLE_RULES = Ruleset(
    key="battle_rules",
    name="Battle Rules (d6)",
    description="d6 squad battles: hit, wound and save rolls, morale and fallback.",
    model_stats=(
        StatDef("ranged_combat", "Ranged Combat", "RC", "plus", **_TARGET),
        StatDef("close_combat", "Close Combat", "CC", "plus", **_TARGET),
        StatDef("physical_toughness", "Physical Toughness", "PT", "plus", **_TARGET),
        StatDef(
            "mental_toughness",
            "Mental Toughness",
            "MT",
            "under",
            minimum=1,
            maximum=6,
            note="A morale check passes on a D6 roll equal to or under MT (roll ≤ MT); each hit "
            "point the squad lost to ranged combat adds 1 to the roll. Higher is steadier.",
        ),
        StatDef("hit_points", "Hit Points", "HP", minimum=1, maximum=30, allows_none=False),
        StatDef("combat_save", "Combat Save", "CS", "plus", **_TARGET),
        StatDef("movement", "Movement", "MV", "inches", minimum=0, maximum=30),
    ),
    weapon_stats=(
        StatDef("attacks", "Attacks", "A", minimum=0, allows_none=False),
        StatDef("strength", "Strength", "S", "signed", minimum=-5, maximum=5, required=False),
        StatDef(
            "save_modifier", "Save Modifier", "SM", "signed", minimum=-5, maximum=5, required=False
        ),
    ),
    parameters=BattleRulesParameters,
    tokens=(
        TokenDef("unit", "Squad marker", per_unit=1, color="#37474f"),
        TokenDef("hit_point", "Hit point lost", fixed=6, per_unit=2, color="#b3261e"),
        TokenDef("advance", "Advance", fixed=2, per_unit=0.5, color="#2e7d32", on_unit="flag"),
        TokenDef("fallback", "Fallback", fixed=2, per_unit=0.5, color="#e65100", on_unit="flag"),
        TokenDef("objective", "Objective", fixed=4, color="#424242"),
    ),
)

"""What the d6 roll-over rulesets share: Grimdark Future and the skirmish missions played with
its models read the same stat lines and put the same Shaken and Fatigued markers on units."""

from __future__ import annotations

from .base import StatDef, TokenDef

QUALITY_DEFENSE = (
    StatDef("quality", "Quality", "Qua", "plus", minimum=2, maximum=6, allows_none=False),
    StatDef("defense", "Defense", "Def", "plus", minimum=2, maximum=6, allows_none=False),
)
ATTACKS_AP = (
    StatDef("attacks", "Attacks", "A", minimum=0, allows_none=False),
    StatDef("ap", "Armor Piercing", "AP", minimum=0, maximum=6, required=False),
)
SHAKEN = TokenDef("shaken", "Shaken", fixed=2, per_unit=0.5, color="#6a1b9a", on_unit="flag")
FATIGUED = TokenDef(
    "fatigued",
    "Fatigued",
    fixed=2,
    per_unit=0.5,
    color="#e65100",
    on_unit="flag",
    clears_each_round=True,
)

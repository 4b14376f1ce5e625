"""The `campaign` section of a game module: every table and number of a campaign, as data.

The campaign app implements the sequence (setup, casualties, experience, level-ups, rewards,
upgrades and recruiting); this section holds what it reads: a module with other tables or other
numbers needs no code. See docs/module-format.md ("Campaign").

A table maps die rolls to entry keys (`"1": dead`, `"2-5": recovered`); the rolls of a table
must cover every face of the die exactly once.
"""

from __future__ import annotations

import re
from typing import Any

from pydantic import Field, model_validator

from .refs import Frozen, Key

_ROLL = re.compile(r"^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$")


def parse_rolls(text: str) -> tuple[int, int]:
    """`"2-5"` -> (2, 5); `"6"` -> (6, 6); raises ValueError for anything else."""
    match = _ROLL.match(str(text))
    if not match:
        raise ValueError(f"'{text}' is not a roll: write a number such as 3 or a range such as 2-5")
    low = int(match.group(1))
    high = int(match.group(2) or low)
    if high < low:
        raise ValueError(f"the roll range '{text}' runs backwards")
    return low, high


def _check_faces(rolls: dict[str, Any], faces: int) -> dict[int, Any]:
    """Face -> value, requiring every face from 1 to `faces` exactly once."""
    by_face: dict[int, Any] = {}
    for text, value in rolls.items():
        low, high = parse_rolls(text)
        for face in range(low, high + 1):
            if face < 1 or face > faces:
                raise ValueError(f"the roll '{text}' is outside 1-{faces}")
            if face in by_face:
                raise ValueError(f"the roll {face} appears twice")
            by_face[face] = value
    missing = [str(f) for f in range(1, faces + 1) if f not in by_face]
    if missing:
        raise ValueError(f"no result for the roll(s) {', '.join(missing)}")
    return by_face


def _str_keys(value: Any) -> Any:
    # YAML reads `1: dead` with an int key; rolls are written either way.
    if isinstance(value, dict) and isinstance(value.get("rolls"), dict):
        return {**value, "rolls": {str(k): v for k, v in value["rolls"].items()}}
    return value


class CampaignEntry(Frozen):
    """One result of a table: a trait, an injury, a talent, an objective, a casualty result."""

    name: str = Field(min_length=1, max_length=120)
    effect: str = Field("", max_length=500)
    points: int = Field(0, ge=-1000, le=1000, description="cost change of the unit")
    xp: int = Field(0, ge=0, le=100, description="experience gained with the result")
    dead: bool = Field(False, description="the unit is removed from the army")
    repeatable: bool = Field(False, description="may be gained more than once (no re-roll)")
    any_other: bool = Field(False, description="the player picks any other entry of the table")
    choices: tuple[Key, ...] = Field(
        (), max_length=10,
        description="the player picks one of these with it (Specialist: melee or shooting)",
    )  # fmt: skip
    hero_table: Key | None = Field(
        None, description="heroes roll on this other table instead (`injuries`, `talents`)"
    )


class RollTable(Frozen):
    """A die table: rolls -> entry key, and the entries."""

    rolls: dict[str, Key]
    entries: dict[Key, CampaignEntry]
    reroll_gained: bool = Field(False, description="re-roll a result the unit already has")

    @model_validator(mode="before")
    @classmethod
    def _roll_keys(cls, value: Any) -> Any:
        return _str_keys(value)

    @model_validator(mode="after")
    def _complete(self) -> RollTable:
        _check_faces(self.rolls, 6)
        unknown = sorted({k for k in self.rolls.values() if k not in self.entries})
        if unknown:
            raise ValueError(f"the rolls name entries the table does not have: {unknown}")
        return self

    def entry_for(self, roll: int) -> tuple[str, CampaignEntry]:
        key = _check_faces(self.rolls, 6)[roll]
        return key, self.entries[key]


class SkillSet(Frozen):
    """A hero skill set: a name and the table of its traits."""

    name: str = Field(min_length=1, max_length=120)
    traits: RollTable


class SkillSetPairs(Frozen):
    """A roll gives a pair of skill sets; the player picks one."""

    rolls: dict[str, tuple[Key, Key]]

    @model_validator(mode="before")
    @classmethod
    def _roll_keys(cls, value: Any) -> Any:
        return _str_keys(value)

    @model_validator(mode="after")
    def _complete(self) -> SkillSetPairs:
        _check_faces(self.rolls, 6)
        return self

    def pair_for(self, roll: int) -> tuple[str, str]:
        return _check_faces(self.rolls, 6)[roll]


class MissionNumbers(Frozen):
    army_size_gap: int = Field(250, ge=0, description="no army more than this above the smallest")
    underdog_points_per: int = Field(50, ge=1, description="1 underdog point per this many points")
    objective_points: int = Field(75, ge=0, description="points for a completed special objective")


class RewardNumbers(Frozen):
    winner_vp: int = Field(2, ge=0)
    winner_points: int = Field(150, ge=0)
    loser_points: int = Field(300, ge=0)


class ExperienceNumbers(Frozen):
    per_level: int = Field(5, ge=1, description="XP needed for each level")
    survived: int = Field(1, ge=0, description="the unit was not a casualty")
    killed_unit: int = Field(1, ge=0)
    killed_hero: int = Field(2, ge=0)
    killed_hero_and_unit: int = Field(3, ge=0, description="a hero and the unit it had joined")


class CostNumbers(Frozen):
    per_level: int = Field(25, ge=0)
    veteran: int = Field(50, ge=0, description="a recruit that starts with experience")
    veteran_xp: int = Field(5, ge=0)
    sell_fraction: float = Field(0.5, gt=0, le=1, description="upgrades sell for this share")
    sell_round_to: int = Field(5, ge=1, description="sale price rounded down to this")


class RecruitNumbers(Frozen):
    heroes_per_mission: int = Field(1, ge=0)
    heroes_total: int = Field(3, ge=0)
    veterans_per_mission: int = Field(
        1, ge=0, description="recruits per mission that may start with experience (not heroes)"
    )


class CampaignSpec(Frozen):
    mission: MissionNumbers = Field(default_factory=MissionNumbers)
    rewards: RewardNumbers = Field(default_factory=RewardNumbers)
    experience: ExperienceNumbers = Field(default_factory=ExperienceNumbers)
    costs: CostNumbers = Field(default_factory=CostNumbers)
    recruiting: RecruitNumbers = Field(default_factory=RecruitNumbers)
    objectives: RollTable
    casualties: RollTable
    injuries: RollTable
    talents: RollTable
    traits: RollTable
    skill_set_pairs: SkillSetPairs
    skill_sets: dict[Key, SkillSet]

    @model_validator(mode="after")
    def _references(self) -> CampaignSpec:
        tables = {"injuries", "talents"}
        for key, entry in self.casualties.entries.items():
            if entry.hero_table is not None and entry.hero_table not in tables:
                raise ValueError(
                    f"casualty '{key}': hero_table must be one of {sorted(tables)}, "
                    f"not '{entry.hero_table}'"
                )
        for pair in self.skill_set_pairs.rolls.values():
            for key in pair:
                if key not in self.skill_sets:
                    raise ValueError(f"skill_set_pairs names an unknown skill set '{key}'")
        return self

    def sale_price(self, cost: int) -> int:
        """What an upgrade bought for `cost` sells for (half, rounded down to 5 by default)."""
        step = self.costs.sell_round_to
        return int(cost * self.costs.sell_fraction) // step * step

    def skill_set_of(self, trait: str) -> str | None:
        return next((k for k, s in self.skill_sets.items() if trait in s.traits.entries), None)

"""What a unit's campaign state costs, from the module's `campaign` numbers (no Django)."""

from __future__ import annotations

from dataclasses import dataclass

from factions.gamedata.campaign_schema import CampaignSpec
from factions.gamedata.schemas import DatasheetSpec
from forgebuilder.armylists.listdoc import UnitCampaign

HERO_RULE = "hero"


def is_active(campaign: UnitCampaign | None) -> bool:
    return campaign is None or campaign.status == "active"


def is_hero(sheet: DatasheetSpec | None) -> bool:
    """A unit is a hero when one of its models has the Hero rule."""
    if sheet is None:
        return False
    return any(ref.id == HERO_RULE for model in sheet.models for ref in model.rules)


def campaign_points(campaign: UnitCampaign | None, spec: CampaignSpec | None) -> int:
    """What a unit's campaign state adds to its cost: levels, injuries, talents, veteran recruit.

    Keys the module does not know add nothing (the check reports them).
    """
    if campaign is None or spec is None:
        return 0
    points = campaign.level * spec.costs.per_level
    points += sum(
        spec.injuries.entries[k].points for k in campaign.injuries if k in spec.injuries.entries
    )
    points += sum(
        spec.talents.entries[k].points for k in campaign.talents if k in spec.talents.entries
    )
    if campaign.veteran:
        points += spec.costs.veteran
    return points


def level_for(xp: int, spec: CampaignSpec) -> int:
    """The highest level a unit with `xp` experience may have reached (`xp_for_level` each)."""
    level = 0
    while xp_for_level(level + 1, spec) <= xp:
        level += 1
    return level


def xp_for_level(level: int, spec: CampaignSpec) -> int:
    """The experience a unit needs in all to reach `level`: the one answer the level-up step,
    the campaign check, the card and the army page use."""
    return level * spec.experience.per_level


@dataclass(frozen=True)
class LevelProgress:
    """Where a unit stands on the way to its next level."""

    level: int
    xp: int
    need: int  # XP the next level needs in all

    @property
    def next_level(self) -> int:
        return self.level + 1

    @property
    def ready(self) -> bool:
        return self.xp >= self.need

    @property
    def missing(self) -> int:
        return max(0, self.need - self.xp)


def level_progress(campaign: UnitCampaign | None, spec: CampaignSpec) -> LevelProgress:
    now = campaign or UnitCampaign()
    return LevelProgress(now.level, now.xp, xp_for_level(now.level + 1, spec))

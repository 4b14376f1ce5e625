"""What a unit's campaign state costs, from the module's `campaign` numbers (no Django)."""

from __future__ import annotations

from factions.gamedata.campaign_schema import CampaignSpec
from factions.gamedata.schemas import DatasheetSpec
from forgebuilder.engine.api import UnitCampaign, UnitProgress

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


def level_progress(campaign: UnitCampaign | None, spec: CampaignSpec) -> UnitProgress:
    """Where a unit stands on the way to its next level: the engine's report carries it for every
    campaign unit (`Report.unit_progress`); the level-up step asks it of the army it changes."""
    now = campaign or UnitCampaign()
    return UnitProgress(now.level, now.xp, xp_for_level(now.level + 1, spec))

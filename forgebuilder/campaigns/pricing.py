"""What a unit's campaign state costs, from the module's `campaign` numbers (no Django)."""

from __future__ import annotations

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
    """The level a unit with `xp` experience may have reached (one per `per_level` XP)."""
    return xp // spec.experience.per_level

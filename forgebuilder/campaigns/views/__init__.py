"""Campaign pages: thin views over `services` and `selectors`; every POST is CSRF-protected.
One module per part of a campaign: the campaign itself, its missions, an army between missions."""

from __future__ import annotations

from .army import army_action, army_detail, army_upgrades
from .campaigns import (
    campaign_close,
    campaign_detail,
    campaign_join,
    campaign_list,
    campaign_move_data,
    player_leave,
)
from .missions import mission_correct, mission_new, mission_report, mission_void

__all__ = [
    "army_action",
    "army_detail",
    "army_upgrades",
    "campaign_close",
    "campaign_detail",
    "campaign_join",
    "campaign_list",
    "campaign_move_data",
    "mission_correct",
    "mission_new",
    "mission_report",
    "mission_void",
    "player_leave",
]

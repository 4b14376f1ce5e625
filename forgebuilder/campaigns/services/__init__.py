"""Writes to campaigns: create, join, set up and report missions, and the post-mission steps.

Every write happens in one transaction and leaves a CampaignEvent (with the dice that decided
it); a step that cannot be applied raises CampaignError (or StepError) and writes nothing.
Army changes go through `army_list_edit` with the campaign as origin (its list guard lets only the
campaign change a campaign army), and the undo steps before each are dropped.

Split by topic: `base` (errors, locks, events), `membership`, `missions`, `army`, `data`
(moving to a new version of the game data); the public
writes are named here.
"""

from __future__ import annotations

from .army import (
    army_buy_upgrade,
    army_disband_unit,
    army_level_up,
    army_recruit,
    army_recruit_problems,
    army_sell_upgrade,
)
from .base import (
    CAMPAIGNS,
    CampaignError,
    CampaignForbidden,
    campaign_spec,
    pending_mission,
    require_organiser,
)
from .data import campaign_move_data
from .membership import (
    army_problems,
    campaign_army_adopt,
    campaign_army_start,
    campaign_close,
    campaign_create,
    campaign_join,
    campaign_leave,
)
from .missions import (
    Setup,
    army_value,
    mission_report,
    mission_report_draft,
    mission_report_prefill,
    mission_setup,
)

__all__ = [
    "CAMPAIGNS",
    "CampaignError",
    "CampaignForbidden",
    "Setup",
    "army_buy_upgrade",
    "army_disband_unit",
    "army_level_up",
    "army_problems",
    "army_recruit",
    "army_recruit_problems",
    "army_sell_upgrade",
    "army_value",
    "campaign_army_adopt",
    "campaign_army_start",
    "campaign_close",
    "campaign_create",
    "campaign_join",
    "campaign_leave",
    "campaign_move_data",
    "campaign_spec",
    "mission_report",
    "mission_report_draft",
    "mission_report_prefill",
    "mission_setup",
    "pending_mission",
    "require_organiser",
]

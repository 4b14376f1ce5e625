"""The engine's door: what the other apps use of it, and nothing else. A module outside
the engine imports from here, never from another module of the engine
(tests/test_import_graph.py)."""

from __future__ import annotations

from forgebuilder.engine.extensions import (
    ListExtension,
    ListNotice,
    ListWrite,
    ListWriteRefused,
    ShelfMark,
    extensions,
)
from forgebuilder.engine.listdoc import (
    MAX_CHOICES,
    MAX_COUNT,
    MAX_FORCES,
    MAX_LEGENDS,
    MAX_LIST_NAME,
    MAX_NOTE,
    MAX_PRE_GAME,
    MAX_UNITS,
    POINTS_LIMIT_MAX,
    POINTS_LIMIT_MIN,
    POINTS_LIMIT_RANGE,
    ListChoice,
    ListDocument,
    ListForce,
    ListLegend,
    ListStrategy,
    ListUnit,
    UnitCampaign,
    campaign_state_left_behind,
    clamp_points_limit,
    upgrade,
)
from forgebuilder.engine.presenters.cards import card_groups, chosen_card
from forgebuilder.engine.presenters.forces import (
    LOOSE_TITLES,
    ForceGroup,
    focus_names,
    force_groups,
)
from forgebuilder.engine.presenters.totals import other_totals, over_limit, points_view
from forgebuilder.engine.rules import systems
from forgebuilder.engine.rules.base import (
    Check,
    Reference,
    Report,
    SlotStatus,
    Total,
    UnitProgress,
    Violation,
    plural,
)
from forgebuilder.engine.rules.checks.casters import is_caster
from forgebuilder.engine.rules.checks.common import allowed_picks
from forgebuilder.engine.rules.checks.forces import ally_problem
from forgebuilder.engine.rules.checks.strategies import (
    chosen_pre_game,
    is_pre_game,
    offered_strategies,
)
from forgebuilder.engine.rules.engine import MatchError, MatchReport, evaluate, match_check
from forgebuilder.engine.rules.loadouts import added_loadout, unit_loadout
from forgebuilder.engine.rules.resolving import resolve
from forgebuilder.engine.rules.roster import Roster, RosterForce, RosterUnit, available_under_focus
from forgebuilder.engine.typed_text import control_character_message

__all__ = [
    "LOOSE_TITLES",
    "MAX_CHOICES",
    "MAX_COUNT",
    "MAX_FORCES",
    "MAX_LEGENDS",
    "MAX_LIST_NAME",
    "MAX_NOTE",
    "MAX_PRE_GAME",
    "MAX_UNITS",
    "POINTS_LIMIT_MAX",
    "POINTS_LIMIT_MIN",
    "POINTS_LIMIT_RANGE",
    "Check",
    "ForceGroup",
    "ListChoice",
    "ListDocument",
    "ListExtension",
    "ListForce",
    "ListLegend",
    "ListNotice",
    "ListStrategy",
    "ListUnit",
    "ListWrite",
    "ListWriteRefused",
    "MatchError",
    "MatchReport",
    "Reference",
    "Report",
    "Roster",
    "RosterForce",
    "RosterUnit",
    "ShelfMark",
    "SlotStatus",
    "Total",
    "UnitCampaign",
    "UnitProgress",
    "Violation",
    "added_loadout",
    "allowed_picks",
    "ally_problem",
    "available_under_focus",
    "campaign_state_left_behind",
    "card_groups",
    "chosen_card",
    "chosen_pre_game",
    "clamp_points_limit",
    "control_character_message",
    "evaluate",
    "extensions",
    "focus_names",
    "force_groups",
    "is_caster",
    "is_pre_game",
    "match_check",
    "offered_strategies",
    "other_totals",
    "over_limit",
    "plural",
    "points_view",
    "resolve",
    "systems",
    "unit_loadout",
    "upgrade",
]

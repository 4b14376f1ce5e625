from __future__ import annotations

from forgebuilder.engine.rules.checks.membership import FactionMembership
from forgebuilder.engine.rules.checks.table_notes import SquadHitPoints
from forgebuilder.engine.rules.registry import checks
from forgebuilder.engine.rules.systems.core import composed

checks.register("battle_rules", composed([FactionMembership()], [SquadHitPoints()]))

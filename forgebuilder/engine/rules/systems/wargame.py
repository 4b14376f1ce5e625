from __future__ import annotations

from forgebuilder.engine.rules.checks.composition import TeamsAndBands
from forgebuilder.engine.rules.checks.membership import FactionMembership
from forgebuilder.engine.rules.checks.table_notes import Cohesion
from forgebuilder.engine.rules.registry import checks
from forgebuilder.engine.rules.systems.core import composed

checks.register("wargame", composed([FactionMembership()], [TeamsAndBands(), Cohesion()]))

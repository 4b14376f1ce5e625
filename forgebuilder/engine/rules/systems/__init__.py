"""Each ruleset's checks, composed from small rules. Importing this package registers them."""

from __future__ import annotations

from forgebuilder.engine.rules.systems import battle_rules, battleforge, grimdark, skirmish, wargame  # noqa: F401

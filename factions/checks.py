"""System checks: every stored game module must name a registered ruleset."""

from __future__ import annotations

from django.core.checks import Error, Tags, register
from django.db import DatabaseError

from factions.models import GameModule
from factions.rulesets import registry


@register(Tags.database)
def check_module_rulesets(app_configs=None, databases=None, **kwargs):
    """Runs with `manage.py check --database default` (database checks are opt-in)."""
    if not databases:
        return []
    try:
        rows = list(GameModule.objects.values_list("slug", "ruleset"))
    except DatabaseError:
        return []  # no tables yet (before the first migrate)
    return [
        Error(
            f"Game module '{slug}' uses ruleset '{ruleset}', which is not registered.",
            hint="Register the ruleset in factions/rulesets, or load the module with a known one.",
            id="factions.E001",
        )
        for slug, ruleset in rows
        if ruleset not in registry
    ]

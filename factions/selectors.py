"""Reads of game data for pages."""

from __future__ import annotations

from django.db.models import Count, QuerySet

from factions.models import GameModule


def game_module_list() -> QuerySet[GameModule]:
    return GameModule.objects.annotate(faction_count=Count("factions", distinct=True)).order_by(
        "name"
    )

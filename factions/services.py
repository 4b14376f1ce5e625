"""Writes to game data outside the module loader."""

from __future__ import annotations

from django.db.models import F

from factions.models import GameModule


def game_module_touch(*, module_id: int) -> None:
    """Mark a module as changed so every cached catalogue of it is rebuilt on next use."""
    GameModule.objects.filter(pk=module_id).update(revision=F("revision") + 1)

from __future__ import annotations

from django.apps import AppConfig


class FactionsConfig(AppConfig):
    name = "factions"
    verbose_name = "Game data"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from . import checks, rulesets  # noqa: F401  (registers rulesets and system checks)

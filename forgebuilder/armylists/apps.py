from __future__ import annotations

from django.apps import AppConfig


class ArmyListsConfig(AppConfig):
    name = "forgebuilder.armylists"
    label = "armylists"
    verbose_name = "Army lists"

    def ready(self) -> None:
        from . import receivers  # noqa: F401
        from .rules import systems  # noqa: F401  (registers each ruleset's checks)

from __future__ import annotations

from django.apps import AppConfig


class ArmyListsConfig(AppConfig):
    name = "forgebuilder.armylists"
    label = "armylists"
    verbose_name = "Army lists"

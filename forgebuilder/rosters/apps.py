from __future__ import annotations

from django.apps import AppConfig


class RostersConfig(AppConfig):
    name = "forgebuilder.rosters"
    label = "rosters"
    verbose_name = "Foreign rosters"
    default_auto_field = "django.db.models.BigAutoField"

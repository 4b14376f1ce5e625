from __future__ import annotations

from django.apps import AppConfig


class PlayConfig(AppConfig):
    name = "forgebuilder.play"
    label = "play"
    verbose_name = "Games at the table"
    default_auto_field = "django.db.models.BigAutoField"

from __future__ import annotations

from django.apps import AppConfig


class RostersConfig(AppConfig):
    name = "forgebuilder.rosters"
    label = "rosters"
    verbose_name = "Foreign rosters"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from forgebuilder.rosters import printouts, receivers  # noqa: F401

        printouts.register()  # the foreign roster as a printout subject, its roster and tokens

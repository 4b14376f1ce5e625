from __future__ import annotations

from django.apps import AppConfig


class RostersConfig(AppConfig):
    name = "forgebuilder.rosters"
    label = "rosters"
    verbose_name = "Foreign rosters"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from forgebuilder.lists.api import visitor_things
        from forgebuilder.rosters import printouts, receivers  # noqa: F401
        from forgebuilder.rosters.cleanup import VisitorRosters

        printouts.register()  # the foreign roster as a printout subject, its roster and tokens
        visitor_things.register(VisitorRosters())  # cleaned with visitors' lists

from __future__ import annotations

from django.apps import AppConfig
from django.db.models.signals import post_migrate


def create_cache_table(using: str = "default", **kwargs) -> None:
    """The database cache's table, made wherever `migrate` runs (tests included)."""
    from django.core.management import call_command

    call_command("createcachetable", database=using, verbosity=0)


class ArmyListsConfig(AppConfig):
    name = "forgebuilder.lists"
    label = "armylists"
    verbose_name = "Army lists"

    def ready(self) -> None:
        from forgebuilder.engine.api import systems  # noqa: F401  (registers each ruleset's checks)
        from forgebuilder.lists import printables, receivers  # noqa: F401

        printables.register()  # a list is what its printouts are drawn of
        from forgebuilder.impacts import impact_reporters
        from forgebuilder.lists.data_impact import ListsImpact

        impact_reporters.register(ListsImpact())  # what a module's new version does to lists

        post_migrate.connect(create_cache_table, sender=self)

"""The version of the game data an event checks its lists against: chosen when the event is
made (the newest, or the newest published by a cut-off date), named in its pack, and the one
every submission is checked and shown with, whatever the module becomes during the event."""

from __future__ import annotations

from datetime import datetime

from factions.catalog import Catalog, catalog_for
from factions.models import GameModule, ModuleVersion
from forgebuilder.lists.api import data_versions

from .models import Event, Submission


def version_at(module: GameModule, cutoff: datetime | None = None) -> int | None:
    """The number of the module's newest version, or of the newest published by `cutoff`
    (None: the module has no version published by then)."""
    versions = ModuleVersion.objects.filter(module=module)
    if cutoff is not None:
        versions = versions.filter(published_at__lte=cutoff)
    return versions.order_by("-number").values_list("number", flat=True).first()


def event_catalog(event: Event) -> Catalog:
    """The catalogue the event checks lists against: its version's (the module as it is now
    for an event made before versions were chosen)."""
    return data_versions.pinned_catalog(catalog_for(event.module), True, event.data_version)


def submission_catalog(event: Event, submission: Submission) -> Catalog:
    """The catalogue a submission was checked with: the version it records, else the event's."""
    number = submission.data_version or event.data_version
    return data_versions.pinned_catalog(catalog_for(event.module), True, number)


def checked_against(event: Event) -> str:
    """The pack's line naming the data: "Iron Squads 1.3 (#4)"; for a game not hosted here,
    the whole line saying who checks its lists (never our rules)."""
    module = event.module
    if module is None:
        return (
            f"Each list is checked by the builder it was made in only: {event.game_name} is "
            "not hosted here, so its rules are not checked here."
        )
    if event.data_version is None:
        return f"{module.name} {module.version}"
    label = data_versions.version_label(module.pk, event.data_version) or module.version
    return f"{module.name} {label} (#{event.data_version})"

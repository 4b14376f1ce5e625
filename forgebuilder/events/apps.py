from __future__ import annotations

from django.apps import AppConfig


class EventsConfig(AppConfig):
    name = "forgebuilder.events"
    label = "events"
    verbose_name = "Events"

    def ready(self) -> None:
        from forgebuilder.departures import departures

        from .departure import EventDeparture

        departures.register(EventDeparture())

from __future__ import annotations

from django.apps import AppConfig


class EventsConfig(AppConfig):
    name = "forgebuilder.events"
    label = "events"
    verbose_name = "Events"

    def ready(self) -> None:
        # imported once the app registry is ready: these modules read the event models
        from forgebuilder.departures import departures
        from forgebuilder.impacts import impact_reporters
        from forgebuilder.outcomes import feeds

        from . import pack_pdf
        from .data_impact import EventsImpact
        from .departure import EventDeparture
        from .feed import ROUND_RESULT

        departures.register(EventDeparture())
        feeds.register(ROUND_RESULT)
        impact_reporters.register(EventsImpact())  # what a module's new version does to events
        pack_pdf.register()  # the event as a printout subject, its pack as a printout

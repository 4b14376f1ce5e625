from __future__ import annotations

from django.apps import AppConfig


class EventsConfig(AppConfig):
    name = "forgebuilder.events"
    label = "events"
    verbose_name = "Events"

    def ready(self) -> None:
        from . import pack_pdf

        pack_pdf.register()  # the event as a printout subject, its pack as a printout

from __future__ import annotations

from django.apps import AppConfig


class EventsConfig(AppConfig):
    name = "forgebuilder.events"
    label = "events"
    verbose_name = "Events"

    def ready(self) -> None:
        # imported once the app registry is ready: these modules read the event models
        from django.core import checks
        from django.db.models.signals import post_save

        from forgebuilder.departures import departures
        from forgebuilder.impacts import impact_reporters
        from forgebuilder.outcomes import feeds

        from . import pack_pdf
        from .board import forget_version
        from .data_impact import EventsImpact
        from .departure import EventDeparture
        from .feed import ROUND_RESULT
        from .models import Entrant, Game, Round, Submission

        checks.register(webpush_settings)
        departures.register(EventDeparture())
        feeds.register(ROUND_RESULT)
        impact_reporters.register(EventsImpact())  # what a module's new version does to events
        pack_pdf.register()  # the event as a printout subject, its pack as a printout
        # the event page's board changed (none is deleted but with its event: no receiver on
        # deletions, which would stop Django deleting an event's games in one query)
        for model in (Round, Game, Entrant, Submission):
            post_save.connect(forget_version, sender=model, dispatch_uid=f"board-{model.__name__}")


def webpush_settings(app_configs=None, **kwargs) -> list:
    """Web Push settings that cannot work are an error of `manage.py check` (and of every
    start), not a failure at the first round paired."""
    from django.core import checks

    from .webpush import settings_problems

    return [checks.Error(problem, id="events.E001") for problem in settings_problems()]

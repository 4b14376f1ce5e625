from __future__ import annotations

from django.apps import AppConfig


class CampaignsConfig(AppConfig):
    name = "forgebuilder.campaigns"
    label = "campaigns"
    verbose_name = "Campaigns"

    def ready(self) -> None:
        # imported once the app registry is ready: these modules read the campaign models
        from forgebuilder.departures import departures
        from forgebuilder.engine.api import extensions
        from forgebuilder.impacts import impact_reporters
        from forgebuilder.outcomes import feeds

        from .data_impact import CampaignsImpact
        from .departure import CampaignDeparture
        from .extension import CampaignExtension
        from .feed import MISSION_REPORT

        extensions.register(CampaignExtension())
        departures.register(CampaignDeparture())
        feeds.register(MISSION_REPORT)
        impact_reporters.register(CampaignsImpact())  # what a module's new version does to them

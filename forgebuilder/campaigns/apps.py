from __future__ import annotations

from django.apps import AppConfig


class CampaignsConfig(AppConfig):
    name = "forgebuilder.campaigns"
    label = "campaigns"
    verbose_name = "Campaigns"

    def ready(self) -> None:
        from forgebuilder.armylists.extensions import extensions
        from forgebuilder.departures import departures

        from .departure import CampaignDeparture
        from .extension import CampaignExtension

        extensions.register(CampaignExtension())
        departures.register(CampaignDeparture())

from __future__ import annotations

from django.apps import AppConfig


class CampaignsConfig(AppConfig):
    name = "forgebuilder.campaigns"
    label = "campaigns"
    verbose_name = "Campaigns"

    def ready(self) -> None:
        from forgebuilder.engine.api import extensions

        from .extension import CampaignExtension

        extensions.register(CampaignExtension())

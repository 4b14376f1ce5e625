from __future__ import annotations

from django.apps import AppConfig


class CampaignsConfig(AppConfig):
    name = "forgebuilder.campaigns"
    label = "campaigns"
    verbose_name = "Campaigns"

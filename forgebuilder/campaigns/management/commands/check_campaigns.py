"""Prove every campaign army equals its history replayed: `manage.py check_campaigns`."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from forgebuilder.campaigns.history import CannotReplay
from forgebuilder.campaigns.models import CampaignPlayer
from forgebuilder.campaigns.selectors import army_differences


class Command(BaseCommand):
    help = "Replay every campaign army from its history and report any that differ."

    def handle(self, *args, **options) -> None:
        players = CampaignPlayer.objects.select_related("campaign", "user").order_by("pk")
        checked, differing, old = 0, 0, 0
        for player in players:
            try:
                found = army_differences(player)
            except CannotReplay as exc:
                old += 1
                self.stdout.write(f"{player.campaign.name}: cannot replay: {exc}")
                continue
            checked += 1
            for line in found:
                self.stdout.write(f"{player.campaign.name}: {line}")
            differing += bool(found)
        self.stdout.write(
            f"{checked} armies replayed, {differing} differ from their history"
            + (f", {old} kept from before replays" if old else "")
            + "."
        )
        if differing:
            raise CommandError(f"{differing} campaign armies differ from their history.")

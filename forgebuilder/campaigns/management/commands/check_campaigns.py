"""Prove every campaign army equals its history replayed: `manage.py check_campaigns`.

`--adopt` first gives an army kept from before the history recorded every step (its history
cannot be replayed) a starting point: the army as it stands. Exits non-zero, naming each, when
an army differs from its history or cannot be replayed.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from forgebuilder.campaigns.history import CannotReplay
from forgebuilder.campaigns.models import CampaignPlayer
from forgebuilder.campaigns.selectors import army_differences
from forgebuilder.campaigns.services import campaign_army_adopt


class Command(BaseCommand):
    help = "Replay every campaign army from its history and report any that differ."

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "--adopt",
            action="store_true",
            help="take each army whose history cannot be replayed, as it stands, as the "
            "starting point its history replays from",
        )

    def handle(self, *args, adopt: bool = False, **options) -> None:
        players = CampaignPlayer.objects.select_related("campaign", "user").order_by("pk")
        checked, differing, old = 0, 0, 0
        for player in players:
            if adopt and campaign_army_adopt(player=player):
                self.stdout.write(f"{player.campaign.name}: {player.name}'s army adopted as it is.")
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
            + (f", {old} cannot be replayed (run with --adopt)" if old else "")
            + "."
        )
        wrong = [f"{differing} campaign armies differ from their history"] if differing else []
        wrong += [f"{old} cannot be replayed: run `check_campaigns --adopt`"] if old else []
        if wrong:
            raise CommandError("; ".join(wrong) + ".")

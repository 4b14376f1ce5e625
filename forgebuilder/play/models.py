"""A game played from a list: what it tracks (its sheet), where it stands (its state) and how
it ended, linked to the opponent's game when both players track theirs."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models

from factions.models import GameModule
from forgebuilder import outcomes


def game_token() -> str:
    """A game's address: 16 url-safe characters, 96 bits of randomness."""
    return secrets.token_urlsafe(12)


class Game(models.Model):
    WIN, DRAW, LOSS = outcomes.WIN, outcomes.DRAW, outcomes.LOSS
    RESULTS = list(outcomes.WORDS.items())

    public_id = models.CharField(max_length=24, unique=True, default=game_token, editable=False)
    # given to the opponent to link their game to this one; it shows counters, never changes them
    link_code = models.CharField(max_length=24, unique=True, default=game_token, editable=False)
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="games"
    )
    name = models.CharField(max_length=120)
    # None for a game played with a foreign roster (a game not hosted here)
    module = models.ForeignKey(
        GameModule, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    # the list as it was when the game started (its cards are drawn from it), or the foreign
    # roster's content as it was kept
    document = models.JSONField()
    foreign_roster = models.ForeignKey(
        "rosters.ForeignRoster", null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+",
    )  # fmt: skip
    army_list = models.ForeignKey(
        "armylists.ArmyList", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    sheet = models.JSONField()
    state = models.JSONField()
    version = models.PositiveIntegerField(default=1)
    opponent = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    opponent_name = models.CharField(max_length=120, blank=True)
    started_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    result = models.CharField(max_length=4, choices=RESULTS, blank=True)
    opponent_vp = models.PositiveIntegerField(null=True, blank=True)
    summary = models.JSONField(default=dict, blank=True)
    # the campaign mission or event pairing the game is played for: finishing it pre-fills
    # the mission's battle report (a draft) or the pairing's result (for the opponent to confirm)
    mission = models.ForeignKey(
        "campaigns.Mission", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    event_game = models.ForeignKey(
        "events.Game", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["-started_at"]

    def __str__(self) -> str:
        return self.name

    @property
    def finished(self) -> bool:
        return self.finished_at is not None

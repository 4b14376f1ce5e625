"""A campaign: players with one army each, the missions they played and every change made."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models

from factions.models import GameModule
from forgebuilder.lists.api import ArmyList
from forgebuilder.people import FORMER_PLAYER


def invite_token() -> str:
    """An unguessable invitation: 32 url-safe characters, 192 bits of randomness."""
    return secrets.token_urlsafe(24)


class Campaign(models.Model):
    name = models.CharField(max_length=120)
    module = models.ForeignKey(GameModule, on_delete=models.PROTECT, related_name="+")
    organiser = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="organised_campaigns"
    )
    invite_token = models.CharField(max_length=40, unique=True, default=invite_token)
    starting_points = models.PositiveIntegerField(default=1000)
    missions_played = models.PositiveIntegerField(default=0)
    # The published version of the game data its armies are on (its number) until the
    # organiser moves the campaign to a newer one; None: the module as it is (campaigns made
    # before versions were kept).
    data_version = models.PositiveIntegerField(
        null=True, blank=True, help_text="the game data version its armies are on"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    closed_at = models.DateTimeField(
        null=True, blank=True, help_text="the organiser closed it: it can only be read"
    )

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return self.name

    @property
    def closed(self) -> bool:
        return self.closed_at is not None


class CampaignPlayer(models.Model):
    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="players")
    # None once the player deleted their account: the army stays in the history (FORMER_PLAYER)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="campaign_seats",
    )  # fmt: skip
    army = models.OneToOneField(ArmyList, on_delete=models.PROTECT, related_name="campaign_seat")
    victory_points = models.IntegerField(default=0)
    bank = models.IntegerField(default=0, help_text="points earned and not yet spent")
    missions = models.PositiveIntegerField(default=0)
    joined_at = models.DateTimeField(auto_now_add=True)
    left_at = models.DateTimeField(
        null=True, blank=True, help_text="disbanded (left) or removed by the organiser"
    )

    class Meta:
        ordering = ["joined_at", "pk"]
        constraints = [
            models.UniqueConstraint("campaign", "user", name="one_army_per_player"),
        ]

    def __str__(self) -> str:
        return f"{self.name} in {self.campaign}"

    @property
    def name(self) -> str:
        """The player as every page and history line names them."""
        return self.user.get_username() if self.user is not None else FORMER_PLAYER


class Mission(models.Model):
    SET_UP, REPORTED, DONE = "set_up", "reported", "done"
    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="missions")
    number = models.PositiveIntegerField()
    players = models.ManyToManyField(CampaignPlayer, related_name="missions_in")
    objective = models.CharField(max_length=80)
    underdog = models.JSONField(default=dict, help_text="player id -> underdog points")
    status = models.CharField(max_length=20, default=SET_UP)
    draft = models.JSONField(
        default=dict, blank=True, help_text="the report form as saved, for either player to finish"
    )
    draft_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    void_asked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+", help_text="a player asked to void the report; the other one confirms",
    )  # fmt: skip
    proposal = models.JSONField(
        default=dict, blank=True,
        help_text="a player's corrected report (values, reason) for the other player to confirm",
    )  # fmt: skip
    proposed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["number"]
        constraints = [models.UniqueConstraint("campaign", "number", name="mission_number")]

    def __str__(self) -> str:
        return f"Mission {self.number} of {self.campaign}"


class CampaignEvent(models.Model):
    """One change of the campaign, kept for its history (with the dice that decided it)."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="events")
    player = models.ForeignKey(
        CampaignPlayer, null=True, blank=True, on_delete=models.CASCADE, related_name="events"
    )
    mission = models.PositiveIntegerField(null=True, blank=True)
    kind = models.CharField(max_length=40)
    lines = models.JSONField(default=list)
    dice = models.JSONField(null=True, blank=True, help_text="{seed, results}; seed null: entered")
    data = models.JSONField(
        default=dict, blank=True, help_text="the facts that decided it, to replay it (history.py)"
    )
    voided_by = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="voided",
        help_text="the correction that took it back: replays skip it",
    )  # fmt: skip
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+", help_text="who did it (corrections)",
    )  # fmt: skip
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["pk"]

    def __str__(self) -> str:
        return f"{self.kind} in {self.campaign}"

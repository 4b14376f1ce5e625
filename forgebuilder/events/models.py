"""An event: its pack, the players who registered, the lists they submitted, rounds and games."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models

from factions.models import GameModule
from forgebuilder.engine.api import POINTS_LIMIT_MAX, POINTS_LIMIT_MIN
from forgebuilder.people import FORMER_PLAYER

from .standings import DEFAULT_TIEBREAKERS, Scoring


def event_token() -> str:
    """The event's public link: 16 url-safe characters, 96 bits of randomness."""
    return secrets.token_urlsafe(12)


class Event(models.Model):
    RANDOM, SEEDED = "random", "seeded"
    FIRST_ROUND = [(RANDOM, "At random"), (SEEDED, "Seeded by rating (top half meets bottom)")]

    public_id = models.CharField(max_length=24, unique=True, default=event_token, editable=False)
    organiser = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="organised_events"
    )
    name = models.CharField(max_length=120)
    starts_on = models.DateField()
    place = models.CharField(max_length=200, blank=True)
    # None: a game not hosted here (named by `game_name`): each list is checked by the builder
    # it was made in, never by rules we do not host.
    module = models.ForeignKey(
        GameModule, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    game_name = models.CharField(
        max_length=120, blank=True, help_text="the game played, where it is not hosted here"
    )
    # The pack: what every list must meet.
    # The list format's bounds: every list is played at this size.
    points_limit = models.PositiveIntegerField(
        validators=[MinValueValidator(POINTS_LIMIT_MIN), MaxValueValidator(POINTS_LIMIT_MAX)]
    )
    casual = models.BooleanField(default=False, help_text="casual: the matched-play limits are off")
    factions = models.JSONField(
        default=list, blank=True, help_text="faction keys allowed; empty: every faction"
    )
    list_deadline = models.DateTimeField()
    hide_lists = models.BooleanField(
        default=True, help_text="lists are seen only by the organiser and their owner until reveal"
    )
    reveal_at = models.DateTimeField(null=True, blank=True)
    # Rounds and scoring.
    rounds = models.PositiveSmallIntegerField(default=3)
    win_points = models.PositiveSmallIntegerField(default=3)
    draw_points = models.PositiveSmallIntegerField(default=1)
    loss_points = models.PositiveSmallIntegerField(default=0)
    tiebreakers = models.JSONField(default=list)
    first_round = models.CharField(max_length=10, choices=FIRST_ROUND, default=RANDOM)
    # The published version of the game data the lists are checked against (its number),
    # chosen when the event is made; None: the module as it is (events made before).
    data_version = models.PositiveIntegerField(
        null=True, blank=True, help_text="the game data version its lists are checked against"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-starts_on", "-pk"]

    def __str__(self) -> str:
        return self.name

    @property
    def hosted(self) -> bool:
        """Whether the event plays a game hosted here (its lists checked by our rules)."""
        return self.module_id is not None

    @property
    def game(self) -> str:
        """The game's name, hosted or not."""
        return self.module.name if self.module_id is not None else self.game_name

    @property
    def scoring(self) -> Scoring:
        return Scoring(
            win=self.win_points,
            draw=self.draw_points,
            loss=self.loss_points,
            tiebreakers=tuple(self.tiebreakers or DEFAULT_TIEBREAKERS),
        )


class Entrant(models.Model):
    """A player registered for an event (with their club and rating), and their status."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="entrants")
    # None once the player deleted their account: their games stay in the event (FORMER_PLAYER)
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL,
        related_name="event_entries",
    )  # fmt: skip
    club = models.CharField(max_length=80, blank=True)
    rating = models.IntegerField(default=0, help_text="entered by the organiser, for seeding")
    checked_in = models.BooleanField(default=False)
    notify = models.BooleanField(default=False, help_text="e-mail them their table each round")
    dropped_at = models.DateTimeField(null=True, blank=True)
    dropped_after = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="the last round played before dropping"
    )
    registered_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["registered_at", "pk"]
        constraints = [models.UniqueConstraint("event", "player", name="one_entry_per_player")]

    def __str__(self) -> str:
        return f"{self.name} at {self.event}"

    @property
    def name(self) -> str:
        return self.player.get_username() if self.player is not None else FORMER_PLAYER

    @property
    def dropped(self) -> bool:
        return self.dropped_at is not None


class PushSubscription(models.Model):
    """One browser's Web Push subscription to an entrant's notices (events/webpush.py): made
    only by the player's own POST from the event page, deleted by "Stop telling me", when the
    push service says it is gone, and when the player leaves (account deleted)."""

    entrant = models.ForeignKey(
        Entrant, on_delete=models.CASCADE, related_name="push_subscriptions"
    )
    endpoint = models.CharField(max_length=500)  # the push service's https address
    p256dh = models.CharField(max_length=100)  # the browser's P-256 key, base64url
    auth = models.CharField(max_length=40)  # its 16-octet secret, base64url
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "pk"]
        constraints = [models.UniqueConstraint("entrant", "endpoint", name="one_push_per_device")]

    def __str__(self) -> str:
        return f"push to {self.entrant}"


class Submission(models.Model):
    """A player's list for the event: a snapshot of the document and the pack's verdict on it."""

    PENDING, ACCEPTED, REJECTED, FIX = "pending", "accepted", "rejected", "fix"
    REVIEW = [
        (PENDING, "Waiting for the organiser"),
        (ACCEPTED, "Accepted"),
        (REJECTED, "Rejected"),
        (FIX, "Fix asked for"),
    ]
    entrant = models.OneToOneField(Entrant, on_delete=models.CASCADE, related_name="submission")
    document = models.JSONField()
    module_revision = models.PositiveIntegerField(help_text="the game data it was checked on")
    # A foreign roster (`document` is its stored tree, rosters/serial.py): the builder that
    # checked it, named in its verdict; empty: a list of ours, checked here.
    builder = models.CharField(max_length=40, blank=True)
    data_version = models.PositiveIntegerField(
        null=True, blank=True, help_text="the published game data version it was checked on"
    )
    source = models.CharField(max_length=200, help_text="the list or share link it came from")
    name = models.CharField(max_length=120)
    faction_name = models.CharField(max_length=120)
    points = models.IntegerField()
    problems = models.JSONField(default=list, help_text="the pack's verdict: [{code, message}]")
    review = models.CharField(max_length=10, choices=REVIEW, default=PENDING)
    review_note = models.CharField(max_length=500, blank=True)
    submitted_at = models.DateTimeField()

    def __str__(self) -> str:
        return f"{self.name} for {self.entrant}"

    @property
    def legal(self) -> bool:
        return not any(p["severity"] == "error" for p in self.problems)

    @property
    def foreign(self) -> bool:
        return bool(self.builder)


class Round(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField()
    warnings = models.JSONField(default=list, blank=True)
    seed = models.BigIntegerField(
        null=True, blank=True, help_text="the draw: pairing again with it gives the same round"
    )
    # The round's clock (events/clock.py): running until `clock_ends_at`, or paused with
    # `clock_left` to go; neither: not started.
    clock_ends_at = models.DateTimeField(null=True, blank=True)
    clock_left = models.DurationField(null=True, blank=True)
    # When the players who asked were told their tables by e-mail (events/notices.py): once.
    notified_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["number"]
        constraints = [models.UniqueConstraint("event", "number", name="round_number")]

    def __str__(self) -> str:
        return f"Round {self.number} of {self.event}"


class Game(models.Model):
    """One pairing of a round (or a bye: no second player) and its result."""

    PAIRED, REPORTED, CONFIRMED = "paired", "reported", "confirmed"
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="games")
    table = models.PositiveSmallIntegerField(null=True, blank=True)
    first = models.ForeignKey(Entrant, on_delete=models.CASCADE, related_name="+")
    second = models.ForeignKey(
        Entrant, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    first_vp = models.PositiveIntegerField(null=True, blank=True)
    second_vp = models.PositiveIntegerField(null=True, blank=True)
    status = models.CharField(max_length=10, default=PAIRED)
    match = models.JSONField(
        default=dict, blank=True, help_text="the match check: sides with underdog points, problems"
    )
    reported_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    # A result taken back before it was confirmed: who took it back (its values stay, to say so).
    withdrawn_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["round", "table", "pk"]

    def __str__(self) -> str:
        return f"Table {self.table} of {self.round}"

    @property
    def bye(self) -> bool:
        return self.second_id is None

    def side_of(self, user) -> int | None:
        """Which side `user` plays in this game: 0 first, 1 second, None when not theirs (the
        one home of "is this game mine, and on which side")."""
        pk = getattr(user, "pk", None)
        if pk is None:
            return None
        if self.first.player_id == pk:
            return 0
        if self.second is not None and self.second.player_id == pk:
            return 1
        return None

    def entrant_of(self, user) -> Entrant | None:
        side = self.side_of(user)
        return None if side is None else (self.first, self.second)[side]

    def opponent_of(self, user) -> Entrant | None:
        side = self.side_of(user)
        return None if side is None else (self.second, self.first)[side]


class ApiToken(models.Model):
    """A read-only key to the event's API, made by the organiser for another tool; revocable.
    Only its SHA-256 is kept: the key is shown once, when it is made."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="api_tokens")
    name = models.CharField(max_length=80)
    prefix = models.CharField(
        max_length=8, help_text="the key's first characters, to tell keys apart"
    )
    digest = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…)"

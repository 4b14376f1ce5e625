"""Foreign rosters as kept: a roster made in another builder for a game not hosted here, stored
read-only as its builder saved it (the reader's dataclass tree as JSON, `serial.py`) with a few
summary columns for the shelf. Owned as lists are: a signed-in user or a visitor's session.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models


def public_token() -> str:
    """An unguessable id for public URLs: 16 url-safe characters, 96 bits of randomness."""
    return secrets.token_urlsafe(12)


class ForeignRoster(models.Model):
    public_id = models.CharField(max_length=24, unique=True, default=public_token, editable=False)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE,
        related_name="foreign_rosters",
    )  # fmt: skip
    # Rosters kept without an account belong to the browser session holding this token.
    owner_token = models.CharField(max_length=40, blank=True, db_index=True)
    name = models.CharField(max_length=200)
    builder = models.CharField(max_length=40)
    game_system = models.CharField(max_length=200)
    points = models.DecimalField(max_digits=14, decimal_places=3, default=0)
    unit_count = models.PositiveIntegerField(default=0)
    model_count = models.PositiveIntegerField(default=0)
    content = models.JSONField()
    # The read-only link anyone holding it may open; empty until the owner shares it.
    share_token = models.CharField(max_length=24, blank=True, db_index=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return self.name

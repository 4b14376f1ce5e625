"""Writes of foreign rosters: keep one read from a file, delete it, share it and stop sharing.
Each is one statement or one transaction; only the owner's rows are ever touched."""

from __future__ import annotations

from django.db import transaction

from forgebuilder.lists.api import Owner, foreign, foreign_facts
from forgebuilder.rosters.models import ForeignRoster, public_token
from forgebuilder.rosters.serial import roster_to_json

NAME_LIMIT = ForeignRoster._meta.get_field("name").max_length


def _fit(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def roster_keep(*, owner: Owner, roster: foreign.ForeignRoster) -> ForeignRoster:
    """Store `roster` for `owner`, read-only, with its own counts as the shelf shows them."""
    return ForeignRoster.objects.create(
        owner_id=owner.user_id,
        owner_token="" if owner.user_id is not None else owner.token,
        name=_fit(roster.name or "Unnamed roster", NAME_LIMIT),
        builder=roster.builder,
        game_system=_fit(roster.game_system_name or "an unnamed game", 200),
        points=foreign_facts.points_total(roster),
        unit_count=len(roster.units()),
        model_count=foreign_facts.model_count(roster),
        content=roster_to_json(roster),
    )


def roster_delete(*, owner: Owner, public_id: str) -> bool:
    deleted, _ = ForeignRoster.objects.filter(owner.filter(), public_id=public_id).delete()
    return bool(deleted)


def roster_share(*, owner: Owner, public_id: str) -> str | None:
    """The roster's share token, made on first asking; None when `owner` has no such roster."""
    with transaction.atomic():
        row = (
            ForeignRoster.objects.select_for_update()
            .filter(owner.filter(), public_id=public_id)
            .first()
        )
        if row is None:
            return None
        if not row.share_token:
            row.share_token = public_token()
            row.save(update_fields=["share_token"])
        return row.share_token


def roster_unshare(*, owner: Owner, public_id: str) -> bool:
    """Stop the share link working; a new one is made if the owner shares again."""
    return bool(
        ForeignRoster.objects.filter(owner.filter(), public_id=public_id)
        .exclude(share_token="")
        .update(share_token="")
    )


def rosters_adopt(*, user_id: int, token: str) -> int:
    """Give a user the rosters they kept in this browser before signing in; returns how many."""
    if not token:
        return 0
    return ForeignRoster.objects.filter(owner__isnull=True, owner_token=token).update(
        owner_id=user_id, owner_token=""
    )

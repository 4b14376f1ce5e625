"""Reads of foreign rosters: an owner's shelf, one of theirs, one by its share link."""

from __future__ import annotations

from dataclasses import dataclass

from forgebuilder.lists.api import Owner, foreign
from forgebuilder.rosters.models import ForeignRoster
from forgebuilder.rosters.serial import roster_from_json

#: A share token is 16 url-safe characters; anything longer is no token of ours.
TOKEN_LENGTH = 24


@dataclass(frozen=True)
class KeptRoster:
    """A stored roster and its content read back."""

    row: ForeignRoster
    roster: foreign.ForeignRoster


def rosters_of(owner: Owner):
    return ForeignRoster.objects.filter(owner.filter()).defer("content")


def _kept(row: ForeignRoster | None) -> KeptRoster | None:
    return None if row is None else KeptRoster(row, roster_from_json(row.content))


def roster_owned(owner: Owner, public_id: str) -> KeptRoster | None:
    return _kept(ForeignRoster.objects.filter(owner.filter(), public_id=public_id).first())


def roster_shared(token: str) -> KeptRoster | None:
    if not token or len(token) > TOKEN_LENGTH:
        return None
    return _kept(ForeignRoster.objects.filter(share_token=token).first())

"""People who leave: how the site names them, and who takes over what they ran."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from django.db.models import F, Q, QuerySet

# A player who deleted their account: their campaign armies and event results stay, under this.
FORMER_PLAYER = "former player"


def successor(members: QuerySet, user, *, account: str, left: str, joined: str):
    """Who takes over what a leaving organiser ran (a campaign, an event): among the other
    members who still have an account, one still in it before one who left, first come first."""
    others = members.exclude(**{account: user}).filter(**{f"{account}__isnull": False})
    order = (F(left).asc(nulls_first=True), joined, "pk")
    return others.select_related(account).order_by(*order).first()


def run_or_joined(model, user, *, organiser: str, member: str, lock: bool) -> QuerySet:
    """The rows of `model` (campaigns, events) `user` organises or takes part in, by id, locked
    for the rest of the transaction when `lock` (in id order, as every step locks them)."""
    ids = model.objects.filter(Q(**{organiser: user}) | Q(**{member: user})).values("pk")
    rows = model.objects.filter(pk__in=ids).order_by("pk")
    return rows.select_for_update() if lock else rows


@dataclass(frozen=True)
class Handover:
    """What becomes of the things (campaigns, events) a leaving player runs or takes part in."""

    staying: tuple  # the rows that go on without them: handed over, or only played in
    handed: tuple[tuple[Any, Any], ...]  # (row, the member who now organises it)
    deleted: tuple  # rows they organise that nobody else can take over: deleted


def organiser_leaves(rows: Iterable, user, *, heir: Callable[[Any], Any]) -> Handover:
    """The plan when `user` leaves `rows` (a campaign, an event): one they organise passes to
    `heir(row)` (see `successor`), or is deleted if nobody can take it; the others stay."""
    staying, handed, deleted = [], [], []
    for row in rows:
        if row.organiser_id != user.pk:
            staying.append(row)
        elif (taker := heir(row)) is None:
            deleted.append(row)
        else:
            handed.append((row, taker))
            staying.append(row)
    return Handover(tuple(staying), tuple(handed), tuple(deleted))

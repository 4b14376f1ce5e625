"""Deleting an account, by its player (the account page) or by an administrator (the admin).

Everything of the player goes: their lists (the bin included) with their share links, their
sessions on every device, their failed-login records. Their campaign armies stay in each
campaign's history, their event entries in each event's results, as a former player's
(forgebuilder/campaigns/departure.py, forgebuilder/events/departure.py). The page says all
of it before, from `account_deletion_preview`, the same answer `account_delete` acts on.
"""

from __future__ import annotations

from dataclasses import dataclass

from axes.models import AccessAttempt, AccessFailureLog
from django.contrib.auth import SESSION_KEY, get_user_model
from django.contrib.sessions.models import Session
from django.db import transaction
from django.utils import timezone

from forgebuilder.armylists.models import ArmyList, ShareLink
from forgebuilder.campaigns.departure import (
    Departures,
    campaign_departures,
    campaign_departures_apply,
)
from forgebuilder.events.departure import EventDepartures, event_departures, event_departures_apply


@dataclass(frozen=True)
class AccountDeletion:
    lists: int  # the player's lists, the bin included, deleted
    share_links: int  # share links that stop working
    campaigns: Departures
    events: EventDepartures


def _counts(user) -> tuple[int, int]:
    lists = ArmyList.objects.filter(owner=user, campaign_seat__isnull=True).count()
    links = ShareLink.objects.unrevoked().filter(army_list__owner=user).count()
    return lists, links


def account_deletion_preview(*, user) -> AccountDeletion:
    """What deleting `user`'s account would do (nothing is changed)."""
    lists, links = _counts(user)
    return AccountDeletion(
        lists, links, campaign_departures(user=user), event_departures(user=user)
    )


@transaction.atomic
def account_delete(*, user) -> AccountDeletion:
    """Delete `user`'s account and everything of theirs but their campaign armies' history."""
    # FOR NO KEY UPDATE: another deletion handing a campaign to this player (a foreign key to
    # this row) must not wait for this one while it waits for that campaign
    locked = get_user_model().objects.select_for_update(no_key=True).filter(pk=user.pk).first()
    if locked is None:  # deleted meanwhile (another tab)
        return AccountDeletion(0, 0, Departures((), (), ()), EventDepartures((), (), ()))
    lists, links = _counts(locked)
    departures = campaign_departures_apply(user=locked)
    events = event_departures_apply(user=locked)
    ArmyList.objects.filter(owner=locked).delete()
    sessions_end(user_id=locked.pk)
    username = locked.get_username()
    AccessAttempt.objects.filter(username=username).delete()
    AccessFailureLog.objects.filter(username=username).delete()
    locked.delete()
    return AccountDeletion(lists, links, departures, events)


def sessions_end(*, user_id: int) -> int:
    """Log the user out everywhere: delete every live session signed in as them."""
    mine = [
        session.session_key
        for session in Session.objects.filter(expire_date__gte=timezone.now()).iterator()
        if session.get_decoded().get(SESSION_KEY) == str(user_id)
    ]
    return Session.objects.filter(session_key__in=mine).delete()[0]

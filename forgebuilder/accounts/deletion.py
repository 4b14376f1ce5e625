"""Deleting an account, by its player (the account page) or by an administrator (the admin).

Everything of the player goes: their lists (the bin included) with their share links, their
sessions on every device, their failed-login records. What the other apps keep or hand on (a
campaign army stays in its campaign's history, an event entry in its results, as a former
player's) each app says and does through its departure, registered in forgebuilder/departures.py:
this module names none of them. The page says all of it before, from `account_deletion_preview`,
the same answer `account_delete` acts on.
"""

from __future__ import annotations

from dataclasses import dataclass

from axes.models import AccessAttempt, AccessFailureLog
from django.contrib.auth import SESSION_KEY, get_user_model
from django.contrib.sessions.models import Session
from django.db import transaction
from django.utils import timezone

from forgebuilder.departures import Leaving, departures
from forgebuilder.lists.api import ArmyList, ShareLink


@dataclass(frozen=True)
class AccountDeletion:
    lists: int  # the player's lists, the bin included, deleted
    share_links: int  # share links that stop working
    leaving: tuple[tuple[str, Leaving], ...] = ()  # each app's answer, in the departures' order

    def __getattr__(self, key: str) -> Leaving:
        """One app's answer by its departure's key: `deletion.campaigns`."""
        for name, answer in self.__dict__.get("leaving", ()):
            if name == key:
                return answer
        raise AttributeError(key)

    def lines(self) -> list[str]:
        """Every app's lines for the account page, in the departures' order."""
        return [line for _, answer in self.leaving for line in answer.lines()]

    def admin_lines(self) -> list[str]:
        return [line for _, answer in self.leaving for line in answer.admin_lines()]


def _counts(user) -> tuple[int, int]:
    lists = ArmyList.objects.filter(owner=user, campaign_seat__isnull=True).count()
    links = ShareLink.objects.unrevoked().filter(army_list__owner=user).count()
    return lists, links


def account_deletion_preview(*, user) -> AccountDeletion:
    """What deleting `user`'s account would do (nothing is changed)."""
    lists, links = _counts(user)
    return AccountDeletion(lists, links, tuple((d.key, d.preview(user=user)) for d in departures))


@transaction.atomic
def account_delete(*, user) -> AccountDeletion:
    """Delete `user`'s account and everything of theirs but what the other apps keep."""
    # FOR NO KEY UPDATE: another deletion handing a campaign to this player (a foreign key to
    # this row) must not wait for this one while it waits for that campaign
    locked = get_user_model().objects.select_for_update(no_key=True).filter(pk=user.pk).first()
    if locked is None:  # deleted meanwhile (another tab)
        return AccountDeletion(0, 0, tuple((d.key, d.nothing()) for d in departures))
    lists, links = _counts(locked)
    # each app in the registry's fixed order, so two deletions lock their rows in one order
    leaving = tuple((d.key, d.apply(user=locked)) for d in departures)
    ArmyList.objects.filter(owner=locked).delete()
    sessions_end(user_id=locked.pk)
    username = locked.get_username()
    AccessAttempt.objects.filter(username=username).delete()
    AccessFailureLog.objects.filter(username=username).delete()
    locked.delete()
    return AccountDeletion(lists, links, leaving)


def sessions_end(*, user_id: int) -> int:
    """Log the user out everywhere: delete every live session signed in as them."""
    mine = [
        session.session_key
        for session in Session.objects.filter(expire_date__gte=timezone.now()).iterator()
        if session.get_decoded().get(SESSION_KEY) == str(user_id)
    ]
    return Session.objects.filter(session_key__in=mine).delete()[0]

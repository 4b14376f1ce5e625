"""A player deletes their account: what becomes of their events.

Their entries stay, so every other player's games and the standings stand: the entrant loses
its account (shown as a "former player"), is dropped if still playing, and is never paired
again. An event they organise passes to the first entrant still in it with an account (one who
dropped comes after); with nobody to take it, it is deleted. `event_departures` says it before,
`event_departures_apply` does it, in the account deletion's transaction; the app registers
them as its departure (forgebuilder/departures.py) when it starts.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils import timezone

from forgebuilder.people import Handover, organiser_leaves, run_or_joined, successor

from .models import ApiToken, Entrant, Event, PushSubscription


@dataclass(frozen=True)
class EventDepartures:
    entries_kept: tuple[str, ...]  # events whose results keep the player as a former player
    handed_over: tuple[tuple[str, str], ...]  # (event, its new organiser)
    deleted: tuple[str, ...]  # events nobody else can take over

    def lines(self) -> list[str]:
        """The account page's lines, in players' words."""
        return [
            *(f'keeps your games in {event} for the other players\' results, under "former '
              'player" (you are dropped if still playing);' for event in self.entries_kept),
            *(f"hands the event {event}, which you organise, over to {heir};"
              for event, heir in self.handed_over),
            *(f"deletes the event {event}, which you organise and nobody else can take over;"
              for event in self.deleted),
        ]  # fmt: skip

    def admin_lines(self) -> list[str]:
        return [
            *(f"kept as a former player's games: {event}" for event in self.entries_kept),
            *(f"event {event} handed over to {heir}" for event, heir in self.handed_over),
            *(f"event deleted: {event}" for event in self.deleted),
        ]


class EventDeparture:
    """The events' part of an account deletion (registered in forgebuilder.departures)."""

    key = "events"
    lock_order = 20  # after campaigns, in every deletion

    def preview(self, *, user) -> EventDepartures:
        return event_departures(user=user)

    def apply(self, *, user) -> EventDepartures:
        return event_departures_apply(user=user)

    def nothing(self) -> EventDepartures:
        return EventDepartures((), (), ())


def _heir(event: Event, user) -> Entrant | None:
    members = event.entrants.all()
    return successor(members, user, account="player", left="dropped_at", joined="registered_at")


def _events_of(user, *, lock: bool):
    return run_or_joined(Event, user, organiser="organiser", member="entrants__player", lock=lock)


def _plan(events, user) -> tuple[EventDepartures, list, Handover]:
    """What is said, the events whose results keep the player, and what becomes of the events."""
    plan = organiser_leaves(events, user, heir=lambda event: _heir(event, user))
    kept = [e for e in plan.staying if e.entrants.filter(player=user).exists()]
    return (
        EventDepartures(
            entries_kept=tuple(e.name for e in kept),
            handed_over=tuple((e.name, heir.name) for e, heir in plan.handed),
            deleted=tuple(e.name for e in plan.deleted),
        ),
        kept,
        plan,
    )


def event_departures(*, user) -> EventDepartures:
    """What deleting `user`'s account would do to the events they entered or organise."""
    return _plan(_events_of(user, lock=False), user)[0]


def event_departures_apply(*, user) -> EventDepartures:
    """Do what `event_departures` says; the caller holds a transaction and deletes the account
    after. Events are locked first (by id), as every event step does."""
    described, kept, plan = _plan(list(_events_of(user, lock=True)), user)
    for event, heir in plan.handed:
        Event.objects.filter(pk=event.pk).update(organiser_id=heir.player_id)
        # A key belongs to the organiser who made it for their tool: it goes with them.
        ApiToken.objects.filter(event=event, revoked_at__isnull=True).update(
            revoked_at=timezone.now()
        )
    for event in kept:
        entries = Entrant.objects.filter(event=event, player=user)
        played = event.round_set.count()
        entries.filter(dropped_at__isnull=True).update(
            dropped_at=timezone.now(), dropped_after=played
        )
        # their devices are told nothing more: the subscriptions were the player's consent
        PushSubscription.objects.filter(entrant__in=entries).delete()
        entries.update(player=None)
    Event.objects.filter(pk__in=[e.pk for e in plan.deleted]).delete()
    return described

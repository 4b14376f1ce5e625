"""What becomes of a player's things in each wing when they delete their account.

The account's own deletion (forgebuilder/accounts/deletion.py) knows lists, sessions and
logins; every other app that keeps something of a player (campaigns, events, ...) registers a
departure here from its AppConfig.ready(), as pretix's data shredders do, and the account page,
the admin and the deletion ask this registry without naming any of them.

A departure says what deleting the account would do to that app's things (`preview`, nothing
changed; its answer's `lines()` are shown on the account page, in players' words) and does it
(`apply`, inside the deletion's transaction, before the account row goes). Departures run in
a fixed order, by `lock_order` then key, so that two deletions at once lock rows in the same
order (each app locks its own rows by id) and never wait for each other in a circle.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Protocol

from forgebuilder.registries import KeyedRegistry


class Leaving(Protocol):
    """What one app does with a leaving player's things: its own facts, and these words."""

    def lines(self) -> list[str]:
        """The account page's lines for it, in players' words ("hands Ashfall over to ben;")."""
        ...

    def admin_lines(self) -> list[str]:
        """The admin's confirmation page lines for it (terse: "campaign deleted: Ashfall")."""
        ...


class Departure(Protocol):
    key: str  # the app's name for its answer: AccountDeletion.<key> ("campaigns")
    lock_order: int  # lower applies (and locks) first

    def preview(self, *, user) -> Leaving:
        """What deleting `user`'s account would do to this app's things (nothing changed)."""
        ...

    def apply(self, *, user) -> Leaving:
        """Do what `preview` says, in the caller's transaction; the account is deleted after."""
        ...

    def nothing(self) -> Leaving:
        """The answer when there is nothing to do (the account was deleted meanwhile)."""
        ...


class DepartureRegistry(KeyedRegistry[Departure]):
    what = "departures"

    def __iter__(self) -> Iterator[Departure]:
        """Every departure, in the fixed order they apply and lock in."""
        return iter(sorted(self._by_key.values(), key=lambda d: (d.lock_order, d.key)))

    def keys(self) -> list[str]:
        return [departure.key for departure in self]


departures = DepartureRegistry()

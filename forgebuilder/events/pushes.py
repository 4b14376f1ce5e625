"""A player's devices told their table by Web Push (events/webpush.py does the protocol).

A subscription is made only by the player's own request from the event page, at most
`MAX_DEVICES` per entry (a new device replaces the oldest), and deleted when they stop, when
the push service says it is gone (404, 410) and when they leave. `round_pushes` is read in the
transaction that marks the round notified (notices.py), so a round is pushed once; a result
entered by a player is pushed to the opponent's devices while it waits for their confirmation.
"""

from __future__ import annotations

import logging
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from http.client import HTTPException

from django.db import transaction
from django.urls import reverse

from . import webpush
from .models import Entrant, Game, PushSubscription, Round

log = logging.getLogger(__name__)
MAX_DEVICES = 5
# Pushes in flight at once: a round of 1,024 players' devices, one after another at about
# 100 ms a push service's answer, took nearly two minutes to reach the last phone.
AT_ONCE = 16


class PushRefused(ValueError):
    """A subscription the page cannot keep, with what is wrong in players' words."""


@transaction.atomic
def subscribe(*, entrant: Entrant, endpoint: str, p256dh: str, auth: str) -> PushSubscription:
    problem = webpush.subscription_problem(endpoint, p256dh, auth)
    if problem:
        raise PushRefused(problem)
    Entrant.objects.select_for_update().filter(pk=entrant.pk).first()  # one device at a time
    kept, _ = PushSubscription.objects.update_or_create(
        entrant=entrant, endpoint=endpoint, defaults={"p256dh": p256dh, "auth": auth}
    )
    older = entrant.push_subscriptions.exclude(pk=kept.pk).order_by("-created_at", "-pk")
    PushSubscription.objects.filter(pk__in=older.values("pk")[MAX_DEVICES - 1 :]).delete()
    return kept


def unsubscribe(*, entrant: Entrant, endpoint: str) -> int:
    """Forget the device's subscription (the player stopped); how many were deleted."""
    return PushSubscription.objects.filter(entrant=entrant, endpoint=endpoint).delete()[0]


@dataclass(frozen=True)
class Push:
    subscription_id: int
    endpoint: str
    p256dh: str
    auth: str
    message: dict[str, str]


def round_pushes(round_: Round, say) -> list[Push]:
    """The pushes of a round's pairing: one per subscribed device of each player paired.
    `say(game, them)` words where they play ("table 4 against eli")."""
    event = round_.event
    url = reverse("events:detail", args=[event.public_id])
    subscriptions = PushSubscription.objects.filter(
        entrant__in=[e for g in round_.games.all() for e in (g.first_id, g.second_id) if e],
        entrant__player__isnull=False,
    )
    by_entrant: dict[int, list[PushSubscription]] = {}
    for sub in subscriptions:
        by_entrant.setdefault(sub.entrant_id, []).append(sub)
    pushes = []
    for game in round_.games.select_related("first__player", "second__player"):
        for me, them in ((game.first, game.second), (game.second, game.first)):
            for sub in by_entrant.get(me.pk, []) if me is not None else []:
                body = f"Round {round_.number}: {say(game, them)}"
                message = {"title": event.name, "body": body, "url": url}
                pushes.append(Push(sub.pk, sub.endpoint, sub.p256dh, sub.auth, message))
    return pushes


def result_awaited(game: Game, by) -> bool:
    """Whether `by`'s result waits for an opponent with a device to tell (one cheap query,
    none when the site sends no pushes): only then is a push queued."""
    them = game.opponent_of(by)
    if them is None or not webpush.offered_key():
        return False
    return PushSubscription.objects.filter(entrant=them).exists()


def result_pushes(game: Game) -> list[Push]:
    """The pushes of a result waiting for confirmation: to the opponent's devices, in the words
    of the event page's own notice (events/now.py)."""
    them = game.opponent_of(game.reported_by)
    if them is None or them.player_id is None:
        return []
    said = f"{game.reported_by} entered {game.first_vp}–{game.second_vp} ({game.first.name} first)"
    event = game.round.event
    message = {
        "title": event.name,
        "body": f"Round {game.round.number}: {said}: confirm it.",
        "url": reverse("events:detail", args=[event.public_id]),
    }
    return [
        Push(sub.pk, sub.endpoint, sub.p256dh, sub.auth, message)
        for sub in PushSubscription.objects.filter(entrant=them)
    ]


def deliver(pushes: list[Push]) -> int:
    """Send each push, AT_ONCE at a time; how many the push services took. A gone
    subscription is deleted; any other failure is logged and the rest go on."""
    if not pushes:
        return 0
    try:
        vapid = webpush.configured()
    except webpush.PushError:
        log.exception("WEBPUSH_VAPID_PRIVATE_KEY is not a key: no push is sent")
        return 0
    if vapid is None:
        return 0

    def status_of(push: Push) -> int | None:
        """The push service's answer to `push`, None when there was none (no database here:
        the pushes go out from threads)."""
        try:
            return webpush.send(vapid, push.endpoint, push.p256dh, push.auth, push.message)
        except (OSError, HTTPException, ValueError):  # no answer, a garbled one, a bad key
            log.warning("A push to %s could not be sent", webpush.origin(push.endpoint))
            return None

    with ThreadPoolExecutor(max_workers=min(AT_ONCE, len(pushes))) as pool:
        statuses = list(pool.map(status_of, pushes))
    sent, gone = 0, []
    for push, status in zip(pushes, statuses, strict=True):
        if status is None:
            continue  # logged in the thread
        if status in webpush.GONE:
            gone.append(push.subscription_id)
        elif 200 <= status < 300:
            sent += 1
        else:
            log.warning("%s answered a push with %s", webpush.origin(push.endpoint), status)
    if gone:
        PushSubscription.objects.filter(pk__in=gone).delete()
    return sent

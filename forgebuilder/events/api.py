"""The event's read-only JSON API for other tools (streaming overlays, pairing screens, club
sites): the event, its players, lists (as our list JSON, only once lists are public), rounds
with pairings and results. Authenticated by a revocable key the organiser makes on the desk,
sent as `Authorization: Bearer <key>` (never a password); paged by `?page=N`.

Reads only: GET, no cookies' state, so no CSRF token is involved.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable, Sequence

from django.core.paginator import EmptyPage, Paginator
from django.http import HttpRequest, JsonResponse
from django.utils import timezone
from django.views.decorators.http import require_GET

from forgebuilder.numbers import parse_whole_number
from forgebuilder.ratelimit import rate_limited

from . import selectors
from .models import ApiToken, Event, Game
from .presenters import standings_rows

PAGE_SIZE = 50


def token_make(*, event: Event, name: str) -> str:
    """A new key for `event`; the key itself is returned once and never stored."""
    key = "fbe_" + secrets.token_urlsafe(32)
    ApiToken.objects.create(
        event=event, name=name.strip()[:80] or "API key", prefix=key[4:10], digest=_digest(key)
    )
    return key


def _digest(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def _problem(message: str, status: int) -> JsonResponse:
    response = JsonResponse({"error": message}, status=status)
    if status == 401:
        response["WWW-Authenticate"] = 'Bearer realm="forgebuilder events"'
    return response


def _authorised(view: Callable) -> Callable:
    @require_GET
    @rate_limited("api", "API requests", methods=("GET",))
    def wrapped(request: HttpRequest, public_id: str) -> JsonResponse:
        header = request.headers.get("Authorization", "")
        scheme, _, key = header.partition(" ")
        if scheme.lower() != "bearer" or not key.strip():
            return _problem("Send the event's API key: Authorization: Bearer <key>.", 401)
        token = (
            ApiToken.objects.select_related("event__module")
            .filter(digest=_digest(key.strip()), revoked_at__isnull=True)
            .first()
        )
        if token is None or token.event.public_id != public_id:
            return _problem("This key is not a live key of this event.", 401)
        ApiToken.objects.filter(pk=token.pk).update(last_used_at=timezone.now())
        return view(request, token.event)

    return wrapped


def _page(request: HttpRequest, items: Sequence, render: Callable) -> dict:
    number = parse_whole_number(request.GET.get("page", "1"), max_digits=6) or 1
    paginator = Paginator(items, PAGE_SIZE)
    try:
        page = paginator.page(number)
    except EmptyPage:
        page = None
    return {
        "count": paginator.count,
        "page": number,
        "pages": paginator.num_pages,
        "results": [render(item) for item in page] if page else [],
    }


@_authorised
def event_json(request: HttpRequest, event: Event) -> JsonResponse:
    return JsonResponse(
        {
            "name": event.name,
            "date": event.starts_on.isoformat(),
            "place": event.place,
            "game": event.module.slug if event.module is not None else None,
            "game_name": event.game,
            "points_limit": event.points_limit,
            "casual": event.casual,
            "factions": event.factions,
            "list_deadline": event.list_deadline.isoformat(),
            "lists_public": selectors.lists_revealed(event),
            "rounds": event.rounds,
            "scoring": {
                "win": event.win_points,
                "draw": event.draw_points,
                "loss": event.loss_points,
                "tiebreakers": list(event.scoring.tiebreakers),
            },
        }
    )


@_authorised
def players_json(request: HttpRequest, event: Event) -> JsonResponse:
    rows = standings_rows(event)
    return JsonResponse(
        _page(
            request,
            rows,
            lambda r: {
                "id": r["entrant"].pk,
                "name": r["name"],
                "club": r["club"],
                "dropped": r["dropped"],
                "rank": r["rank"],
                "points": r["points"],
                "record": r["record"].replace("–", "-"),
                "vp_difference": r["vp_diff"],
                "strength_of_schedule": r["sos"],
            },
        )
    )


@_authorised
def lists_json(request: HttpRequest, event: Event) -> JsonResponse:
    if not selectors.lists_revealed(event):
        return _problem("Lists are hidden until the organiser's reveal time.", 403)
    entrants = list(event.entrants.select_related("player", "submission").order_by("pk"))
    with_lists = [e for e in entrants if hasattr(e, "submission")]
    return JsonResponse(
        _page(
            request,
            with_lists,
            lambda e: {
                "player": e.pk,
                # a foreign roster: checked by its builder only, never called legal here
                "legal": None if e.submission.foreign else e.submission.legal,
                "checked_by": e.submission.builder or "forgebuilder",
                "review": e.submission.review,
                "problems": e.submission.problems,
                "list": e.submission.document,
            },
        )
    )


@_authorised
def rounds_json(request: HttpRequest, event: Event) -> JsonResponse:
    games = Game.objects.filter(round__event=event).select_related(
        "round", "first__player", "second__player"
    )
    by_round: dict[int, list] = {}
    for game in games.order_by("round__number", "table", "pk"):
        by_round.setdefault(game.round.number, []).append(
            {
                "table": game.table,
                "players": [game.first.pk, game.second.pk if game.second else None],
                "bye": game.bye,
                "result": [game.first_vp, game.second_vp]
                if game.status == Game.CONFIRMED and not game.bye
                else None,
                "status": game.status,
            }
        )
    rounds = [{"round": n, "games": g} for n, g in sorted(by_round.items())]
    return JsonResponse(_page(request, rounds, lambda r: r))

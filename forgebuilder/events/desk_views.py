"""The organiser's desk: its players' rows, their actions (in place with htmx), ticked
players checked in at once, and the round clock. Thin views over `services` and `clock`."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.http import urlencode
from django.views.decorators.http import require_POST

from forgebuilder import refusals
from forgebuilder.dbretry import retried_on_restart
from forgebuilder.engine.api import plural
from forgebuilder.numbers import id_number, parse_whole_number
from forgebuilder.refusals import Forbidden

from . import clock, selectors, services
from .models import Entrant, Event, Submission


def organised(request: HttpRequest, public_id: str) -> Event:
    """The event of `public_id`, refused to anyone but its organiser."""
    event = selectors.event_by_public_id(public_id)
    if not selectors.is_organiser(event, request.user):
        raise Forbidden(
            "Only the organiser runs the desk of this event.",
            "Your table, your opponent and your result form are on the event page.",
            (reverse("events:detail", args=[event.public_id]), f"Back to {event.name}"),
        )
    return event


@login_required
def desk(request: HttpRequest, public_id: str) -> HttpResponse:
    event = organised(request, public_id)
    sort = request.GET.get("sort", "player")
    show = request.GET.get("show", "all")
    show = show if show in selectors.DESK_FILTERS else "all"
    desk = selectors.desk_of(event=event, sort=sort)
    return render(
        request,
        "events/desk.html",
        {
            "event": event,
            "desk": desk,
            "rows": desk.shown(show),
            "sort": sort,
            "sorts": [
                ("player", "Player"),
                ("verdict", "Verdict"),
                ("faction", "Faction"),
                ("points", "Points"),
            ],
            "show": show,
            "filters": [(k, label, n) for (k, label), n in
                        zip(selectors.DESK_FILTERS.items(), desk.counts().values(), strict=True)],
            "started": event.round_set.exists(),
            "clock_round": (current := selectors.current_round(event)),
            "clock": clock.clock_state(current, timezone.now()),
            "api_tokens": event.api_tokens.all(),
            "new_key": request.session.pop("event_api_key", None),
            "api_url": request.build_absolute_uri(reverse("events:api_event", args=[public_id])),
        },
    )  # fmt: skip


DESK_SAID = {
    Submission.ACCEPTED: "{name}'s list is accepted.",
    Submission.FIX: "{name} is asked for a fix.",
    Submission.REJECTED: "{name}'s list is rejected.",
    "check_in": "{name} is checked in.",
    "check_out": "{name}'s check-in is undone.",
    "drop": "{name} is dropped.",
    "rating": "{name}'s rating is saved.",
}


@retried_on_restart  # applied once however often it is posted (results.py, the desk)
@login_required
@require_POST
def desk_action(request: HttpRequest, public_id: str, entrant_id: int) -> HttpResponse:
    """One player's row at the desk: review, check in, drop, rate. With htmx the row is
    redrawn in place with the desk's counts; without, the desk is shown again."""
    event = organised(request, public_id)
    entrant = get_object_or_404(Entrant, pk=entrant_id, event=event)
    action = request.POST.get("action", "")
    htmx = request.headers.get("HX-Request") == "true"
    try:
        _desk_act(event, entrant, action, request.POST)
    except services.EventRefused as exc:
        if htmx:
            raise  # flashed above the desk (refusals.answer)
        refusals.flash(request, exc, prefix=f"{entrant.name}: ")
    else:
        said = DESK_SAID[action].format(name=entrant.name)
        if htmx:
            return _desk_row_answer(request, event, entrant, said)
        messages.success(request, said)
    url = reverse("events:desk", args=[public_id])
    return redirect(f"{url}?sort={request.POST.get('sort', 'player')}#entrant-{entrant.pk}")


def _desk_act(event: Event, entrant: Entrant, action: str, data) -> None:
    if action in {Submission.ACCEPTED, Submission.REJECTED, Submission.FIX}:
        note = data.get("note", "")
        services.submission_review(event=event, entrant=entrant, decision=action, note=note)
    elif action in {"check_in", "check_out"}:
        services.entrant_check_in(event=event, entrant=entrant, checked_in=action == "check_in")
    elif action == "drop":
        services.entrant_drop(event=event, entrant=entrant)
    elif action == "rating":
        rating = parse_whole_number(data.get("rating", ""), max_digits=5)
        if rating is None:
            raise services.EventRefused("A rating is a whole number such as 1500.")
        Entrant.objects.filter(pk=entrant.pk).update(rating=rating)
    else:
        raise services.EventRefused("Choose what to do with this player.")


def _desk_row_answer(request: HttpRequest, event: Event, entrant: Entrant, said: str):
    """The player's row drawn again, and (out of band) the desk's counts and what was done."""
    context = {
        "event": event,
        "row": selectors.desk_row(event=event, entrant_id=entrant.pk),
        "desk": selectors.desk_of(event=event),
        "sort": request.POST.get("sort", "player"),
        "started": event.round_set.exists(),
        "said": said,
    }
    return render(request, "events/_desk_answer.html", context)


@login_required
@require_POST
def desk_bulk(request: HttpRequest, public_id: str) -> HttpResponse:
    """Check in (or undo the check-in of) the players ticked at the desk, at once."""
    event = organised(request, public_id)
    ids = [n for n in map(id_number, request.POST.getlist("entrants")) if n is not None]
    action = request.POST.get("action", "")
    if not ids or action not in ("check_in", "check_out"):
        messages.error(request, "Tick the players first, then choose what to do with them.")
    else:
        done = services.entrants_check_in(
            event=event, entrant_ids=ids, checked_in=action == "check_in"
        )
        verb = "checked in" if action == "check_in" else "no longer checked in"
        messages.success(request, f"{plural(done, 'player')} {verb}.")
    show = urlencode({"show": request.POST.get("show", "all")})
    return redirect(reverse("events:desk", args=[public_id]) + f"?{show}")


@login_required
@require_POST
def clock_action(request: HttpRequest, public_id: str) -> HttpResponse:
    """The organiser starts, pauses, resumes, extends or stops the current round's clock."""
    event = organised(request, public_id)
    current = selectors.current_round(event)
    desk_url = reverse("events:desk", args=[public_id]) + "#clock"
    if current is None:
        messages.error(request, "Pair round 1 first: the clock runs a round.")
        return redirect(desk_url)
    action = request.POST.get("action", "")
    try:
        minutes = (
            clock.clock_minutes(request.POST.get("minutes", ""))
            if action in ("start", "add")
            else 0
        )
        state = clock.clock_act(round_=current, action=action, now=timezone.now(), minutes=minutes)
    except clock.ClockRefused as refused:
        messages.error(request, f"{refused.message} {refused.hint}".strip())
        return redirect(desk_url)
    messages.success(request, CLOCK_SAID[state.status].format(n=current.number, left=state.shown))
    return redirect(desk_url)


CLOCK_SAID = {
    clock.RUNNING: "Round {n}'s clock runs: {left} to go.",
    clock.PAUSED: "Round {n}'s clock is paused at {left}.",
    clock.STOPPED: "Round {n}'s clock is stopped.",
    clock.TIME: "Round {n}'s clock is at time.",
}

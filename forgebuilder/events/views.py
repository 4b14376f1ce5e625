"""Event pages: thin views over `services` and `selectors`; every POST is CSRF-protected."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.http import content_disposition_header
from django.views.decorators.http import require_POST

from forgebuilder import refusals
from forgebuilder.dbretry import retried_on_restart
from forgebuilder.filenames import file_stem
from forgebuilder.numbers import id_number, parse_whole_number
from forgebuilder.printing.api import (
    PdfState,
    pdf_off_page,
    pdf_waiting_page,
    qr_svg_response,
    render_scope,
)
from forgebuilder.ratelimit import client_key, rate_limited, too_many
from forgebuilder.refusals import Forbidden

from . import api, csv_export, pack_pdf, selectors, services, sources, webpush
from .board import board
from .board_part import board_params, board_stamp, drawn_board
from .desk_views import organised as _organised
from .foreign import checked_by
from .forms import EventForm
from .models import ApiToken, Entrant, Event, Game
from .now import drawn_now, now_of, now_stamp, parts_of, row_again, section_stamp
from .polling import answered
from .presenters import event_page, list_view
from .reader_page import for_anyone, kept_page


@login_required
def event_list(request: HttpRequest) -> HttpResponse:
    return render(request, "events/list.html", {"events": selectors.events_of(user=request.user)})


@login_required
def event_new(request: HttpRequest) -> HttpResponse:
    if "pick_game" in request.POST:  # without JavaScript: the form again, with the game's factions
        picked = request.POST.get("module")
        form = EventForm(initial=request.POST.dict(), game_id=picked)
        return render(request, "events/new.html", {"form": form})
    form = EventForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        form.instance.organiser = request.user
        event = form.save()
        messages.success(request, f"{event.name} is ready: share its link with the players.")
        return redirect("events:detail", public_id=event.public_id)
    return render(request, "events/new.html", {"form": form})


@login_required
def new_factions(request: HttpRequest) -> HttpResponse:
    """The event form's factions of the game chosen (htmx, when the game changes)."""
    form = EventForm(game_id=request.GET.get("module"))
    return render(request, "events/_pack_factions.html", {"form": form})


def _page_context(request: HttpRequest, event: Event, entrant: Entrant | None) -> dict:
    """The event page's context around its board, as `request`'s user sees it."""
    # only a signed-in player's own game or the organiser's board carries a form
    csrf = get_token(request) if request.user.is_authenticated else ""
    drawn = board(event, request.user, request.GET, entrant=entrant, csrf=csrf)
    return event_page(event, request.user, entrant, drawn)


def event_detail(request: HttpRequest, public_id: str) -> HttpResponse:
    event = selectors.event_by_public_id(public_id)
    entrant = selectors.entrant_of(event, request.user, with_submission=True)
    context = _page_context(request, event, entrant)
    # drawn when the template reaches it: not at all for a reader's page kept (reader_page.py)
    context["board_part"] = lambda: drawn_board(request, event, context)
    context["link"] = request.build_absolute_uri(reverse("events:detail", args=[public_id]))
    context["now_section"] = ""  # what the player needs now, drawn for a player taking part
    context["push_key"] = ""  # the key a player's device subscribes with: "" offers no Web Push
    if entrant is not None:
        if event.hosted:
            context["own_lists"] = sources.own_lists_for(event=event, user_id=request.user.pk)
        else:
            context["own_rosters"] = sources.own_rosters_for(user_id=request.user.pk)
        if not entrant.dropped:
            now = now_of(event, entrant, request.user, found=context.get("found"))
            context["now_section"], _stamp = drawn_now(request, event, entrant, now)
            context["push_key"] = webpush.offered_key()
    if for_anyone(request) and context["board_key"] is not None:
        return kept_page(request, event, context)
    return render(request, "events/detail.html", context)


def event_now(request: HttpRequest, public_id: str) -> HttpResponse:
    """The player's "now" section again, or 204 when nothing it may show changed since the
    stamp in `since` (or when the asker plays no part in the event)."""
    event = selectors.event_by_public_id(public_id)
    since = parts_of(request.GET.get("since", ""))
    board = now_stamp(event)
    if since[0] == board:
        return HttpResponse(status=204)  # the event as it was: one cached query
    entrant = selectors.entrant_of(event, request.user)
    if entrant is None or entrant.dropped:
        return HttpResponse(status=204)
    now = now_of(event, entrant, request.user)
    stamp = section_stamp(event, now, board)
    if since[1] and since[1] == parts_of(stamp)[1]:
        return HttpResponse(status=204)  # another table's change: nothing of theirs to draw
    html, _stamp = drawn_now(request, event, entrant, now, stamp)
    return HttpResponse(html + row_again(request, event, now))


def event_board(request: HttpRequest, public_id: str) -> HttpResponse:
    """The round's pairings and the standings again, or 204 when they are what the page shows
    (its stamp in `since`)."""
    event = selectors.event_by_public_id(public_id)
    stamp = board_stamp(event, board_params(request.GET))

    def drawn() -> str:
        entrant = selectors.entrant_of(event, request.user, with_submission=True)
        context = _page_context(request, event, entrant)
        return drawn_board(request, event, context)

    return answered(request, stamp, drawn)


def _back(event: Event, anchor: str = "") -> HttpResponse:
    url = reverse("events:detail", args=[event.public_id])
    return redirect(f"{url}#{anchor}" if anchor else url)


@login_required
@require_POST
def event_register(request: HttpRequest, public_id: str) -> HttpResponse:
    event = selectors.event_by_public_id(public_id)
    try:
        services.entrant_register(
            event=event, player=request.user, club=request.POST.get("club", "")[:80]
        )
    except services.EventRefused as exc:
        refusals.flash(request, exc)
    else:
        messages.success(request, "You are registered: submit your list below.")
    return _back(event, "my-entry")


@login_required
@require_POST
def event_submit(request: HttpRequest, public_id: str) -> HttpResponse:
    event = selectors.event_by_public_id(public_id)
    entrant = selectors.entrant_of(event, request.user)
    try:
        if entrant is None:
            raise services.EventRefused("Register for the event first, then submit your list.")
        submission = _submitted(request, event, entrant)
    except services.EventRefused as exc:
        refusals.flash(request, exc)
    else:
        if submission.foreign and submission.legal:
            said = f"{submission.name} is in, {checked_by(submission.builder).lower()}."
            messages.success(request, said)
        elif submission.legal:
            messages.success(request, f"{submission.name} is in, and legal for {event.name}.")
        else:
            messages.error(request, f"{submission.name} is in, but has problems: fix them below.")
    return _back(event, "my-entry")


def _submitted(request: HttpRequest, event: Event, entrant):
    """The list (or, at an event of a game not hosted here, the kept roster) submitted."""
    if not event.hosted:
        kept, source = sources.submitted_roster(
            user_id=request.user.pk, roster_id=request.POST.get("roster", "")
        )
        return services.roster_submit(entrant=entrant, kept=kept, source=source)
    document, source = sources.submitted_document(
        event=event,
        user_id=request.user.pk,
        list_id=request.POST.get("list", ""),
        share_link=request.POST.get("share_link", ""),
    )
    return services.submission_submit(entrant=entrant, document=document, source=source)


@login_required
@require_POST
def event_drop(request: HttpRequest, public_id: str) -> HttpResponse:
    event = selectors.event_by_public_id(public_id)
    entrant = selectors.entrant_of(event, request.user)
    if entrant is not None:
        services.entrant_drop(event=event, entrant=entrant)
        messages.info(request, "You dropped: you will not be paired again.")
    return _back(event)


@login_required
@require_POST
def event_notify(request: HttpRequest, public_id: str) -> HttpResponse:
    """The player asks for their table by e-mail each round, or stops asking."""
    event = selectors.event_by_public_id(public_id)
    entrant = selectors.entrant_of(event, request.user)
    if entrant is None:
        messages.error(
            request, "Register for the event first: then you can get your table by e-mail."
        )
        return _back(event)
    on = request.POST.get("notify") == "on"
    if on and not request.user.email:
        messages.error(
            request, "Your account has no e-mail address: add one on your account page first."
        )
        return _back(event, "notices")
    services.entrant_notify(entrant=entrant, on=on)
    said = f"You will get your table by e-mail at {request.user.email} when each round is paired."
    messages.success(request, said if on else "No more e-mails about your tables.")
    return _back(event, "notices")


@login_required
@require_POST
def round_pair(request: HttpRequest, public_id: str) -> HttpResponse:
    event = _organised(request, public_id)
    try:
        new = services.round_pair(event=event, base_url=request.build_absolute_uri("/"))
    except services.EventRefused as exc:
        refusals.flash(request, exc)
    else:
        messages.success(request, f"Round {new.number} is paired.")
        for warning in new.warnings:
            messages.warning(request, warning)
    return _back(event, "round")


@login_required
@require_POST
def games_swap(request: HttpRequest, public_id: str) -> HttpResponse:
    event = _organised(request, public_id)
    picked = [
        Entrant.objects.filter(event=event, pk=id_number(request.POST.get(f, "")) or 0).first()
        for f in ("first", "second")
    ]
    try:
        if None in picked:
            raise services.EventRefused("Choose the two players to swap.")
        warnings = services.games_swap(event=event, first=picked[0], second=picked[1])
    except services.EventRefused as exc:
        refusals.flash(request, exc)
    else:
        messages.success(request, f"{picked[0].name} and {picked[1].name} swapped places.")
        for warning in warnings:
            messages.warning(request, warning)
    return _back(event, "round")


@login_required
@require_POST
def api_keys(request: HttpRequest, public_id: str) -> HttpResponse:
    """Make a key (shown once, on the desk) or revoke one."""
    event = _organised(request, public_id)
    revoke = id_number(request.POST.get("revoke", ""))
    if revoke is not None:
        ApiToken.objects.filter(event=event, pk=revoke, revoked_at__isnull=True).update(
            revoked_at=timezone.now()
        )
        messages.info(request, "The key is revoked: tools using it are refused from now on.")
    else:
        key = api.token_make(event=event, name=request.POST.get("name", ""))
        request.session["event_api_key"] = key
    return redirect(reverse("events:desk", args=[public_id]) + "#api")


@login_required
@rate_limited(render_scope, "PDF downloads", methods=("GET", "HEAD"))
def event_pack(request: HttpRequest, public_id: str) -> HttpResponse:
    """The event's pack (PDF): drawn by the PDF workers; a waiting page until it is ready."""
    event = _organised(request, public_id)
    if (off := pdf_off_page(request, title="event pack")) is not None:
        return off
    status = pack_pdf.pack_request(event=event, client=client_key(request))
    if status.state is PdfState.BUSY:
        return too_many(request, status.retry_after, "PDFs being drawn for you at once")
    if status.state is PdfState.READY and request.GET.get("wait") != "1":
        response = HttpResponse(status.pdf, content_type="application/pdf")
        response["Content-Disposition"] = content_disposition_header(
            as_attachment=True, filename=f"{file_stem(event.name, 'event')}-pack.pdf"
        )
        return response
    return pdf_waiting_page(request, status.state, title="event pack")


@login_required
def event_csv(request: HttpRequest, public_id: str) -> HttpResponse:
    event = _organised(request, public_id)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = content_disposition_header(
        as_attachment=True, filename=f"{file_stem(event.name, 'event')}.csv"
    )
    csv_export.write(event, response)
    return response


@retried_on_restart  # applied once however often it is posted (results.py, the desk)
@login_required
@require_POST
def game_result(request: HttpRequest, public_id: str, game_id: int) -> HttpResponse:
    event = selectors.event_by_public_id(public_id)
    game = get_object_or_404(Game.objects.select_related("round"), pk=game_id, round__event=event)
    try:
        first_vp, second_vp = (
            parse_whole_number(request.POST.get(f, ""), max_digits=4)
            for f in ("first_vp", "second_vp")
        )
        action = request.POST.get("action", "")
        if first_vp is None or second_vp is None:
            raise services.EventRefused(
                f"Table {game.table}: enter both players' victory points as whole numbers."
                if not action
                else "Reload the page and try again: it is older than this result's form."
            )
        act = {"confirm": services.game_confirm, "withdraw": services.game_withdraw}.get(
            action, services.game_report
        )
        act(game=game, by=request.user, first_vp=first_vp, second_vp=second_vp)
    except services.EventRefused as exc:
        refusals.flash(request, exc)
    return _back(event, "now" if request.POST.get("back") == "now" else f"game-{game.pk}")


def submitted_list(request: HttpRequest, public_id: str, entrant_id: int) -> HttpResponse:
    event = selectors.event_by_public_id(public_id)
    entrant = get_object_or_404(
        Entrant.objects.select_related("player", "submission"),
        pk=id_number(str(entrant_id)) or 0,
        event=event,
    )
    if not hasattr(entrant, "submission"):
        raise Forbidden(
            f"{entrant.name} has not submitted a list.",
            "Lists appear here once their players submit them.",
            (reverse("events:detail", args=[event.public_id]), f"Back to {event.name}"),
        )
    if not selectors.may_see_list(event, entrant, request.user):
        raise Forbidden(
            "Lists stay hidden until the organiser reveals them.",
            selectors.reveal_hint(event),
            (reverse("events:detail", args=[event.public_id]), f"Back to {event.name}"),
        )
    return render(
        request,
        "events/submitted_list.html",
        {"event": event, "entrant": entrant, "view": list_view(event, entrant.submission)},
    )


def event_qr(request: HttpRequest, public_id: str) -> HttpResponse:
    """The event's link as a QR code, to put on a screen or a flyer."""
    event = selectors.event_by_public_id(public_id)
    return qr_svg_response(
        request.build_absolute_uri(reverse("events:detail", args=[event.public_id]))
    )

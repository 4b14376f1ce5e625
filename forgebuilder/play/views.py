"""Game pages: thin views over `services` and `selectors`; every POST is CSRF-protected and
every game is its player's alone (an opponent's linked game is read, never written)."""

from __future__ import annotations

import re

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_GET, require_POST

from forgebuilder import inputguard, ratelimit, refusals
from forgebuilder.dbretry import retried_on_restart
from forgebuilder.lists.api import army_list_owned, evaluated_list, evaluated_shared_list, owner_of
from forgebuilder.numbers import parse_whole_number
from forgebuilder.printing.api import qr_svg_data_uri
from forgebuilder.ratelimit import rate_limited
from forgebuilder.rosters.api import StoredRosterError, roster_owned

from . import rounds, selectors, services
from .presenters import tracker_page
from .tracker import for_device

MAX_SYNC_BYTES = 256 * 1024
CHANGE_PATH = re.compile(r"changes\[(\d+)\]")


@login_required
@require_GET
def game_list(request: HttpRequest) -> HttpResponse:
    return render(request, "play/games.html", {"games": selectors.games_of(player=request.user)})


def _start(request: HttpRequest, evaluated, *, opponent: str = "", event_game=None) -> HttpResponse:
    try:
        game = services.start_game(
            player=request.user, evaluated=evaluated,
            opponent_name=request.POST.get("opponent") or opponent, event_game=event_game,
        )  # fmt: skip
    except services.GameRefused as refusal:
        back = request.POST.get("back", "")
        safe = url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()})
        return refusals.answer(request, refusal, back if back and safe else reverse("play:games"))
    return redirect("play:tracker", public_id=game.public_id)


@login_required
@require_POST
@rate_limited("create", "new games")
def start_from_list(request: HttpRequest, public_id: str) -> HttpResponse:
    army_list = army_list_owned(owner=owner_of(request), public_id=public_id)
    return _start(request, evaluated_list(army_list=army_list))


@login_required
@require_POST
@rate_limited("create", "new games")
def start_from_share(request: HttpRequest, token: str) -> HttpResponse:
    return _start(request, evaluated_shared_list(token=token))


@login_required
@require_POST
@rate_limited("create", "new games")
def start_from_foreign(request: HttpRequest, public_id: str) -> HttpResponse:
    """A game with one of the player's foreign rosters (a game not hosted here)."""
    try:
        kept = roster_owned(owner_of(request), public_id)
    except StoredRosterError:
        kept = None
    if kept is None:
        raise refusals.NotFound(
            "No foreign roster of yours has this address that can be read.",
            "It may have been deleted, or kept in another browser or account.",
        )
    try:
        game = services.start_foreign_game(
            player=request.user, kept=kept, opponent_name=request.POST.get("opponent", "")
        )
    except services.GameRefused as refusal:
        return refusals.answer(request, refusal, reverse("rosters:roster", args=[public_id]))
    return redirect("play:tracker", public_id=game.public_id)


@login_required
@require_POST
@rate_limited("create", "new games")
def start_for_pairing(request: HttpRequest, event_id: str, pairing: int) -> HttpResponse:
    """A game for the player's pairing of an event round, with the list they submitted."""
    try:
        found = rounds.pairing_of(player=request.user, event_id=event_id, pairing=pairing)
        evaluated = rounds.submitted_list(player=request.user, pairing=found)
    except rounds.PairingRefused as refusal:
        return refusals.answer(request, refusal, reverse("events:detail", args=[event_id]))
    opponent = found.opponent_of(request.user)
    name = opponent.name if opponent is not None else ""  # pairing_of refuses a bye
    return _start(request, evaluated, opponent=name, event_game=found)


@login_required
@require_GET
def tracker(request: HttpRequest, public_id: str) -> HttpResponse:
    game = selectors.game_of(player=request.user, public_id=public_id)
    context = tracker_page(game)
    link = reverse("play:link", args=[game.link_code])
    context["link_url"] = request.build_absolute_uri(link)
    context["link_qr"] = qr_svg_data_uri(context["link_url"])
    return render(request, "play/tracker.html", context)


@login_required
@require_POST
@rate_limited("play-tap", "taps")
def tap(request: HttpRequest, public_id: str) -> HttpResponse:
    """One tap from the page without JavaScript (its button's `do`: "add:<counter>:<by>",
    "toggle:<counter>", "spend:<pool>:<what>", "gain:<pool>", "next_round", "undo"): the
    script's changes."""
    game = selectors.game_ref(player=request.user, public_id=public_id)
    intent, _, rest = request.POST.get("do", "").partition(":")
    path, by, spend = rest, 0, ""
    if intent == "add":
        path, _, raw = rest.rpartition(":")
        by = parse_whole_number(raw, negative=True) or 0  # 0: refused as no control
    elif intent == "spend":
        path, spend = "", rest
    try:
        result = services.tap(
            game=game, player=request.user, intent=intent, path=path, by=by, spend=spend
        )
    except services.GameRefused as refusal:
        refusals.flash(request, refusal)
    else:
        for reason in result.not_saved():
            messages.error(request, reason)
    return redirect(reverse("play:tracker", args=[public_id]) + _anchor(path))


def _anchor(path: str) -> str:
    """Where the page opens again after a tap: the unit's row, else the top bar."""
    parts = path.split(".")
    return f"#u-{parts[1]}" if len(parts) == 3 and parts[0] == "u" else "#play-bar"


@retried_on_restart  # each change carries its id and is applied once: safe to run again
@login_required
@require_POST
def sync(request: HttpRequest, public_id: str) -> JsonResponse:
    """The changes a device made (offline or not), applied in order; answers the state now.
    A body the app does not read (`inputguard.read_json`) is refused whole, naming the path
    and, in `refused_change`, which change the phone should drop (its place in the batch)."""
    game = selectors.game_ref(player=request.user, public_id=public_id)
    limited = _limited(request, "play-sync", "saves of your games")
    if limited is not None:
        return limited
    if len(request.body) > MAX_SYNC_BYTES:
        return JsonResponse({"error": "Too many changes at once: send them in parts."}, status=413)
    try:
        body = inputguard.read_json(request.body or b"{}", max_bytes=MAX_SYNC_BYTES)
        if not isinstance(body, dict):
            raise inputguard.JsonRefused("", "send the changes as a JSON object")
        result = services.sync(
            game=game, player=request.user, changes=body.get("changes", []), sent=body.get("sent")
        )
    except inputguard.JsonRefused as refused:
        return _refused(refused)
    except services.GameRefused as refusal:
        return JsonResponse({"error": str(refusal)}, status=400)
    return JsonResponse({
        "state": for_device(result.game.state), "version": result.game.version,
        # "conflicts" stays empty: pages cached before counting by increments read it as kept
        # from elsewhere; what was dropped is in "refused", with its reason
        "applied": result.applied, "conflicts": [], "refused": result.not_saved(),
        "now": services.now_ms(), "clock_off_minutes": result.clock_off,
    })  # fmt: skip


def _refused(refused: inputguard.JsonRefused) -> JsonResponse:
    """400 naming what was refused and where; the place of the change it is in, if any."""
    answer: dict = {"error": f"Not saved: {refused}.", "path": refused.path}
    found = CHANGE_PATH.match(refused.path)
    if found:
        answer["refused_change"] = int(found[1])
    return JsonResponse(answer, status=400)


def _limited(request: HttpRequest, scope: str, what: str) -> JsonResponse | None:
    """429 (JSON, with Retry-After) once the player has passed the limit of `scope`."""
    decision = ratelimit.hit(scope, ratelimit.client_key(request))
    if decision.allowed:
        return None
    wait = max(decision.retry_after, 1)
    message = f"Too many {what} from you: trying again in {ratelimit.wait_text(wait)}."
    response = JsonResponse({"error": message, "retry_after": wait}, status=429)
    response["Retry-After"] = str(wait)
    return response


@login_required
@require_GET
def state(request: HttpRequest, public_id: str) -> JsonResponse:
    """The game's state and the linked opponent's counters (read-only), for the page to poll."""
    game = selectors.game_of(player=request.user, public_id=public_id)
    return JsonResponse({
        "state": for_device(game.state), "version": game.version,
        "opponent": selectors.opponent_counters(game), "now": services.now_ms(),
    })  # fmt: skip


@login_required
def link(request: HttpRequest, code: str) -> HttpResponse:
    """The opponent's link: pick one of your games to link to theirs."""
    other = selectors.game_by_link_code(code)
    if request.method == "POST":
        game = selectors.game_of(player=request.user, public_id=request.POST.get("game", ""))
        try:
            services.link(game=game, player=request.user, code=code)
        except services.GameRefused as refusal:
            refusals.flash(request, refusal)
        else:
            messages.success(request, f"Linked to {other.player.get_username()}'s game.")
            return redirect("play:tracker", public_id=game.public_id)
    games = [g for g in selectors.games_of(player=request.user) if not g.finished and g != other]
    return render(request, "play/link.html", {"other": other, "games": games})


@login_required
@require_POST
def finish(request: HttpRequest, public_id: str) -> HttpResponse:
    game = selectors.game_of(player=request.user, public_id=public_id)
    raw = request.POST.get("opponent_vp", "").strip()
    opponent_vp = parse_whole_number(raw) if raw else None
    if raw and opponent_vp is None:
        messages.error(request, "Your opponent's victory points must be a whole number.")
        return redirect("play:tracker", public_id=public_id)
    try:
        finished = services.finish(
            game=game, player=request.user, result=request.POST.get("result", ""),
            opponent_vp=opponent_vp,
        )  # fmt: skip
    except services.GameRefused as refusal:
        return refusals.answer(
            request, refusal, reverse("play:tracker", args=[public_id]) + "#finish"
        )
    messages.success(request, "Game over: it is in your game history.")
    if finished.refused:
        messages.warning(request, finished.refused)
    if not finished.told:
        return redirect("play:games")
    messages.info(request, finished.told)
    mission, pairing = finished.game.mission, finished.game.event_game
    if mission is not None:
        return redirect("campaigns:report", pk=mission.campaign_id, number=mission.number)
    event = pairing.round.event.public_id
    return redirect(reverse("events:detail", args=[event]) + f"#game-{pairing.pk}")

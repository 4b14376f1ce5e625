"""Campaign pages: thin views over `services` and `selectors`; every POST is CSRF-protected."""

from __future__ import annotations

from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from factions.catalog import catalog_for
from factions.models import GameModule
from forgebuilder.armylists.listdoc import ListDocument, campaign_state_left_behind
from forgebuilder.numbers import id_number, parse_whole_number

from . import corrections, report_form, selectors, services
from .context import INVITE_SESSION_KEY
from .dice import DiceError, EnteredDie, SeededDie
from .models import Campaign, CampaignEvent, CampaignPlayer, Mission
from .steps import StepError

REFUSED = (services.CampaignError, StepError, DiceError)


def _organised(request: HttpRequest, pk: int, action: str) -> Campaign:
    """The campaign for its organiser; 404 for outsiders, 403 for its other members."""
    campaign = selectors.campaign_for_member(request.user, pk)
    try:
        services.require_organiser(campaign, request.user, action)
    except services.CampaignForbidden as exc:
        raise PermissionDenied(str(exc)) from exc
    return campaign


def _die(text: str, seed: str | None = None):
    """Blank: the server rolls (seeded, recorded); else the results players entered: `3 5 1`.

    `seed` rolls again what an earlier try rolled (a hero's skill-set pair, shown before the
    player picks one of it).
    """
    text = (text or "").replace(",", " ").strip()
    if not text:
        number = parse_whole_number(seed, max_digits=10)
        return SeededDie(number) if number is not None and number < 2**31 else SeededDie()
    try:
        return EnteredDie([_roll(v) for v in text.split()[:200]])
    except ValueError as exc:
        shown = text if len(text) <= 40 else text[:40] + "…"
        raise DiceError(f"Dice: '{shown}' is not a list of die rolls such as 3 5 1.") from exc


def _roll(text: str) -> int:
    number = parse_whole_number(text)
    if number is None:
        raise ValueError(text)
    return number


@login_required
def campaign_list(request: HttpRequest) -> HttpResponse:
    modules = GameModule.objects.filter(campaign__isnull=False)
    if request.method == "POST":
        module = modules.filter(pk=id_number(request.POST.get("module")) or 0).first()
        try:
            if module is None:
                raise services.CampaignError("Pick a game module that has campaign rules.")
            campaign = services.campaign_create(
                organiser=request.user, module=module, name=request.POST.get("name", "")
            )
        except REFUSED as exc:
            messages.error(request, str(exc))
        else:
            return redirect("campaigns:detail", pk=campaign.pk)
    return render(
        request,
        "campaigns/list.html",
        {"campaigns": selectors.campaigns_for(request.user), "modules": modules},
    )


@login_required
def campaign_detail(request: HttpRequest, pk: int) -> HttpResponse:
    campaign = selectors.campaign_for_member(request.user, pk)
    spec = catalog_for(campaign.module).spec.campaign
    players = list(campaign.players.select_related("user", "army"))
    return render(
        request,
        "campaigns/detail.html",
        {
            "campaign": campaign,
            "standings": selectors.standings(campaign),
            "players": players,
            "me": next((p for p in players if p.user_id == request.user.pk), None),
            "organiser": campaign.organiser_id == request.user.pk,
            "active_players": [p for p in players if p.left_at is None],
            "open_missions": [
                selectors.mission_briefing(campaign, m)
                for m in campaign.missions.filter(status=Mission.SET_UP)
            ],
            "next_step": selectors.next_step(campaign, request.user),
            "correction": selectors.correction_offer(campaign, request.user),
            "my_missions": list(
                campaign.missions.filter(status=Mission.SET_UP, players__user=request.user)
            ),
            "objectives": spec.objectives.entries.items() if spec else [],
            "history": CampaignEvent.objects.filter(campaign=campaign)
            .select_related("player__user", "by")
            .order_by("-pk")[:200],
            "invite_url": request.build_absolute_uri(f"/campaigns/join/{campaign.invite_token}/"),
        },
    )


def campaign_join(request: HttpRequest, token: str) -> HttpResponse:
    """The invitation: anyone with the link sees the campaign; a visitor logs in or signs up
    and comes back here; a player joins with a list, or starts one for the campaign."""
    campaign = get_object_or_404(
        Campaign.objects.select_related("module", "organiser"), invite_token=token
    )
    here = reverse("campaigns:join", args=[token])
    if not request.user.is_authenticated:
        return _invitation_page(request, campaign, here)
    if CampaignPlayer.objects.filter(campaign=campaign, user=request.user).exists():
        request.session.pop(INVITE_SESSION_KEY, None)
        return redirect("campaigns:detail", pk=campaign.pk)
    request.session[INVITE_SESSION_KEY] = token
    if request.method == "POST" and request.POST.get("action") == "start":
        try:
            army = services.campaign_army_start(
                campaign=campaign,
                user=request.user,
                faction=request.POST.get("faction", ""),
                name=request.POST.get("name", "")[:120],
            )
        except REFUSED as exc:
            messages.error(request, str(exc))
        else:
            messages.info(
                request,
                f"Add your founding army's units (up to {campaign.starting_points} pts); the "
                f"banner above brings you back to join {campaign.name}.",
            )
            return redirect("armylists:editor", public_id=army.public_id)
    elif request.method == "POST":
        lists = selectors.lists_to_bring(request.user, campaign)
        army = next((a for a in lists if str(a.pk) == request.POST.get("army")), None)
        try:
            if army is None:
                raise services.CampaignError("Pick one of your lists to bring.")
            stale = ListDocument.model_validate(army.document).campaign_units()
            services.campaign_join(campaign=campaign, user=request.user, army_list=army)
        except REFUSED as exc:
            messages.error(request, str(exc))
        else:
            request.session.pop(INVITE_SESSION_KEY, None)
            if stale:
                messages.info(request, campaign_state_left_behind(stale))
            return redirect("campaigns:detail", pk=campaign.pk)
    return _invitation_page(request, campaign, here)


def _invitation_page(request: HttpRequest, campaign: Campaign, here: str) -> HttpResponse:
    signed_in = request.user.is_authenticated
    lists = selectors.lists_to_bring(request.user, campaign) if signed_in else []
    factions = catalog_for(campaign.module).spec.factions
    return render(
        request,
        "campaigns/join.html",
        {
            "campaign": campaign,
            "players": campaign.players.filter(left_at__isnull=True).select_related("user"),
            "signed_in": signed_in,
            "next": urlencode({"next": here}),
            "lists": [
                {"list": a, "problems": services.army_problems(campaign=campaign, army_list=a)}
                for a in lists
            ],
            "picked": request.POST.get("army") or request.GET.get("army") or "",
            "factions": [(key, f.name) for key, f in factions.items()],
        },
    )


@login_required
@require_POST
def mission_new(request: HttpRequest, pk: int) -> HttpResponse:
    campaign = _organised(request, pk, "set up a mission")
    ids = [n for v in request.POST.getlist("players") if (n := id_number(v)) is not None]
    players = list(CampaignPlayer.objects.filter(campaign=campaign, pk__in=ids))
    try:
        die = _die(request.POST.get("dice", ""))
        services.mission_setup(
            campaign=campaign,
            players=players,
            die=die,
            objective=request.POST.get("objective") or None,
            by=request.user,
        )
    except REFUSED as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, "Mission set up: its objective and underdog points are below.")
    return redirect("campaigns:detail", pk=campaign.pk)


@login_required
def mission_report(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    campaign = selectors.campaign_for_member(request.user, pk)
    mission = get_object_or_404(Mission, campaign=campaign, number=number, status=Mission.SET_UP)
    players = list(mission.players.select_related("user"))
    if campaign.organiser_id != request.user.pk and all(
        p.user_id != request.user.pk for p in players
    ):
        raise PermissionDenied("Only the mission's players and the organiser report it.")
    sides = selectors.report_sides(mission)
    if request.method != "POST":
        values = report_form.kept(mission.draft, sides) or report_form.fresh(sides)
        return _report_page(request, campaign, mission, sides, values)
    values = report_form.kept(request.POST, sides)
    wrong = ""
    try:
        if "save_draft" in request.POST:
            services.mission_report_draft(mission=mission, values=values, by=request.user)
            messages.success(request, f"Draft of mission {number} saved: any player can finish it.")
            return redirect("campaigns:report", pk=campaign.pk, number=number)
        reports = report_form.reports(values, sides)
        with transaction.atomic():
            services.mission_report(
                mission=mission, reports=reports, die=report_form.report_die(values, sides)
            )
    except REFUSED as exc:
        messages.error(request, str(exc))
        wrong = getattr(exc, "field", None) or ""
    else:
        messages.success(request, f"Mission {number} recorded. Next: level-ups and upgrades.")
        return redirect("campaigns:detail", pk=campaign.pk)
    return _report_page(request, campaign, mission, sides, values, wrong)


@login_required
@require_POST
def mission_void(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """Void the last report (organiser), or ask for it / confirm the ask (its two players)."""
    campaign = selectors.campaign_for_member(request.user, pk)
    mission = get_object_or_404(Mission, campaign=campaign, number=number)
    try:
        voided = corrections.mission_report_void(
            mission=mission, by=request.user, reason=request.POST.get("reason", "")
        )
    except REFUSED as exc:
        messages.error(request, str(exc))
    else:
        if not voided.done:
            messages.info(
                request,
                f"You asked to void the report of mission {number}: the other player (or the "
                "organiser) confirms it.",
            )
        else:
            messages.success(request, f"The report of mission {number} is voided: report it again.")
            for line in voided.undone:
                messages.warning(request, f"Undone: {line}")
    return redirect("campaigns:detail", pk=campaign.pk)


@login_required
def mission_correct(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """The report form filled in with the recorded report (or the correction proposed): the
    organiser records a correction alone, a player proposes one, the other player confirms or
    declines it."""
    campaign = selectors.campaign_for_member(request.user, pk)
    mission = get_object_or_404(Mission, campaign=campaign, number=number)
    offer = selectors.correction_offer(campaign, request.user)
    if offer is None or offer["mission"].pk != mission.pk:
        why = corrections.correctable(mission) or "Only the organiser and the mission's players."
        messages.error(request, why)
        return redirect("campaigns:detail", pk=campaign.pk)
    sides = selectors.report_sides(mission, before_report=True)
    if request.method != "POST":
        if offer["proposal"]:
            values = report_form.kept(offer["proposal"]["values"], sides)
        else:
            values = report_form.recorded(selectors.recorded_report(mission), sides)
        reason = offer["proposal"]["reason"] if offer["proposal"] else ""
        return _report_page(
            request, campaign, mission, sides, values, correcting=offer, reason=reason
        )
    values = report_form.kept(request.POST, sides)
    reason = request.POST.get("reason", "")
    try:
        done = _correct(request, mission, offer, values, reason)
    except REFUSED as exc:
        messages.error(request, str(exc))
        if request.POST.get("action") in ("confirm", "decline"):  # nothing typed to keep
            return redirect("campaigns:detail", pk=campaign.pk)
        wrong = getattr(exc, "field", None) or ""
        return _report_page(
            request, campaign, mission, sides, values, wrong, correcting=offer, reason=reason
        )
    messages.success(request, done)
    return redirect("campaigns:detail", pk=campaign.pk)


def _correct(request: HttpRequest, mission: Mission, offer: dict, values: dict, reason: str):
    """Do what the correction form's button asks; returns what to tell the player."""
    action, by, number = request.POST.get("action", ""), request.user, mission.number
    if action == "decline":
        corrections.mission_report_decline(mission=mission, by=by)
        return f"The proposed correction of mission {number} is off: the report stays."
    if action == "confirm":
        done = corrections.mission_report_confirm(mission=mission, by=by)
    elif offer["record"]:
        done = corrections.mission_report_amend(
            mission=mission, by=by, values=values, reason=reason
        )
    else:
        corrections.mission_report_propose(mission=mission, by=by, values=values, reason=reason)
        return (
            f"Your correction of mission {number} is proposed: the other player (or the "
            "organiser) confirms or declines it."
        )
    for line in done.undone:
        messages.warning(request, f"Undone: {line}")
    return f"The report of mission {number} is corrected."


def _report_page(
    request, campaign, mission, sides, values, wrong: str = "", *, correcting: dict | None = None,
    reason: str = "",
) -> HttpResponse:  # fmt: skip
    return render(
        request,
        "campaigns/report.html",
        {
            "campaign": campaign,
            "mission": mission,
            "objective": services.campaign_spec(campaign).objectives.entries.get(mission.objective),
            "sides": report_form.form_sides(sides, values),
            "nobody_won": not values.get("winner"),
            "wrong": wrong,
            "correcting": correcting,
            # the other player checks a proposed correction: confirmed as it was typed
            "reviewing": bool(correcting and correcting["review"] and not correcting["record"]),
            "reason": reason[:200],
        },
    )


def _choosing(request: HttpRequest, player: CampaignPlayer) -> dict | None:
    """The level-up waiting for the player's pick (from the page's query), with its choices."""
    unit_id = request.GET.get("unit", "")
    if not unit_id or player.user_id != request.user.pk:
        return None
    seed, dice = request.GET.get("seed", ""), request.GET.get("dice", "")
    if not seed and not dice:
        return None  # nothing to roll the same dice again with
    try:
        choices = selectors.level_up_choices(player, unit_id, _die(dice, seed))
    except REFUSED:
        return None
    if not choices:
        return None
    details = selectors.choice_details(player.campaign, choices)
    return {"unit": unit_id, "seed": seed, "dice": dice, "choices": details}


@login_required
def army_detail(request: HttpRequest, pk: int, player_id: int) -> HttpResponse:
    campaign = selectors.campaign_for_member(request.user, pk)
    player = get_object_or_404(
        CampaignPlayer.objects.select_related("user", "army"), pk=player_id, campaign=campaign
    )
    catalog = catalog_for(campaign.module)
    faction = catalog.faction(player.army.document.get("faction", ""))
    return render(
        request,
        "campaigns/army.html",
        {
            "campaign": campaign,
            "player": player,
            "mine": player.user_id == request.user.pk,
            "units": selectors.army_units(player),
            "datasheets": faction.datasheets.items() if faction else [],
            "history": CampaignEvent.objects.filter(player=player).order_by("-pk"),
            "choosing": _choosing(request, player),
            "pending": services.pending_mission(player),
        },
    )


def _level_up(request: HttpRequest, player: CampaignPlayer, unit_id: str, target: str) -> str:
    """Level a unit up; when its dice give a choice (a skill set, Fast Learner) and none is
    picked yet, send the player to pick it from the same dice. Returns where to go next."""
    dice = request.POST.get("dice", "")
    die = _die(dice, request.POST.get("seed"))
    seed = str(die.seed) if isinstance(die, SeededDie) else ""
    pick = request.POST.get("pick") or None
    if pick is None:
        choices = selectors.level_up_choices(player, unit_id, _die(dice, seed))
        if choices:
            names = " or ".join(name for _, name in choices)
            messages.info(request, f"The dice give a choice: {names}. Pick one below.")
            query = urlencode({"unit": unit_id, "seed": seed, "dice": dice})
            return f"{target}?{query}#unit-{unit_id}"
    lines = services.army_level_up(player=player, unit_id=unit_id, die=die, pick=pick)
    messages.success(request, " · ".join(lines))
    return f"{target}#unit-{unit_id}"


@login_required
@require_POST
def army_action(request: HttpRequest, pk: int, player_id: int) -> HttpResponse:
    campaign = selectors.campaign_for_member(request.user, pk)
    player = selectors.own_player(request.user, campaign, player_id)
    action = request.POST.get("action")
    unit_id = request.POST.get("unit", "")
    target = reverse("campaigns:army", kwargs={"pk": campaign.pk, "player_id": player.pk})
    upgrades = reverse("campaigns:upgrades", kwargs={"pk": campaign.pk, "player_id": player.pk})
    try:
        if action == "level":
            target = _level_up(request, player, unit_id, target)
        elif action == "buy":
            target = upgrades
            picked = selectors.upgrade_pick(player, unit_id, request.POST.get("pick", ""))
            if picked is None:
                raise services.CampaignError(
                    "Pick one of the upgrades the page offers now (reload it: another tab may have"
                    " bought one)."
                )
            cost = services.army_buy_upgrade(
                player=player, unit_id=unit_id, option=picked[0], choice=picked[1]
            )
            messages.success(request, f"Bought for {cost} pts.")
        elif action == "sell":
            target = upgrades if request.POST.get("back") == "upgrades" else target
            price = services.army_sell_upgrade(
                player=player, unit_id=unit_id, option=request.POST.get("option", "")
            )
            messages.success(request, f"Sold for {price} pts.")
        elif action == "recruit":
            services.army_recruit(
                player=player,
                datasheet=request.POST.get("datasheet", ""),
                veteran=request.POST.get("veteran") == "on",
            )
            messages.success(request, "Recruited.")
        elif action == "disband":
            services.army_disband_unit(player=player, unit_id=unit_id)
            messages.success(request, "Disbanded: the unit stays on the list for the record.")
        else:
            raise services.CampaignError("Unknown action.")
    except REFUSED as exc:
        messages.error(request, str(exc))
    except ValueError as exc:  # EditError from the list edits (unknown datasheet...)
        messages.error(request, str(exc))
    return redirect(target)


@login_required
def army_upgrades(request: HttpRequest, pk: int, player_id: int) -> HttpResponse:
    """The owner's page to buy and sell upgrades between missions."""
    campaign = selectors.campaign_for_member(request.user, pk)
    player = selectors.own_player(request.user, campaign, player_id)
    return render(
        request,
        "campaigns/upgrades.html",
        {
            "campaign": campaign,
            "player": player,
            "units": selectors.upgrade_offers(player),
            "pending": services.pending_mission(player),
        },
    )


@login_required
@require_POST
def player_leave(request: HttpRequest, pk: int, player_id: int) -> HttpResponse:
    """A player disbands their army and leaves; the organiser may remove any player."""
    campaign = selectors.campaign_for_member(request.user, pk)
    player = get_object_or_404(CampaignPlayer, pk=player_id, campaign=campaign)
    if player.user_id != request.user.pk:
        _organised(request, pk, "remove another player")
    try:
        services.campaign_leave(player=player, by=request.user)
    except REFUSED as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, f"{player.name} has left the campaign.")
    return redirect("campaigns:detail", pk=campaign.pk)


@login_required
@require_POST
def campaign_close(request: HttpRequest, pk: int) -> HttpResponse:
    campaign = _organised(request, pk, "close the campaign")
    try:
        services.campaign_close(campaign=campaign, by=request.user)
    except REFUSED as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, "The campaign is closed: everyone can still read it.")
    return redirect("campaigns:detail", pk=campaign.pk)

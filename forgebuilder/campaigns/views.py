"""Campaign pages: thin views over `services` and `selectors`; every POST is CSRF-protected."""

from __future__ import annotations

from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from factions.catalog import catalog_for
from factions.models import GameModule
from forgebuilder.armylists.models import ArmyList

from . import selectors, services
from .dice import DiceError, EnteredDie, SeededDie
from .models import Campaign, CampaignEvent, CampaignPlayer, Mission
from .steps import BattleReport, StepError, UnitOutcome

REFUSED = (services.CampaignError, StepError, DiceError)


def _die(text: str, seed: str | None = None):
    """Blank: the server rolls (seeded, recorded); else the results players entered: `3 5 1`.

    `seed` rolls again what an earlier try rolled (a hero's skill-set pair, shown before the
    player picks one of it).
    """
    text = (text or "").replace(",", " ").strip()
    if not text:
        return SeededDie(int(seed)) if seed and seed.isdigit() else SeededDie()
    try:
        return EnteredDie([int(v) for v in text.split()])
    except ValueError as exc:
        raise DiceError(f"Dice: '{text}' is not a list of die rolls such as 3 5 1.") from exc


def _int(value: str | None, what: str) -> int:
    try:
        number = int(value or 0)
    except ValueError as exc:
        raise services.CampaignError(f"{what}: '{value}' is not a number.") from exc
    if number < 0 or number > 99:
        raise services.CampaignError(f"{what}: give a number from 0 to 99.")
    return number


@login_required
def campaign_list(request: HttpRequest) -> HttpResponse:
    modules = GameModule.objects.filter(campaign__isnull=False)
    if request.method == "POST":
        module = modules.filter(pk=request.POST.get("module") or 0).first()
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
            "open_missions": campaign.missions.filter(status=Mission.SET_UP),
            "objectives": spec.objectives.entries.items() if spec else [],
            "history": CampaignEvent.objects.filter(campaign=campaign)
            .select_related("player__user")
            .order_by("-pk")[:200],
            "invite_url": request.build_absolute_uri(f"/campaigns/join/{campaign.invite_token}/"),
        },
    )


@login_required
def campaign_join(request: HttpRequest, token: str) -> HttpResponse:
    campaign = get_object_or_404(Campaign, invite_token=token)
    lists = ArmyList.objects.filter(
        owner=request.user, module=campaign.module, deleted_at__isnull=True,
        campaign_seat__isnull=True,
    )  # fmt: skip
    if request.method == "POST":
        army = lists.filter(pk=request.POST.get("army") or 0).first()
        try:
            if army is None:
                raise services.CampaignError("Pick one of your lists to bring.")
            services.campaign_join(campaign=campaign, user=request.user, army_list=army)
        except REFUSED as exc:
            messages.error(request, str(exc))
        else:
            return redirect("campaigns:detail", pk=campaign.pk)
    return render(request, "campaigns/join.html", {"campaign": campaign, "lists": lists})


@login_required
@require_POST
def mission_new(request: HttpRequest, pk: int) -> HttpResponse:
    campaign = selectors.campaign_for_member(request.user, pk)
    ids = [int(v) for v in request.POST.getlist("players") if v.isdigit()]
    players = list(CampaignPlayer.objects.filter(campaign=campaign, pk__in=ids))
    try:
        die = _die(request.POST.get("dice", ""))
        services.mission_setup(
            campaign=campaign,
            players=players,
            die=die,
            objective=request.POST.get("objective") or None,
        )
    except REFUSED as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, "Mission set up: see the history for the objective.")
    return redirect("campaigns:detail", pk=campaign.pk)


@login_required
def mission_report(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    campaign = selectors.campaign_for_member(request.user, pk)
    mission = get_object_or_404(Mission, campaign=campaign, number=number, status=Mission.SET_UP)
    players = list(mission.players.select_related("user"))
    sides = [{"player": p, "units": selectors.army_units(p)} for p in players]
    if request.method == "POST":
        try:
            reports = _reports(request.POST, sides)
            with transaction.atomic():
                services.mission_report(
                    mission=mission, reports=reports, die=_die(request.POST.get("dice", ""))
                )
        except REFUSED as exc:
            messages.error(request, str(exc))
        else:
            messages.success(request, f"Mission {number} recorded. Next: level-ups and upgrades.")
            return redirect("campaigns:detail", pk=campaign.pk)
    return render(
        request,
        "campaigns/report.html",
        {"campaign": campaign, "mission": mission, "sides": sides},
    )


def _reports(post, sides) -> dict[int, BattleReport]:
    winner = post.get("winner", "")
    reports = {}
    for side in sides:
        player = side["player"]
        units = {}
        for unit in side["units"]:
            if not unit["active"]:
                continue
            key = f"p{player.pk}-{unit['id']}"
            units[unit["id"]] = UnitOutcome(
                casualty=post.get(f"{key}-casualty") == "on",
                killed_units=_int(post.get(f"{key}-units"), f"{unit['name']}: units killed"),
                killed_heroes=_int(post.get(f"{key}-heroes"), f"{unit['name']}: heroes killed"),
                killed_heroes_with_unit=_int(
                    post.get(f"{key}-both"), f"{unit['name']}: heroes killed with their unit"
                ),
            )
        reports[player.pk] = BattleReport(
            won=winner == str(player.pk),
            objective=post.get(f"p{player.pk}-objective") == "on",
            units=units,
        )
    return reports


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
            "seed": request.GET.get("seed", ""),
            "seed_unit": request.GET.get("unit", ""),
        },
    )


@login_required
@require_POST
def army_action(request: HttpRequest, pk: int, player_id: int) -> HttpResponse:
    campaign = selectors.campaign_for_member(request.user, pk)
    player = selectors.own_player(request.user, campaign, player_id)
    action = request.POST.get("action")
    unit_id = request.POST.get("unit", "")
    target = reverse("campaigns:army", kwargs={"pk": campaign.pk, "player_id": player.pk})
    try:
        if action == "level":
            die = _die(request.POST.get("dice", ""), request.POST.get("seed"))
            try:
                lines = services.army_level_up(
                    player=player,
                    unit_id=unit_id,
                    die=die,
                    pick=request.POST.get("pick") or None,
                )
            except StepError:
                if isinstance(die, SeededDie):
                    # the same seed rolls the same pair again once the player has picked
                    target += "?" + urlencode({"seed": die.seed, "unit": unit_id})
                raise
            messages.success(request, " · ".join(lines))
        elif action == "sell":
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
        else:
            raise services.CampaignError("Unknown action.")
    except REFUSED as exc:
        messages.error(request, str(exc))
    except ValueError as exc:  # EditError from the list edits (unknown datasheet...)
        messages.error(request, str(exc))
    return redirect(target)

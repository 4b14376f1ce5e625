"""An army's pages between missions: level-ups, upgrades bought and sold, recruits, disbanding."""

from __future__ import annotations

from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from forgebuilder import refusals

from .. import selectors, services
from ..data_version import campaign_catalog
from ..dice import SeededDie
from ..history_page import history_rows
from ..models import CampaignEvent, CampaignPlayer
from .common import REFUSED, die_of


def _choosing(request: HttpRequest, player: CampaignPlayer) -> dict | None:
    """The level-up waiting for the player's pick (from the page's query), with its choices."""
    unit_id = request.GET.get("unit", "")
    if not unit_id or player.user_id != request.user.pk:
        return None
    seed, dice = request.GET.get("seed", ""), request.GET.get("dice", "")
    if not seed and not dice:
        return None  # nothing to roll the same dice again with
    try:
        choices = selectors.level_up_choices(player, unit_id, die_of(dice, seed))
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
    return _army_page(request, campaign, player)


def _army_page(request: HttpRequest, campaign, player: CampaignPlayer, **warning) -> HttpResponse:
    """The army page; `warning`: the recruit waiting for the player to confirm it."""
    catalog = campaign_catalog(campaign)
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
            "history": history_rows(CampaignEvent.objects.filter(player=player).order_by("-pk")),
            "choosing": _choosing(request, player),
            "pending": services.pending_mission(player),
            "recruit_warning": warning or None,
        },
    )


def _recruit(request: HttpRequest, campaign, player: CampaignPlayer) -> HttpResponse | None:
    """Recruit the unit the form names; when it would break the army's limits and the player
    has not confirmed yet, the army page asking them to (None: recruited)."""
    datasheet = request.POST.get("datasheet", "")
    veteran = request.POST.get("veteran") == "on"
    if request.POST.get("confirmed") != "1":
        problems = services.army_recruit_problems(
            player=player, datasheet=datasheet, veteran=veteran
        )
        if problems:
            faction = campaign_catalog(campaign).faction(player.army.document["faction"])
            sheet = faction.datasheets.get(datasheet) if faction else None
            name = sheet.name if sheet else datasheet
            return _army_page(
                request, campaign, player,
                datasheet=datasheet, veteran=veteran, name=name, problems=problems,
            )  # fmt: skip
    recruited = services.army_recruit(player=player, datasheet=datasheet, veteran=veteran)
    messages.success(request, " ".join(recruited))
    return None


def _level_up(request: HttpRequest, player: CampaignPlayer, unit_id: str, target: str) -> str:
    """Level a unit up; when its dice give a choice (a skill set, Fast Learner) and none is
    picked yet, send the player to pick it from the same dice. Returns where to go next."""
    dice = request.POST.get("dice", "")
    die = die_of(dice, request.POST.get("seed"))
    seed = str(die.seed) if isinstance(die, SeededDie) else ""
    pick = request.POST.get("pick") or None
    if pick is None:
        choices = selectors.level_up_choices(player, unit_id, die_of(dice, seed))
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
            bought = services.army_buy_upgrade(
                player=player, unit_id=unit_id, option=picked[0], choice=picked[1]
            )
            messages.success(request, " ".join(bought))
        elif action == "sell":
            target = upgrades if request.POST.get("back") == "upgrades" else target
            sold = services.army_sell_upgrade(
                player=player, unit_id=unit_id, option=request.POST.get("option", "")
            )
            messages.success(request, " ".join(sold))
        elif action == "recruit":
            asking = _recruit(request, campaign, player)
            if asking is not None:
                return asking
        elif action == "disband":
            gone = services.army_disband_unit(player=player, unit_id=unit_id)
            messages.success(request, " ".join([*gone, "It stays on the list for the record."]))
        else:
            raise services.CampaignError("Unknown action.")
    except REFUSED as exc:
        refusals.flash(request, exc)
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

"""Campaign pages: the list of campaigns, a campaign's page, the invitation, leaving and closing."""

from __future__ import annotations

from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from factions.models import GameModule
from forgebuilder import refusals
from forgebuilder.engine.api import ListDocument, campaign_state_left_behind
from forgebuilder.numbers import id_number

from .. import selectors, services
from ..context import INVITE_SESSION_KEY
from ..data_version import campaign_catalog, campaign_move_offer
from ..history_page import history_rows
from ..models import Campaign, CampaignEvent, CampaignPlayer, Mission
from .common import REFUSED, organised_campaign


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
            refusals.flash(request, exc)
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
    spec = campaign_catalog(campaign).spec.campaign
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
            "setup_awaits": selectors.mission_awaits(campaign),
            "correction": selectors.correction_offer(campaign, request.user),
            "my_missions": list(
                campaign.missions.filter(status=Mission.SET_UP, players__user=request.user)
            ),
            "objectives": spec.objectives.entries.items() if spec else [],
            "history": history_rows(
                CampaignEvent.objects.filter(campaign=campaign)
                .select_related("player__user", "by")
                .order_by("-pk")[:200]
            ),
            "invite_url": request.build_absolute_uri(f"/campaigns/join/{campaign.invite_token}/"),
            "data_move": (
                campaign_move_offer(campaign)
                if campaign.organiser_id == request.user.pk and not campaign.closed
                else None
            ),
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
            refusals.flash(request, exc)
        else:
            messages.info(
                request,
                f"Add your founding army's units (up to {campaign.starting_points} pts); the "
                f"banner above brings you back to join {campaign.name}.",
            )
            return redirect("armylists:editor", public_id=army.public_id)
    elif request.method == "POST":
        lists = selectors.lists_to_bring(request.user, campaign)
        brought = next((a for a in lists if str(a.pk) == request.POST.get("army")), None)
        try:
            if brought is None:
                raise services.CampaignError("Pick one of your lists to bring.")
            stale = ListDocument.model_validate(brought.document).campaign_units()
            services.campaign_join(campaign=campaign, user=request.user, army_list=brought)
        except REFUSED as exc:
            refusals.flash(request, exc)
        else:
            request.session.pop(INVITE_SESSION_KEY, None)
            if stale:
                messages.info(request, campaign_state_left_behind(stale))
            return redirect("campaigns:detail", pk=campaign.pk)
    return _invitation_page(request, campaign, here)


def _invitation_page(request: HttpRequest, campaign: Campaign, here: str) -> HttpResponse:
    signed_in = request.user.is_authenticated
    lists = selectors.lists_to_bring(request.user, campaign) if signed_in else []
    factions = campaign_catalog(campaign).spec.factions
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
def player_leave(request: HttpRequest, pk: int, player_id: int) -> HttpResponse:
    """A player disbands their army and leaves; the organiser may remove any player."""
    campaign = selectors.campaign_for_member(request.user, pk)
    player = get_object_or_404(CampaignPlayer, pk=player_id, campaign=campaign)
    if player.user_id != request.user.pk:
        organised_campaign(request, pk, "remove another player")
    try:
        services.campaign_leave(player=player, by=request.user)
    except REFUSED as exc:
        refusals.flash(request, exc)
    else:
        messages.success(request, f"{player.name} has left the campaign.")
    return redirect("campaigns:detail", pk=campaign.pk)


@login_required
@require_POST
def campaign_move_data(request: HttpRequest, pk: int) -> HttpResponse:
    campaign = organised_campaign(request, pk, "move the campaign to a new version")
    try:
        name = services.campaign_move_data(campaign=campaign, by=request.user)
    except REFUSED as exc:
        refusals.flash(request, exc)
    else:
        messages.success(request, f"Every army of {campaign.name} is on {name} now.")
    return redirect("campaigns:detail", pk=campaign.pk)


@require_POST
def campaign_close(request: HttpRequest, pk: int) -> HttpResponse:
    campaign = organised_campaign(request, pk, "close the campaign")
    try:
        services.campaign_close(campaign=campaign, by=request.user)
    except REFUSED as exc:
        refusals.flash(request, exc)
    else:
        messages.success(request, "The campaign is closed: everyone can still read it.")
    return redirect("campaigns:detail", pk=campaign.pk)

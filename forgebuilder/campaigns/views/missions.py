"""Mission pages: set-up, the battle report, voiding and correcting a recorded report."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from forgebuilder import refusals
from forgebuilder.numbers import id_number
from forgebuilder.refusals import Forbidden

from .. import corrections, report_form, selectors, services, unit_rows
from ..models import CampaignPlayer, Mission
from .common import REFUSED, die_of, organised_campaign


@login_required
@require_POST
def mission_new(request: HttpRequest, pk: int) -> HttpResponse:
    campaign = organised_campaign(request, pk, "set up a mission")
    ids = [n for v in request.POST.getlist("players") if (n := id_number(v)) is not None]
    players = list(CampaignPlayer.objects.filter(campaign=campaign, pk__in=ids))
    try:
        die = die_of(request.POST.get("dice", ""))
        services.mission_setup(
            campaign=campaign,
            players=players,
            die=die,
            objective=request.POST.get("objective") or None,
            by=request.user,
        )
    except REFUSED as exc:
        refusals.flash(request, exc)
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
        raise Forbidden(
            "Only the mission's players and the organiser report it.",
            "Ask one of them to enter the result; you will see it on the campaign page.",
            (reverse("campaigns:detail", args=[campaign.pk]), f"Back to {campaign.name}"),
        )
    sides = unit_rows.report_sides(mission)
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
        refusals.flash(request, exc)
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
        refusals.flash(request, exc)
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
    sides = unit_rows.report_sides(mission, before_report=True)
    if request.method != "POST":
        if offer["proposal"]:
            values = report_form.kept(offer["proposal"]["values"], sides)
        else:
            values = report_form.recorded(unit_rows.recorded_report(mission), sides)
        reason = offer["proposal"]["reason"] if offer["proposal"] else ""
        return _report_page(
            request, campaign, mission, sides, values, correcting=offer, reason=reason
        )
    values = report_form.kept(request.POST, sides)
    reason = request.POST.get("reason", "")
    try:
        done = _correct(request, mission, offer, values, reason)
    except REFUSED as exc:
        refusals.flash(request, exc)
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

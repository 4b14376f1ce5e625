"""Correcting a report: void the last mission's report and recompute everything after it.

The organiser voids it alone; the mission's two players together (one asks, the other
confirms), until the next mission is set up. Voiding takes the report's events back, replays
each player's history without them (every later level-up, purchase and recruit applied again
with its own dice), leaves out any later step that no longer holds and says exactly which, and
sets the mission up again so it can be reported anew. Amending does both in one transaction:
void, then record the corrected report; if the corrected report is refused, nothing of it is
kept and the recorded report stays.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db import transaction

from factions.catalog import catalog_for
from forgebuilder.armylists.models import ListRevision
from forgebuilder.armylists.services import army_list_edit

from . import history, report_form
from .models import CampaignEvent, CampaignPlayer, Mission
from .services.base import (
    CAMPAIGNS,
    CampaignError,
    _event,
    _lock_campaign,
    _writable,
    campaign_spec,
)
from .services.missions import mission_report


@dataclass
class Voided:
    """What a void did: done (or only asked for), and the later steps it undid."""

    done: bool
    undone: list[str] = field(default_factory=list)


def correctable(mission: Mission) -> str:
    """'' when the mission's report may be voided now, else why not."""
    if mission.status != Mission.REPORTED:
        return f"Mission {mission.number} has no report to correct."
    if Mission.objects.filter(campaign=mission.campaign_id, number__gt=mission.number).exists():
        return (
            f"Mission {mission.number + 1} is set up already: only the last mission's report "
            "can be corrected."
        )
    return ""


@transaction.atomic
def mission_report_void(*, mission: Mission, by, reason: str = "", verb: str = "voided") -> Voided:
    """Void the report (organiser), or ask for it / confirm the other player's ask (players)."""
    campaign = _lock_campaign(mission.campaign)
    _writable(campaign)
    mission = Mission.objects.select_for_update().get(pk=mission.pk)
    why_not = correctable(mission)
    if why_not:
        raise CampaignError(why_not)
    players = list(mission.players.select_for_update(of=("self",)).select_related("user"))
    organiser = campaign.organiser_id == by.pk
    if not organiser and all(p.user_id != by.pk for p in players):
        raise CampaignError("Only the organiser or the mission's players can correct it.")
    reason = " ".join(reason.split())[:200]
    if not organiser and mission.void_asked_by_id in (None, by.pk):
        mission.void_asked_by = by
        mission.save(update_fields=["void_asked_by"])
        line = f"{by} asks to void the report of mission {mission.number}"
        _event(campaign, "correction-asked", [line + (f": {reason}" if reason else ".")],
               mission=mission.number, by=by)  # fmt: skip
        return Voided(done=False)
    return Voided(True, _void(campaign, mission, players, by, reason, verb))


def _void(
    campaign, mission: Mission, players: list[CampaignPlayer], by, reason: str, verb: str
) -> list[str]:
    asked = mission.void_asked_by
    together = f" (asked by {asked})" if asked and asked.pk != by.pk else ""
    line = f"{by} {verb} the report of mission {mission.number}{together}"
    correction = _event(
        campaign, "correction", [line + (f": {reason}" if reason else ".")],
        mission=mission.number, by=by,
    )  # fmt: skip
    CampaignEvent.objects.filter(
        campaign=campaign, kind="mission-report", mission=mission.number, voided_by__isnull=True
    ).update(voided_by=correction)
    undone: list[str] = []
    for player in players:
        undone += _replayed(player, correction, mission)
    correction.lines = correction.lines + [f"Undone: {u}" for u in undone]
    correction.save(update_fields=["lines"])
    mission.status, mission.void_asked_by = Mission.SET_UP, None
    mission.save(update_fields=["status", "void_asked_by"])
    reported = Mission.objects.filter(campaign=campaign, status=Mission.REPORTED)
    campaign.missions_played = max((m.number for m in reported), default=0)
    campaign.save(update_fields=["missions_played"])
    return undone


def _replayed(player: CampaignPlayer, correction: CampaignEvent, mission: Mission) -> list[str]:
    """Rebuild the player's army, bank, VP and missions from their history without the voided
    report; later steps that no longer hold are voided too, and said."""
    catalog = catalog_for(player.campaign.module)
    spec = campaign_spec(player.campaign)
    replayed = history.replay(player, spec=spec, catalog=catalog)
    undone = []
    for event, why in replayed.failed:
        event.voided_by = correction
        event.save(update_fields=["voided_by"])
        undone.append(f"{player.name}: {' '.join(event.lines)} ({why})")
    army = replayed.army
    army_list_edit(
        army_list=player.army,
        expected_version=None,
        change=lambda d, c: d.model_copy(update={"units": army.document.units}),
        label=f"Correction of mission {mission.number}",
        origin=CAMPAIGNS,
    )
    ListRevision.objects.filter(army_list=player.army).delete()
    player.bank, player.victory_points, player.missions = army.bank, army.vp, army.missions
    player.save(update_fields=["bank", "victory_points", "missions"])
    return undone


@transaction.atomic
def mission_report_amend(
    *, mission: Mission, by, values: dict[str, str], reason: str = ""
) -> Voided:
    """Replace the last report with the corrected one typed in the report form (`values`):
    void it and record the new one in one transaction, so a corrected report that is refused
    (a die that is no die, a roll still needed) leaves the recorded report as it was.

    The organiser amends alone; a player amends when the other player asked to correct it.
    """
    voided = mission_report_void(mission=mission, by=by, reason=reason, verb="corrected")
    if not voided.done:
        raise CampaignError(
            f"The other player (or the organiser) has to agree first: ask to correct the report "
            f"of mission {mission.number} on the campaign page."
        )
    from .selectors import report_sides

    mission = Mission.objects.get(pk=mission.pk)
    sides = report_sides(mission)
    reports = report_form.reports(values, sides)
    mission_report(mission=mission, reports=reports, die=report_form.report_die(values, sides))
    return voided

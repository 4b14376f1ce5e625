"""Correcting a report: amend or void the last mission's report and recompute everything after
it, until the next mission is set up.

Amending puts the corrected report in the place of the recorded one in each player's history
(the recorded one is kept, voided by the correction): it is rolled on the army as it stood
before the mission, and every later step (level-ups, purchases, sales, recruits, disbands) is
applied again after it with its own dice. A later step that no longer holds is voided by the
correction and said. If the corrected report is refused, nothing of it is kept.

Voiding takes the report back: each player's history is replayed without it and the mission is
set up again, to be played and reported anew. The organiser voids alone; the mission's two
players together (one asks, the other confirms).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db import transaction

from forgebuilder.lists.api import ListRevision, army_list_edit

from . import history, report_form, steps
from .data_version import campaign_catalog
from .history_page import KEPT_OF
from .models import Campaign, CampaignEvent, CampaignPlayer, Mission
from .services.base import (
    CAMPAIGNS,
    CampaignError,
    campaign_spec,
    lock_campaign,
    record_event,
    require_writable,
)
from .services.missions import Side, check_reports
from .unit_rows import recorded_report, report_sides


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
    if _moved_since(mission):
        return (
            f"The campaign moved to a new version of the game data after mission "
            f"{mission.number}: its report can no longer be corrected."
        )
    return ""


def _moved_since(mission: Mission) -> bool:
    """Whether the campaign moved its armies to a new version after the mission's report: the
    armies' histories start again there (services/data.py), so the report is behind them."""
    events = CampaignEvent.objects.filter(campaign=mission.campaign_id)
    report = events.filter(kind="mission-report", mission=mission.number).order_by("-pk").first()
    return report is not None and events.filter(kind="moved", pk__gt=report.pk).exists()


def why(reason: str) -> str:
    """The reason a player gave, as the history keeps it: one line, 200 characters at most."""
    return " ".join(reason.split())[:200]


def said(line: str, reason: str) -> str:
    """A history line with the reason given for it, if any."""
    return line + (f": {reason}" if reason else ".")


class _Tried(Exception):
    """A proposal recorded on trial, to be sure it holds: nothing of it is kept."""


def _locked(mission: Mission, by) -> tuple[Campaign, Mission, list[CampaignPlayer]]:
    """The campaign, the mission and its players locked (in the lock order) and read again; the
    report must still be correctable and `by` its organiser or one of its players."""
    campaign = lock_campaign(mission.campaign)
    require_writable(campaign)
    mission = Mission.objects.select_for_update().get(pk=mission.pk)
    why_not = correctable(mission)
    if why_not:
        raise CampaignError(why_not)
    players = list(
        mission.players.select_for_update(of=("self",)).select_related("user").order_by("pk")
    )
    if campaign.organiser_id != by.pk and all(p.user_id != by.pk for p in players):
        raise CampaignError("Only the organiser or the mission's players can correct it.")
    return campaign, mission, players


@transaction.atomic
def mission_report_void(*, mission: Mission, by, reason: str = "") -> Voided:
    """Void the report (organiser), or ask for it / confirm the other player's ask (players)."""
    campaign, mission, players = _locked(mission, by)
    organiser = campaign.organiser_id == by.pk
    reason = why(reason)
    if not organiser and mission.void_asked_by_id in (None, by.pk):
        mission.void_asked_by = by
        mission.save(update_fields=["void_asked_by"])
        line = f"{by} asks to void the report of mission {mission.number}"
        record_event(campaign, "correction-asked", [said(line, reason)],
               mission=mission.number, by=by)  # fmt: skip
        return Voided(done=False)
    return Voided(True, _void(campaign, mission, players, by, reason))


def _correction(campaign, mission: Mission, by, verb: str, reason: str) -> CampaignEvent:
    """The history's entry of a correction: who made it, who asked for it, and why."""
    asked = mission.void_asked_by
    together = f" (asked by {asked})" if asked and asked.pk != by.pk else ""
    line = f"{by} {verb} the report of mission {mission.number}{together}"
    return record_event(
        campaign, "correction", [said(line, why(reason))],
        mission=mission.number, by=by,
    )  # fmt: skip


def _void(campaign, mission: Mission, players: list[CampaignPlayer], by, reason: str) -> list[str]:
    correction = _correction(campaign, mission, by, "voided", reason)
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
    catalog = campaign_catalog(player.campaign)
    spec = campaign_spec(player.campaign)
    replayed = history.replay(player, spec=spec, catalog=catalog)
    undone = _undo(player, replayed, correction)
    _store(player, replayed.army, mission)
    return undone


def _undo(player: CampaignPlayer, replayed: history.Replayed, correction) -> list[str]:
    """Void the steps the replay could no longer apply, by the correction; say each and why."""
    undone = []
    for event, why in replayed.failed:
        event.voided_by = correction
        event.save(update_fields=["voided_by"])
        undone.append(f"{player.name}: {' '.join(event.lines)} ({why})")
    return undone


def _store(player: CampaignPlayer, army: history.Army, mission: Mission) -> None:
    """The player's army, bank, VP and missions as the replayed history gives them."""
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


@transaction.atomic
def mission_report_amend(
    *, mission: Mission, by, values: dict[str, str], reason: str = ""
) -> Voided:
    """The organiser records the corrected report typed in the report form (`values`) in the
    place of the recorded one (`_amend`); the players propose one and confirm each other's."""
    campaign, mission, players = _locked(mission, by)
    if campaign.organiser_id != by.pk:
        raise CampaignError(
            f"Only the organiser corrects a report alone: propose your correction of mission "
            f"{mission.number} and the other player confirms it."
        )
    return _amend(campaign, mission, players, by, values, reason)


@transaction.atomic
def mission_report_propose(
    *, mission: Mission, by, values: dict[str, str], reason: str = ""
) -> None:
    """A player of the mission proposes a corrected report, kept with every value typed until
    the other player (or the organiser) confirms or declines it. It is tried first, and nothing
    of the try kept: a proposal that could not be recorded (a roll still needed) is refused."""
    campaign, mission, players = _locked(mission, by)
    if all(p.user_id != by.pk for p in players):
        raise CampaignError("Only the mission's players propose a correction.")
    try:
        with transaction.atomic():
            _amend(campaign, mission, players, by, values, reason)
            raise _Tried  # rolls the try back
    except _Tried:
        pass
    reason = why(reason)
    mission.proposal, mission.proposed_by = {"values": values, "reason": reason}, by
    mission.save(update_fields=["proposal", "proposed_by"])
    line = f"{by} proposes a correction of the report of mission {mission.number}"
    record_event(campaign, "correction-proposed", [said(line, reason)],
           mission=mission.number, by=by)  # fmt: skip


@transaction.atomic
def mission_report_confirm(*, mission: Mission, by) -> Voided:
    """The other player (or the organiser) confirms the proposed correction: it is recorded as
    proposed, and the history says who proposed and who confirmed it."""
    campaign, mission, players = _locked(mission, by)
    proposer = _proposer(mission)
    if proposer is not None and proposer.pk == by.pk:
        raise CampaignError(
            f"You proposed this correction of mission {mission.number}: the other player (or "
            "the organiser) confirms it."
        )
    values, reason = mission.proposal["values"], mission.proposal.get("reason", "")
    return _amend(campaign, mission, players, by, values, reason, proposer=proposer)


@transaction.atomic
def mission_report_decline(*, mission: Mission, by) -> None:
    """The other player or the organiser declines the proposed correction (its proposer
    withdraws it): the recorded report stays."""
    campaign, mission, _players = _locked(mission, by)
    proposer = _proposer(mission)
    verb = "withdrew" if proposer is not None and proposer.pk == by.pk else "declined"
    whose = "their" if verb == "withdrew" else f"{proposer}'s"
    line = f"{by} {verb} {whose} correction of the report of mission {mission.number}."
    mission.proposal, mission.proposed_by = {}, None
    mission.save(update_fields=["proposal", "proposed_by"])
    record_event(campaign, "correction-declined", [line], mission=mission.number, by=by)


def _proposer(mission: Mission):
    """Who proposed the correction waiting on `mission`; refused when none is waiting."""
    if not mission.proposal:
        raise CampaignError(
            f"No correction of mission {mission.number} is waiting: it was recorded, declined "
            "or withdrawn meanwhile."
        )
    return mission.proposed_by


def _amend(
    campaign, mission: Mission, players, by, values: dict[str, str], reason: str, proposer=None
) -> Voided:
    """Put the corrected report in the place of the recorded one and play every later step
    again after it; a corrected report that is refused (a die that is no die, a roll still
    needed) raises, and the caller's transaction keeps nothing of it."""
    sides = report_sides(mission, before_report=True)
    reports = report_form.reports(values, sides)
    check_reports(players, reports)
    die = report_form.report_die(values, sides)
    originals = [_kept(event) for event in recorded_report(mission)]
    if proposer is not None and proposer.pk != by.pk:
        verb = f"confirmed {proposer}'s correction of"
    else:
        verb = "corrected"
    correction = _correction(campaign, mission, by, verb, reason)
    CampaignEvent.objects.filter(pk__in=[e.pk for e in originals]).update(voided_by=correction)
    undone: list[str] = []
    for player in players:
        undone += _rewritten(player, Side(player, reports[player.pk], reports, die), mission,
                             correction)  # fmt: skip
    correction.lines = correction.lines + [f"Undone: {u}" for u in undone]
    correction.save(update_fields=["lines"])
    mission.void_asked_by, mission.proposal, mission.proposed_by = None, {}, None
    mission.save(update_fields=["void_asked_by", "proposal", "proposed_by"])
    return Voided(True, undone)


def _kept(event: CampaignEvent) -> CampaignEvent:
    """A copy of a recorded report event, to keep it in the history once it is corrected; it
    names the report it was (the pages show it beside the report that replaced it)."""
    fields = ("campaign_id", "player_id", "mission", "kind", "lines", "dice", "by_id")
    copy = {f: getattr(event, f) for f in fields}
    return CampaignEvent.objects.create(**copy, data={**event.data, KEPT_OF: event.pk})


def _rewritten(player: CampaignPlayer, side: Side, mission: Mission, correction) -> list[str]:
    """The player's report event rewritten in its place with the corrected side, rolled on the
    army as it stood before it; every later step applied again after it (one that no longer
    holds is voided by the correction, and said); the army stored as that history gives it."""
    catalog = campaign_catalog(player.campaign)
    spec = campaign_spec(player.campaign)
    events = list(CampaignEvent.objects.filter(player=player, voided_by__isnull=True))
    at = next(
        i for i, e in enumerate(events)
        if e.kind == "mission-report" and e.mission == mission.number
    )  # fmt: skip
    try:
        before = history.replay(player, spec=spec, catalog=catalog, events=events[:at]).army
    except history.CannotReplay as exc:
        raise CampaignError(f"The report cannot be corrected in its place: {exc}") from exc
    steps.check_report(before.document, side.report, catalog=catalog)
    now = history.apply(
        before, "mission-report", side.data, spec=spec, catalog=catalog, die=side.die
    )
    report = events[at]
    report.data, report.lines, report.dice = side.data, side.lines(now, spec), side.dice()
    report.save(update_fields=["data", "lines", "dice"])
    later = history.play(now, events[at + 1 :], spec=spec, catalog=catalog, player=player)
    for event in events[at + 1 :]:
        if event.pk in later.lines and later.lines[event.pk] != event.lines:
            event.lines = later.lines[event.pk]  # what the step did on the corrected army
            event.save(update_fields=["lines"])
    undone = _undo(player, later, correction)
    _store(player, later.army, mission)
    return undone

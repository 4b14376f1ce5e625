"""Missions: setting one up (size gap, underdog points, objective), recording its battle report
(casualties, XP, rewards for every side) and keeping a draft of the report."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.db import transaction

from forgebuilder.engine.api import ListDocument, plural
from forgebuilder.lists.api import ArmyList

from .. import history, steps
from ..data_version import campaign_catalog
from ..dice import Die, NamedDie
from ..models import Campaign, CampaignPlayer, Mission
from ..steps import BattleReport
from .base import (
    CampaignError,
    army_step,
    campaign_spec,
    lock_army,
    lock_campaign,
    pending_mission,
    record_event,
    require_organiser,
    require_writable,
)
from .membership import army_problems


def army_value(player: CampaignPlayer) -> int:
    """The army's points as the rules engine prices it (campaign state included)."""
    return ArmyList.objects.get(pk=player.army_id).points


@dataclass(frozen=True)
class Setup:
    mission: Mission
    values: dict[int, int]  # player id -> army points
    underdog: dict[int, int]


@transaction.atomic
def mission_setup(
    *,
    campaign: Campaign,
    players: list[CampaignPlayer],
    die: Die,
    objective: str | None = None,
    by=None,
) -> Setup:
    """Check the army-size gap, give underdog points, roll (or enter) the special objective.

    `by`: the user asking (the pages pass it); only the organiser sets up missions.
    """
    if by is not None:
        require_organiser(campaign, by, "set up a mission")
    campaign = lock_campaign(campaign)
    require_writable(campaign)
    spec = campaign_spec(campaign)
    players = _mission_players(campaign, players)
    waiting = campaign.missions.filter(status=Mission.SET_UP).order_by("number").first()
    if waiting is not None:  # missions are numbered in order: the next one follows its report
        raise CampaignError(
            f"Mission {waiting.number} is set up and not reported yet: set up the next one once "
            "it is reported."
        )
    values = _army_values(campaign, players)
    smallest, largest = min(values.values()), max(values.values())
    gap = spec.mission.army_size_gap
    too_big = [p for p in players if values[p.pk] - smallest > gap]
    if too_big:
        names = ", ".join(f"{p.name} ({values[p.pk]} pts)" for p in too_big)
        raise CampaignError(
            f"No army may be more than {gap} points above the smallest ({smallest} pts): {names}."
        )
    per = spec.mission.underdog_points_per
    underdog = {pk: (largest - v) // per for pk, v in values.items()}
    if objective is None:
        objective = steps.roll_on(spec.objectives, die)
    elif objective not in spec.objectives.entries:
        raise CampaignError(f"The campaign has no special objective '{objective}'.")
    mission = Mission.objects.create(
        campaign=campaign,
        number=campaign.missions_played + 1,
        objective=objective,
        underdog={str(k): v for k, v in underdog.items()},
    )
    mission.players.set(players)
    entry = spec.objectives.entries[objective]
    lines = [f"Mission {mission.number}: special objective {entry.name} ({entry.effect})"]
    lines += [
        f"{p.name}: {values[p.pk]} pts, {plural(underdog[p.pk], 'underdog point')}" for p in players
    ]
    record_event(campaign, "mission-setup", lines, die=die, mission=mission.number)
    return Setup(mission, values, underdog)


def _mission_players(campaign: Campaign, players: list[CampaignPlayer]) -> list[CampaignPlayer]:
    """The players' rows locked and read again: in the campaign, seated, not playing a mission
    that is not reported yet."""
    players = list(
        CampaignPlayer.objects.select_for_update(of=("self",))
        .select_related("user")
        .filter(pk__in=[p.pk for p in players])
        .order_by("pk")
    )
    if len(players) < 2:
        raise CampaignError("Pick at least two players for a mission.")
    if any(p.campaign_id != campaign.pk for p in players):
        raise CampaignError("Every player of a mission must be in this campaign.")
    gone = [p.name for p in players if p.left_at is not None]
    if gone:
        raise CampaignError(f"{', '.join(gone)} left the campaign and cannot play a mission.")
    pending = [(p, pending_mission(p)) for p in players]
    busy = [f"{p.name} (mission {m.number})" for p, m in pending if m is not None]
    if busy:
        raise CampaignError(
            "Report the mission already set up before the next one: " + ", ".join(busy) + "."
        )
    return players


def _army_values(campaign: Campaign, players: list[CampaignPlayer]) -> dict[int, int]:
    """Each player's army points (player id -> pts), once every army is legal for the campaign."""
    armies = {a.pk: a for a in ArmyList.objects.select_related("module").filter(
        pk__in=[p.army_id for p in players]
    )}  # fmt: skip
    illegal = [
        problem
        for p in players
        for problem in army_problems(campaign=campaign, army_list=armies[p.army_id], founding=False)
    ]
    if illegal:
        raise CampaignError("Fix the armies before this mission: " + " ".join(illegal))
    return {p.pk: armies[p.army_id].points for p in players}


class Side:
    """One player's side of a battle report, rolled on its share of the report's dice (the
    named rolls of this player's units)."""

    def __init__(self, player: CampaignPlayer, report: BattleReport, reports: dict, die: Die):
        self.player, self.report, self.reports, self.shared = player, report, reports, die
        self.die = die.for_player(player.pk) if isinstance(die, NamedDie) else die
        self.start = len(die.results)
        self.named_start = len(die.named) if isinstance(die, NamedDie) else 0
        self.data = {"report": history.report_data(report)}

    def lines(self, new: history.Army, spec) -> list[str]:
        """What the side's report did, as the history says it."""
        if self.report.won:
            outcome = "won"
        else:
            outcome = "lost" if any(r.won for r in self.reports.values()) else "drew"
        reward = steps.reward(self.report, spec=spec)
        return [
            *new.lines,
            f"{self.player.name} {outcome}: +{reward.vp} VP, +{reward.points} pts to spend",
        ]

    def dice(self) -> dict:
        """The seed and how many of its rolls came before this side's: enough to roll them
        again; and the side's rolls by name."""
        die = self.shared
        rolled = {"seed": die.record()["seed"], "skip": self.start}
        rolled["results"] = die.results[self.start :]
        if isinstance(die, NamedDie):
            rolled["named"] = die.named[self.named_start :]
        return rolled


def check_reports(players: list[CampaignPlayer], reports: dict[int, BattleReport]) -> None:
    """A report for every player of the mission, and only them; one winner at most."""
    if set(reports) != {p.pk for p in players}:
        raise CampaignError("Give a report for every player of the mission, and only them.")
    if sum(r.won for r in reports.values()) > 1:
        raise CampaignError("Only one player wins a mission.")


@transaction.atomic
def mission_report(*, mission: Mission, reports: dict[int, BattleReport], die: Die) -> None:
    """Record the battle: casualties, XP and rewards for every player of the mission.

    The mission is locked and its status read again: of two reports sent at once, the second
    is refused whole (nothing of it is written) and told the mission is already reported.
    """
    campaign = lock_campaign(mission.campaign)
    require_writable(campaign)
    spec = campaign_spec(campaign)
    mission = Mission.objects.select_for_update().get(pk=mission.pk)
    if mission.status != Mission.SET_UP:
        raise CampaignError(
            f"Mission {mission.number} is already reported (see the history); "
            "nothing of this report was recorded."
        )
    players = list(
        mission.players.select_for_update(of=("self",)).select_related("user").order_by("pk")
    )
    check_reports(players, reports)
    catalog = campaign_catalog(campaign)
    for player in players:
        document = ListDocument.model_validate(lock_army(player).document)
        steps.check_report(document, reports[player.pk], catalog=catalog)
    for player in players:
        side = Side(player, reports[player.pk], reports, die)
        new = army_step(
            player, "mission-report", side.data, label=f"Mission {mission.number}", die=side.die
        )
        record_event(
            campaign, "mission-report", side.lines(new, spec), player=player,
            mission=mission.number, data=side.data, dice=side.dice(),
        )  # fmt: skip
    mission.status = Mission.REPORTED
    mission.draft, mission.draft_by = {}, None
    mission.save(update_fields=["status", "draft", "draft_by"])
    campaign.missions_played = max(campaign.missions_played, mission.number)
    campaign.save(update_fields=["missions_played"])


@transaction.atomic
def mission_report_draft(*, mission: Mission, values: dict[str, str], by) -> None:
    """Keep the report form as typed so far; either player (or the organiser) finishes it."""
    campaign = lock_campaign(mission.campaign)
    require_writable(campaign)
    mission = Mission.objects.select_for_update().get(pk=mission.pk)
    if mission.status != Mission.SET_UP:
        raise CampaignError(f"Mission {mission.number} is already reported (see the history).")
    mission.draft, mission.draft_by = values, by
    mission.save(update_fields=["draft", "draft_by"])


@transaction.atomic
def mission_report_prefill(
    *, mission: Mission, fill: Callable[[dict[str, str]], dict[str, str]], by
) -> dict[str, str]:
    """Pre-fill the report's draft from what was tracked at the table: `fill` is given the draft
    as it stands, read with the mission locked (of two games finished at once, the second fills
    the draft the first left), and answers the draft to keep. Nothing is recorded: a player
    still opens the report, checks it and records it."""
    campaign = lock_campaign(mission.campaign)
    require_writable(campaign)
    mission = Mission.objects.select_for_update().get(pk=mission.pk)
    if mission.status != Mission.SET_UP:
        raise CampaignError(f"Mission {mission.number} is already reported (see the history).")
    values = fill(dict(mission.draft))
    mission_report_draft(mission=mission, values=values, by=by)
    return values

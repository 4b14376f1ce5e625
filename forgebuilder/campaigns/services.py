"""Writes to campaigns: create, join, set up and report missions, and the post-mission steps.

Every write happens in one transaction and leaves a CampaignEvent (with the dice that decided
it); a step that cannot be applied raises CampaignError (or StepError) and writes nothing.
Army changes go through `army_list_edit` with the campaign as origin (its list guard lets only the
campaign change a campaign army), and the undo steps before each are dropped.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone

from factions.catalog import Catalog, catalog_for
from factions.gamedata.campaign_schema import CampaignSpec
from factions.models import GameModule
from forgebuilder.armylists import edits
from forgebuilder.armylists.listdoc import ListDocument, UnitCampaign, campaign_state_left_behind
from forgebuilder.armylists.models import ArmyList, ListRevision
from forgebuilder.armylists.ownership import Owner
from forgebuilder.armylists.rules import evaluate, resolve
from forgebuilder.armylists.services import army_list_create, army_list_edit

from . import history, steps
from .dice import Die, NamedDie
from .models import Campaign, CampaignEvent, CampaignPlayer, Mission
from .steps import BattleReport

CAMPAIGNS = "campaigns"  # the origin of the campaign's own writes to its armies (extension.py)


class CampaignError(ValueError):
    """A campaign action that cannot be done; the message says why."""


class CampaignForbidden(CampaignError):
    """An action only the campaign's organiser may take (the pages answer 403)."""


def require_organiser(campaign: Campaign, user, action: str) -> None:
    if user is None or campaign.organiser_id != user.pk:
        raise CampaignForbidden(f"Only the organiser, {campaign.organiser}, can {action}.")


def _writable(campaign: Campaign) -> None:
    if campaign.closed:
        raise CampaignError(f"{campaign.name} is closed: it can be read, not changed.")


def _seated(player: CampaignPlayer) -> None:
    """The player's army can still change: the campaign is open and they have not left it."""
    _writable(player.campaign)
    if player.left_at is not None:
        raise CampaignError(
            f"{player.name} has left {player.campaign.name}; the army can only be read."
        )


def pending_mission(player: CampaignPlayer) -> Mission | None:
    """The mission the player is set up to play and that is not reported yet."""
    return Mission.objects.filter(players=player, status=Mission.SET_UP).order_by("number").first()


def _between_missions(player: CampaignPlayer, what: str) -> None:
    pending = pending_mission(player)
    if pending is not None:
        raise CampaignError(
            f"Mission {pending.number} is set up and not reported yet: {what} wait until it is."
        )


def campaign_spec(campaign: Campaign) -> CampaignSpec:
    spec = catalog_for(campaign.module).spec.campaign
    if spec is None:
        raise CampaignError(f"The module {campaign.module.name} has no campaign tables.")
    return spec


def _event(
    campaign, kind, lines, *, player=None, die: Die | None = None, mission=None, data=None, by=None
):
    return CampaignEvent.objects.create(
        campaign=campaign,
        player=player,
        kind=kind,
        lines=list(lines),
        dice=die.record() if die is not None else None,
        mission=mission,
        data=data or {},
        by=by,
    )


def _lock_campaign(campaign: Campaign) -> Campaign:
    """The campaign's row, locked until the transaction ends and read again.

    Every step locks the campaign first, then its mission, then its players by id, then their
    lists: one order everywhere, so two steps at once wait for each other and never deadlock,
    and each re-checks its preconditions on what the other one wrote.
    """
    return Campaign.objects.select_for_update().select_related("module").get(pk=campaign.pk)


def _lock_player(player: CampaignPlayer) -> CampaignPlayer:
    """The player's row (campaign locked first), read again: another tab may have changed it."""
    campaign = _lock_campaign(player.campaign)
    locked = CampaignPlayer.objects.select_for_update(of=("self",)).select_related("user")
    fresh = locked.get(pk=player.pk)
    fresh.campaign = campaign
    return fresh


def _lock_army(player: CampaignPlayer) -> ArmyList:
    return (
        ArmyList.objects.select_for_update(of=("self",))
        .select_related("module")
        .get(pk=player.army_id)
    )


@transaction.atomic
def campaign_leave(*, player: CampaignPlayer, by) -> None:
    """The player disbands their army and leaves (or the organiser removes them).

    The army stays readable in the campaign's history; the list stays its owner's.
    """
    player = _lock_player(player)
    campaign = player.campaign
    _writable(campaign)
    if by is None or by.pk != player.user_id:
        require_organiser(campaign, by, "remove another player")
    if player.left_at is not None:
        raise CampaignError(f"{player.name} has already left {campaign.name}.")
    pending = pending_mission(player)
    if pending is not None:
        raise CampaignError(
            f"{player.name} plays mission {pending.number}, which is not reported yet; "
            "report it first."
        )
    player.left_at = timezone.now()
    player.save(update_fields=["left_at"])
    if by.pk == player.user_id:
        line = f"{player.name} disbanded {player.army.name} and left the campaign."
    else:
        line = f"{by} removed {player.name} ({player.army.name}) from the campaign."
    _event(campaign, "left", [line], player=player)


@transaction.atomic
def campaign_close(*, campaign: Campaign, by) -> None:
    """The organiser ends the campaign: standings and armies stay, nothing changes any more."""
    require_organiser(campaign, by, "close the campaign")
    campaign = _lock_campaign(campaign)
    _writable(campaign)
    campaign.closed_at = timezone.now()
    campaign.save(update_fields=["closed_at"])
    _event(campaign, "closed", [f"{by} closed the campaign after {campaign.missions_played} "
                                "missions."])  # fmt: skip


def campaign_create(
    *, organiser, module: GameModule, name: str, starting_points: int = 1000
) -> Campaign:
    name = name.strip()
    if not name:
        raise CampaignError("Give the campaign a name.")
    if catalog_for(module).spec.campaign is None:
        raise CampaignError(f"The module {module.name} has no campaign tables.")
    campaign = Campaign.objects.create(
        name=name[:120], module=module, organiser=organiser, starting_points=starting_points
    )
    _event(campaign, "created", [f"{organiser} started the campaign {campaign.name}."])
    return campaign


def army_problems(*, campaign: Campaign, army_list: ArmyList, founding: bool = True) -> list[str]:
    """What keeps the list from being a legal army for the campaign (module, faction, the
    rules, and for a founding army the starting size), each saying what to fix; [] if none."""
    if army_list.module_id != campaign.module_id:
        return [
            f"{army_list.name} is a list of {army_list.module.name}; the campaign plays "
            f"{campaign.module.name}: bring a list of {campaign.module.name}."
        ]
    catalog = catalog_for(campaign.module)
    document = ListDocument.model_validate(army_list.document)
    if catalog.faction(document.faction) is None:
        return [
            f"{army_list.name}: its faction is not in {campaign.module.name}; pick one that is."
        ]
    problems = []
    if not document.units:
        problems.append(f"{army_list.name} has no unit yet: add the units of your founding army.")
    report = evaluate(resolve(document.without_campaign_state(), catalog))
    for violation in report.errors:
        hint = f" {violation.hint}" if violation.hint else ""
        problems.append(f"{army_list.name}: {violation.message}{hint}")
    points = sum(report.unit_points.values())
    if founding and points > campaign.starting_points:
        problems.append(
            f"{army_list.name} is {points} pts; armies start at {campaign.starting_points} pts "
            f"in {campaign.name}: take {points - campaign.starting_points} pts out."
        )
    return problems


@transaction.atomic
def campaign_join(*, campaign: Campaign, user, army_list: ArmyList) -> CampaignPlayer:
    """`user` joins with one of their lists; its units become the founding army.

    The list must be legal for the campaign (`army_problems`); campaign state it carries (from
    an import or an older campaign) is dropped: every founding unit starts fresh.
    """
    campaign = _lock_campaign(campaign)
    _writable(campaign)
    locked = ArmyList.objects.select_for_update(of=("self",)).select_related("module")
    army_list = locked.get(pk=army_list.pk)
    if army_list.owner_id != user.pk:
        raise CampaignError("You can only bring one of your own lists.")
    if CampaignPlayer.objects.filter(campaign=campaign, user=user).exists():
        raise CampaignError("You already have an army in this campaign.")
    if CampaignPlayer.objects.filter(army=army_list).exists():
        raise CampaignError("That list is already a campaign army; duplicate it first.")
    problems = army_problems(campaign=campaign, army_list=army_list)
    if problems:
        raise CampaignError(" ".join(problems))
    stale = ListDocument.model_validate(army_list.document).campaign_units()

    def founding(document: ListDocument, catalog: Catalog) -> ListDocument:
        units = tuple(u.model_copy(update={"campaign": UnitCampaign()}) for u in document.units)
        return document.model_copy(update={"units": units})

    army_list_edit(
        army_list=army_list,
        expected_version=None,
        change=founding,
        label="Joined a campaign",
        origin=CAMPAIGNS,
    )
    ListRevision.objects.filter(army_list=army_list).delete()
    army_list.refresh_from_db()
    player = CampaignPlayer.objects.create(campaign=campaign, user=user, army=army_list)
    lines = [f"{user} joined with {army_list.name}."]
    if stale:
        lines.append(campaign_state_left_behind(stale))
    _event(campaign, "joined", lines, player=player, data={"army": army_list.document})
    return player


def campaign_army_start(*, campaign: Campaign, user, faction: str, name: str) -> ArmyList:
    """A new list of the campaign's game for an invited player, sized to its starting points;
    they add the founding army's units in the editor, then join with it."""
    _writable(campaign)
    catalog = catalog_for(campaign.module)
    try:
        document = edits.new_document(
            catalog,
            faction=faction,
            name=name or f"{campaign.name} army",
            points_limit=campaign.starting_points,
            casual=False,
        )
    except edits.EditError as exc:
        raise CampaignError(f"Pick one of {campaign.module.name}'s factions ({exc})") from exc
    return army_list_create(owner=Owner(user.pk, ""), catalog=catalog, document=document)


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
    campaign = _lock_campaign(campaign)
    _writable(campaign)
    spec = campaign_spec(campaign)
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
    values = {p.pk: armies[p.army_id].points for p in players}
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
    lines += [f"{p.name}: {values[p.pk]} pts, {underdog[p.pk]} underdog points" for p in players]
    _event(campaign, "mission-setup", lines, die=die, mission=mission.number)
    return Setup(mission, values, underdog)


def _edit_army(player: CampaignPlayer, label: str, change: Callable) -> ArmyList:
    """The campaign's own write to its army; undo never reaches back across it (the list's
    undo steps before it are dropped: the campaign history keeps the army's story)."""
    army = _lock_army(player)
    army_list_edit(
        army_list=army, expected_version=None, change=change, label=label, origin=CAMPAIGNS
    )
    ListRevision.objects.filter(army_list=army).delete()
    army.refresh_from_db()
    return army


def _army_step(
    player: CampaignPlayer, kind: str, data: dict, *, label: str, die=None
) -> history.Army:
    """Apply one step of `player`'s history to their locked army and store the army, bank, VP
    and missions it gives (the caller stores the event). The same `history.apply` replays it."""
    army_list = _lock_army(player)
    catalog = catalog_for(army_list.module)
    now = history.Army(
        ListDocument.model_validate(army_list.document),
        player.bank,
        player.victory_points,
        player.missions,
    )
    spec = campaign_spec(player.campaign)
    new = history.apply(now, kind, data, spec=spec, catalog=catalog, die=die)
    _edit_army(player, label, lambda d, c: new.document)
    player.bank, player.victory_points, player.missions = new.bank, new.vp, new.missions
    player.save(update_fields=["bank", "victory_points", "missions"])
    return new


def _step_event(player: CampaignPlayer, kind: str, new: history.Army, data: dict, die=None):
    return _event(player.campaign, kind, new.lines, player=player, die=die, data=data)


@transaction.atomic
def mission_report(*, mission: Mission, reports: dict[int, BattleReport], die: Die) -> None:
    """Record the battle: casualties, XP and rewards for every player of the mission.

    The mission is locked and its status read again: of two reports sent at once, the second
    is refused whole (nothing of it is written) and told the mission is already reported.
    """
    campaign = _lock_campaign(mission.campaign)
    _writable(campaign)
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
    if set(reports) != {p.pk for p in players}:
        raise CampaignError("Give a report for every player of the mission, and only them.")
    if sum(r.won for r in reports.values()) > 1:
        raise CampaignError("Only one player wins a mission.")
    for player in players:
        document = ListDocument.model_validate(_lock_army(player).document)
        steps.check_report(document, reports[player.pk])
    for player in players:
        report = reports[player.pk]
        side = die.for_player(player.pk) if isinstance(die, NamedDie) else die
        start = len(die.results)
        named_start = len(die.named) if isinstance(die, NamedDie) else 0
        data = {"report": history.report_data(report)}
        new = _army_step(
            player, "mission-report", data, label=f"Mission {mission.number}", die=side
        )
        outcome = (
            "won"
            if report.won
            else ("drew" if not any(r.won for r in reports.values()) else "lost")
        )
        reward = steps.reward(report, spec=spec)
        lines = [
            *new.lines,
            f"{player.name} {outcome}: +{reward.vp} VP, +{reward.points} pts to spend",
        ]
        event = _event(
            campaign, "mission-report", lines, player=player, mission=mission.number, data=data
        )
        # the seed and how many of its rolls came before this player's: enough to roll them again
        event.dice = {"seed": die.record()["seed"], "skip": start, "results": die.results[start:]}
        if isinstance(die, NamedDie):
            event.dice["named"] = die.named[named_start:]
        event.save(update_fields=["dice"])
    mission.status = Mission.REPORTED
    mission.draft, mission.draft_by = {}, None
    mission.save(update_fields=["status", "draft", "draft_by"])
    campaign.missions_played = max(campaign.missions_played, mission.number)
    campaign.save(update_fields=["missions_played"])


@transaction.atomic
def mission_report_draft(*, mission: Mission, values: dict[str, str], by) -> None:
    """Keep the report form as typed so far; either player (or the organiser) finishes it."""
    campaign = _lock_campaign(mission.campaign)
    _writable(campaign)
    mission = Mission.objects.select_for_update().get(pk=mission.pk)
    if mission.status != Mission.SET_UP:
        raise CampaignError(f"Mission {mission.number} is already reported (see the history).")
    mission.draft, mission.draft_by = values, by
    mission.save(update_fields=["draft", "draft_by"])


@transaction.atomic
def army_level_up(
    *, player: CampaignPlayer, unit_id: str, die: Die, pick: str | None = None
) -> list[str]:
    player = _lock_player(player)
    _seated(player)
    data = {"unit": unit_id, "pick": pick}
    new = _army_step(player, "level-up", data, label="Level up", die=die)
    _step_event(player, "level-up", new, data, die)
    return new.lines


@transaction.atomic
def army_buy_upgrade(*, player: CampaignPlayer, unit_id: str, option: str, choice: str) -> int:
    """Take one more of an upgrade, paid from the bank; returns its cost.

    Between missions only; the rules check the army afterwards (a choice the unit may not take
    again, an option limit...) and refuse an upgrade that breaks them.
    """
    player = _lock_player(player)
    _seated(player)
    _between_missions(player, "upgrades")
    army = _lock_army(player)
    catalog = catalog_for(army.module)
    document = ListDocument.model_validate(army.document)
    unit = steps._active_unit(document, unit_id)
    name = _choice_name(catalog, document, unit, option, choice)
    data = {"unit": unit_id, "option": option, "choice": choice, "name": name}
    bank = player.bank
    new = _army_step(player, "upgrade", data, label="Upgrade")
    _step_event(player, "upgrade", new, data)
    return bank - new.bank


def _choice_name(catalog: Catalog, army: ListDocument, unit, option: str, choice: str) -> str:
    from factions.cards import choice_label

    sheet = catalog.datasheet(steps._faction(army, unit), unit.datasheet)
    found = sheet.option(option) if sheet else None
    if found is None:
        return choice
    spec = found[1]
    picked = next((c for c in spec.choices if c.id == choice), None)
    return choice_label(catalog, steps._faction(army, unit), spec, picked) if picked else choice


@transaction.atomic
def army_disband_unit(*, player: CampaignPlayer, unit_id: str) -> None:
    """A unit leaves the army for good (kept on the list, marked disbanded); no refund."""
    player = _lock_player(player)
    _seated(player)
    _between_missions(player, "disbanding units")
    data = {"unit": unit_id}
    new = _army_step(player, "disband", data, label="Disbanded a unit")
    _step_event(player, "disband", new, data)


@transaction.atomic
def army_sell_upgrade(*, player: CampaignPlayer, unit_id: str, option: str) -> int:
    """Sell an upgrade for half its cost, rounded down to 5; returns what the bank gets."""
    player = _lock_player(player)
    _seated(player)
    _between_missions(player, "sales")
    data = {"unit": unit_id, "option": option}
    bank = player.bank
    new = _army_step(player, "sell", data, label="Sold an upgrade")
    _step_event(player, "sell", new, data)
    return new.bank - bank


@transaction.atomic
def army_recruit(
    *, player: CampaignPlayer, datasheet: str, veteran: bool = False, force: str | None = None
) -> str:
    """A new unit paid from the bank (a veteran costs more and starts with XP)."""
    player = _lock_player(player)
    _seated(player)
    _between_missions(player, "recruits")
    data = {
        "datasheet": datasheet,
        "veteran": veteran,
        "force": force,
        "missions_played": player.campaign.missions_played,
    }
    new = _army_step(player, "recruit", data, label="Recruit")
    _step_event(player, "recruit", new, data)
    return new.document.units[-1].id

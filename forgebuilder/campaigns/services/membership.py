"""Who plays: creating and closing a campaign, joining it (with a legal army, campaign state
left behind), starting a list for it, and leaving it."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from factions.catalog import Catalog, catalog_for
from factions.models import GameModule
from forgebuilder.engine.api import ListDocument, UnitCampaign, campaign_state_left_behind
from forgebuilder.lists.api import (
    ArmyList,
    ListRevision,
    Owner,
    army_list_create,
    army_list_edit,
    data_versions,
    edits,
    evaluated_document,
    evaluated_list,
)

from .. import history
from ..data_version import army_catalog, campaign_catalog, on_campaign_version
from ..models import Campaign, CampaignEvent, CampaignPlayer
from .base import (
    CAMPAIGNS,
    CampaignError,
    campaign_spec,
    lock_army,
    lock_campaign,
    lock_player,
    pending_mission,
    record_event,
    require_organiser,
    require_writable,
)


def campaign_create(
    *, organiser, module: GameModule, name: str, starting_points: int = 1000
) -> Campaign:
    name = name.strip()
    if not name:
        raise CampaignError("Give the campaign a name.")
    if catalog_for(module).spec.campaign is None:
        raise CampaignError(f"The module {module.name} has no campaign tables.")
    newest = data_versions.newest_version(module.pk)
    campaign = Campaign.objects.create(
        name=name[:120], module=module, organiser=organiser, starting_points=starting_points,
        data_version=newest[0] if newest else None,
    )  # fmt: skip
    record_event(campaign, "created", [f"{organiser} started the campaign {campaign.name}."])
    return campaign


def army_problems(*, campaign: Campaign, army_list: ArmyList, founding: bool = True) -> list[str]:
    """What keeps the list from being a legal army for the campaign (module, faction, the
    rules, and for a founding army the starting size), each saying what to fix; [] if none.

    A founding army is judged as it joins (without campaign state: every unit starts afresh);
    an army already in the campaign as the editor judges it (its dead and disbanded units out).
    """
    if army_list.module_id != campaign.module_id:
        return [
            f"{army_list.name} is a list of {army_list.module.name}; the campaign plays "
            f"{campaign.module.name}: bring a list of {campaign.module.name}."
        ]
    catalog = campaign_catalog(campaign)
    document = ListDocument.model_validate(army_list.document)
    if catalog.faction(document.faction) is None:
        return [
            f"{army_list.name}: its faction is not in {campaign.module.name}; pick one that is."
        ]
    problems = []
    if not document.units:
        problems.append(f"{army_list.name} has no unit yet: add the units of your founding army.")
    if founding:  # joining starts every unit afresh: state it carries from elsewhere is dropped
        _, report = evaluated_document(document=document.without_campaign_state(), catalog=catalog)
    else:  # the army as the campaign and the editor judge it: dead and disbanded units out
        report = evaluated_list(army_list=army_list).report
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
    campaign = lock_campaign(campaign)
    require_writable(campaign)
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
        # the army stays on the campaign's version of the game data until the campaign moves
        return on_campaign_version(document.model_copy(update={"units": units}), campaign)

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
    record_event(campaign, "joined", lines, player=player, data={"army": army_list.document})
    return player


def campaign_army_start(*, campaign: Campaign, user, faction: str, name: str) -> ArmyList:
    """A new list of the campaign's game for an invited player, sized to its starting points;
    they add the founding army's units in the editor, then join with it."""
    require_writable(campaign)
    catalog = campaign_catalog(campaign)
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
    document = on_campaign_version(document, campaign)
    return army_list_create(owner=Owner(user.pk, ""), catalog=catalog, document=document)


@transaction.atomic
def campaign_leave(*, player: CampaignPlayer, by) -> None:
    """The player disbands their army and leaves (or the organiser removes them).

    The army stays readable in the campaign's history; the list stays its owner's.
    """
    player = lock_player(player)
    campaign = player.campaign
    require_writable(campaign)
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
    record_event(campaign, "left", [line], player=player)


@transaction.atomic
def campaign_close(*, campaign: Campaign, by) -> None:
    """The organiser ends the campaign: standings and armies stay, nothing changes any more."""
    require_organiser(campaign, by, "close the campaign")
    campaign = lock_campaign(campaign)
    require_writable(campaign)
    campaign.closed_at = timezone.now()
    campaign.save(update_fields=["closed_at"])
    record_event(campaign, "closed", [f"{by} closed the campaign after {campaign.missions_played} "
                                "missions."])  # fmt: skip


@transaction.atomic
def campaign_army_adopt(*, player: CampaignPlayer) -> bool:
    """Take an army whose history cannot be replayed (kept from before every step recorded its
    facts) as it stands, units, bank, VP and missions, as the starting point its history
    replays from. False, and nothing written, when its history replays already."""
    player = lock_player(player)
    army = lock_army(player)
    events = CampaignEvent.objects.filter(player=player, voided_by__isnull=True)
    try:
        history.replay(
            player, spec=campaign_spec(player.campaign), catalog=army_catalog(army),
            events=events,
        )  # fmt: skip
    except history.CannotReplay:
        pass
    else:
        return False
    line = (
        f"{player.name}'s {army.name} as it stood ({army.points} pts, bank {player.bank} pts, "
        f"{player.victory_points} VP, {player.missions} missions) is the starting point its "
        "history replays from: it was kept from before the history recorded every step."
    )
    data = {
        "army": army.document,
        "bank": player.bank,
        "vp": player.victory_points,
        "missions": player.missions,
    }
    record_event(player.campaign, "adopted", [line], player=player, data=data)
    return True

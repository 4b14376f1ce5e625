"""What every campaign write shares: its errors, the checks it starts with, the locks it takes
(in one order everywhere), the history event it leaves, and the one way it changes an army
(`army_step`: the same `history.apply` that replays it).
"""

from __future__ import annotations

from collections.abc import Callable

from factions.gamedata.campaign_schema import CampaignSpec
from forgebuilder.engine.api import ListDocument
from forgebuilder.lists.api import ArmyList, ListRevision, army_list_edit
from forgebuilder.refusals import Refused

from .. import history
from ..data_version import army_catalog, campaign_catalog
from ..dice import Die
from ..models import Campaign, CampaignEvent, CampaignPlayer, Mission

CAMPAIGNS = "campaigns"  # the origin of the campaign's own writes to its armies (extension.py)


class CampaignError(Refused, ValueError):
    """A campaign action that cannot be done; the message says why."""

    code = "campaign-action-refused"


class CampaignForbidden(CampaignError):
    """An action only the campaign's organiser may take (the pages answer 403)."""

    code = "organiser-only"


def require_organiser(campaign: Campaign, user, action: str) -> None:
    if user is None or campaign.organiser_id != user.pk:
        raise CampaignForbidden(f"Only the organiser, {campaign.organiser}, can {action}.")


def require_writable(campaign: Campaign) -> None:
    """Refuse any change to a closed campaign (every write starts here)."""
    if campaign.closed:
        raise CampaignError(f"{campaign.name} is closed: it can be read, not changed.")


def require_seated(player: CampaignPlayer) -> None:
    """The player's army can still change: the campaign is open and they have not left it."""
    require_writable(player.campaign)
    if player.left_at is not None:
        raise CampaignError(
            f"{player.name} has left {player.campaign.name}; the army can only be read."
        )


def pending_mission(player: CampaignPlayer) -> Mission | None:
    """The mission the player is set up to play and that is not reported yet."""
    return Mission.objects.filter(players=player, status=Mission.SET_UP).order_by("number").first()


def require_between_missions(player: CampaignPlayer, what: str) -> None:
    """Refuse `what` while the player's last mission waits for its report."""
    pending = pending_mission(player)
    if pending is not None:
        raise CampaignError(
            f"Mission {pending.number} is set up and not reported yet: {what} wait until it is."
        )


def campaign_spec(campaign: Campaign) -> CampaignSpec:
    spec = campaign_catalog(campaign).spec.campaign
    if spec is None:
        raise CampaignError(f"The module {campaign.module.name} has no campaign tables.")
    return spec


def record_event(
    campaign, kind, lines, *, player=None, die: Die | None = None, mission=None, data=None,
    by=None, dice: dict | None = None,
):  # fmt: skip
    """Keep one event in the history; `dice` (what was rolled) or the `die` that rolled it."""
    return CampaignEvent.objects.create(
        campaign=campaign,
        player=player,
        kind=kind,
        lines=list(lines),
        dice=dice if dice is not None else (die.record() if die is not None else None),
        mission=mission,
        data=data or {},
        by=by,
    )


def lock_campaign(campaign: Campaign) -> Campaign:
    """The campaign's row, locked until the transaction ends and read again.

    Every step locks the campaign first, then its mission, then its players by id, then their
    lists: one order everywhere, so two steps at once wait for each other and never deadlock,
    and each re-checks its preconditions on what the other one wrote.
    """
    return (
        Campaign.objects.select_for_update(of=("self",))
        .select_related("module")
        .get(pk=campaign.pk)
    )


def lock_player(player: CampaignPlayer) -> CampaignPlayer:
    """The player's row (campaign locked first), read again: another tab may have changed it."""
    campaign = lock_campaign(player.campaign)
    locked = CampaignPlayer.objects.select_for_update(of=("self",)).select_related("user")
    fresh = locked.get(pk=player.pk)
    fresh.campaign = campaign
    return fresh


def lock_army(player: CampaignPlayer) -> ArmyList:
    """The player's army, locked (after their campaign and their row: the one lock order)."""
    return (
        ArmyList.objects.select_for_update(of=("self",))
        .select_related("module")
        .get(pk=player.army_id)
    )


def edit_army(player: CampaignPlayer, label: str, change: Callable) -> ArmyList:
    """The campaign's own write to its army; undo never reaches back across it (the list's
    undo steps before it are dropped: the campaign history keeps the army's story)."""
    army = lock_army(player)
    army_list_edit(
        army_list=army, expected_version=None, change=change, label=label, origin=CAMPAIGNS
    )
    ListRevision.objects.filter(army_list=army).delete()
    army.refresh_from_db()
    return army


def army_step(
    player: CampaignPlayer, kind: str, data: dict, *, label: str, die=None
) -> history.Army:
    """Apply one step of `player`'s history to their locked army and store the army, bank, VP
    and missions it gives (the caller stores the event). The same `history.apply` replays it."""
    army_list = lock_army(player)
    catalog = army_catalog(army_list)
    now = history.Army(
        ListDocument.model_validate(army_list.document),
        player.bank,
        player.victory_points,
        player.missions,
    )
    spec = campaign_spec(player.campaign)
    new = history.apply(now, kind, data, spec=spec, catalog=catalog, die=die)
    edit_army(player, label, lambda d, c: new.document)
    player.bank, player.victory_points, player.missions = new.bank, new.vp, new.missions
    player.save(update_fields=["bank", "victory_points", "missions"])
    return new


def record_step_event(player: CampaignPlayer, kind: str, new: history.Army, data: dict, die=None):
    """Keep the event of an `army_step`: its lines, data and the die that rolled them."""
    return record_event(player.campaign, kind, new.lines, player=player, die=die, data=data)

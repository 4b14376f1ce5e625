"""Moving a campaign onto the newest version of its game data: every army still playing is
updated as its editor's update would (what the new version no longer has dropped and named),
in one transaction, and the history says what changed for each."""

from __future__ import annotations

from django.db import transaction

from factions.catalog import Catalog, catalog_for
from forgebuilder.engine.api import ListDocument
from forgebuilder.lists.api import data_updates, data_versions

from ..data_version import campaign_catalog
from ..models import Campaign, CampaignPlayer, Mission
from .base import (
    CampaignError,
    edit_army,
    lock_army,
    lock_campaign,
    record_event,
    require_organiser,
    require_writable,
)


@transaction.atomic
def campaign_move_data(*, campaign: Campaign, by) -> str:
    """The organiser moves the campaign (every army still playing) to the module's newest
    version; refused while a mission is set up and not reported. Returns the version's name."""
    require_organiser(campaign, by, "move the campaign to a new version of the game data")
    campaign = lock_campaign(campaign)
    require_writable(campaign)
    newest = data_versions.newest_version(campaign.module_id)
    if newest is None or campaign.data_version is None or campaign.data_version >= newest[0]:
        raise CampaignError(
            f"{campaign.name} already plays the newest version of {campaign.module.name}."
        )
    pending = campaign.missions.filter(status=Mission.SET_UP).order_by("number").first()
    if pending is not None:
        raise CampaignError(
            f"Mission {pending.number} is set up and not reported yet: report it before moving "
            "the campaign to the new version."
        )
    old, now = campaign_catalog(campaign), catalog_for(campaign.module)
    name = f"{now.spec.name} {now.spec.version}"
    players = CampaignPlayer.objects.select_for_update(of=("self",)).select_related("user")
    for player in players.filter(campaign=campaign, left_at__isnull=True).order_by("pk"):
        _move_army(campaign, player, old, now, name)
    campaign.data_version = newest[0]
    campaign.save(update_fields=["data_version"])
    record_event(campaign, "moved", [f"{by} moved the campaign to {name}."], by=by)
    return name


def _move_army(
    campaign: Campaign, player: CampaignPlayer, old: Catalog, now: Catalog, name: str
) -> None:
    """One army onto `now`, kept there (pinned) like every army of the campaign; its history
    starts again from the army as moved, as from a founding army."""
    player.campaign = campaign
    dropped: list[str] = []
    before = lock_army(player).points

    def change(document: ListDocument, catalog: Catalog) -> ListDocument:
        updated, names = data_updates.updated_document(document, now, old)
        dropped[:] = names
        return updated.model_copy(update={"pinned": True})

    army = edit_army(player, f"Moved to {name}", change)
    lines = [f"{army.name} moved to {name}: {before} → {army.points} pts."]
    if dropped:
        lines.append("Dropped what it no longer has: " + "; ".join(dropped) + ".")
    data = {
        "army": army.document, "bank": player.bank, "vp": player.victory_points,
        "missions": player.missions,
    }  # fmt: skip
    record_event(campaign, "army-moved", lines, player=player, data=data)

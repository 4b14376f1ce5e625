"""The version of the game data a campaign's armies are on: the newest when the campaign is
made, kept (whatever is published meanwhile) until the organiser moves the campaign to a newer
one (services/data.py). Each army's list is pinned to it, so its editor, its campaign page and
every step read the same data."""

from __future__ import annotations

from dataclasses import dataclass

from factions.catalog import Catalog, catalog_for
from forgebuilder.engine.api import ListDocument
from forgebuilder.lists.api import ArmyList, data_updates, data_versions, evaluated_list

from .models import Campaign, CampaignPlayer


def campaign_catalog(campaign: Campaign) -> Catalog:
    """The catalogue of the campaign's version (the module as it is for a campaign made before
    versions were kept)."""
    return data_versions.pinned_catalog(catalog_for(campaign.module), True, campaign.data_version)


def army_catalog(army: ArmyList) -> Catalog:
    """The catalogue an army's list is read with: its campaign's version, which it is pinned to."""
    return data_versions.stored_catalog(catalog_for(army.module), army.document)


def on_campaign_version(document: ListDocument, campaign: Campaign) -> ListDocument:
    """`document` pinned to the campaign's version (unchanged for a campaign without one)."""
    if campaign.data_version is None:
        return document
    label = data_versions.version_label(campaign.module_id, campaign.data_version)
    return document.model_copy(
        update={
            "module_version": label or document.module_version,
            "data_version": campaign.data_version,
            "pinned": True,
        }
    )


@dataclass(frozen=True)
class CampaignMove:
    """What moving the campaign onto the module's newest version does: the versions by name
    and, per army still playing, what changes for it (None: nothing it uses changes)."""

    module_name: str
    built_on: str
    current: str
    armies: tuple[tuple[CampaignPlayer, data_updates.DataUpdate | None], ...]


def campaign_move_offer(campaign: Campaign) -> CampaignMove | None:
    """What moving the campaign to the newest version would change, army by army; None when
    it plays the newest version (or one from before versions were kept)."""
    newest = data_versions.newest_version(campaign.module_id)
    if newest is None or campaign.data_version is None or campaign.data_version >= newest[0]:
        return None
    label = data_versions.version_label(campaign.module_id, campaign.data_version) or "?"
    players = campaign.players.filter(left_at__isnull=True).select_related("user", "army__module")
    armies = tuple((p, data_updates.data_update(evaluated_list(army_list=p.army))) for p in players)
    built, current = data_versions.version_name(label, campaign.data_version, True), newest[1]
    if label == newest[1]:
        current = data_versions.version_name(newest[1], newest[0], True)
    return CampaignMove(campaign.module.name, built, current, armies)

"""The campaign wing's part in every list, registered with armylists at start-up (see apps.py).

A campaign unit carries its state in the list document (`ListUnit.campaign`); this is where
the list engine learns what that state means: whether the unit is still in play, what its
levels, injuries and talents cost, how far it has come (its level progress, which the engine
puts on the report), the campaign checks, its card lines, and the underdog
points of the mission its army is set up for.
"""

from __future__ import annotations

from collections.abc import Sequence

from factions.catalog import Catalog
from forgebuilder.engine.api import (
    Check,
    ListDocument,
    ListExtension,
    ListNotice,
    ListUnit,
    ListWrite,
    ListWriteRefused,
    ShelfMark,
    UnitProgress,
)

from .card_lines import campaign_extras
from .checks import CampaignState
from .pricing import campaign_points, is_active, level_progress


class CampaignExtension(ListExtension):
    key = "campaigns"

    def __init__(self) -> None:
        self._checks = (CampaignState(),)

    def unit_in_play(self, unit: ListUnit) -> bool:
        return is_active(unit.campaign)

    def unit_price(self, unit: ListUnit, catalog: Catalog) -> int:
        return campaign_points(unit.campaign, catalog.spec.campaign)

    def checks(self) -> Sequence[Check]:
        return self._checks

    def unit_progress(self, unit: ListUnit, catalog: Catalog) -> UnitProgress | None:
        spec = catalog.spec.campaign
        if unit.campaign is None or spec is None:
            return None
        return level_progress(unit.campaign, spec)

    def card_lines(
        self, unit: ListUnit, catalog: Catalog, progress: UnitProgress | None
    ) -> list[tuple[str, str]]:
        return campaign_extras(unit.campaign, catalog.spec.campaign, progress)

    def list_notice(self, army_list, document: ListDocument) -> ListNotice | None:
        seat = _seat(army_list.pk, document)
        if seat is None:
            return None
        from django.urls import reverse

        link = reverse("campaigns:army", args=[seat.campaign_id, seat.pk])
        return ListNotice(
            f"This is {seat.name}'s army in the campaign {seat.campaign.name}: {CHANGES_HERE}",
            link,
            "Open the army's campaign page",
            locked=True,
        )

    def guard_write(self, write: ListWrite) -> None:
        """A campaign army changes only through its campaign (origin "campaigns"): the editor
        may rename it, write notes and choose its doctrine; anything else, undo across a
        campaign step included, is refused, saying where to do it."""
        if write.origin == self.key:
            return
        seat = _seat(write.army_list.pk, write.before)
        if seat is None:
            return
        where = (
            f"“{write.army_list.name}” is {seat.name}'s army in the campaign {seat.campaign.name}"
        )
        if write.action == "delete":
            raise ListWriteRefused(
                f"{where}: it stays while it is in the campaign. Duplicate it for a copy of your own."
            )
        if write.after is not None and _campaign_part(write.before) == _campaign_part(write.after):
            return
        raise ListWriteRefused(f"{where}: {CHANGES_HERE}")

    def shelf_mark(self) -> ShelfMark:
        """A campaign army says so in My lists, with its campaign (the seat's campaign name,
        read in the page's one query)."""
        from django.db.models import F

        return ShelfMark(F("campaign_seat__campaign__name"), lambda name: f"Campaign: {name}")

    def underdog_points(self, army_list_id: int) -> int:
        from .selectors import underdog_points_for  # models load after the app registry

        return underdog_points_for(army_list_id)


CHANGES_HERE = (
    "its units, upgrades and points limit change only through the campaign, where the bank pays "
    "(buy, sell, recruit and disband on its campaign page); its name and notes (and its doctrine, "
    "in a game that has them) are yours to edit."
)


def _seat(army_list_id: int, document: ListDocument):
    """The campaign seat of a list whose units carry campaign state; only a campaign army
    does (new lists drop it), so other lists cost no query."""
    if not any(u.campaign is not None for u in document.units):
        return None
    from .models import CampaignPlayer  # models load after the app registry

    found = CampaignPlayer.objects.select_related("campaign", "user")
    return found.filter(army_id=army_list_id).first()


def _campaign_part(document: ListDocument) -> ListDocument:
    """The document without what stays the player's: the list's and units' names and notes,
    and the doctrine (the rules choose it before each game; the campaign neither records nor
    prices it)."""
    units = tuple(u.model_copy(update={"name": "", "notes": ""}) for u in document.units)
    return document.model_copy(update={"name": "", "notes": "", "doctrine": None, "units": units})

"""The campaign wing's part in every list, registered with armylists at start-up (see apps.py).

A campaign unit carries its state in the list document (`ListUnit.campaign`); this is where
the list engine learns what that state means: whether the unit is still in play, what its
levels, injuries and talents cost, the campaign checks, its card lines, and the underdog
points of the mission its army is set up for.
"""

from __future__ import annotations

from collections.abc import Sequence

from factions.catalog import Catalog
from forgebuilder.armylists.extensions import ListExtension
from forgebuilder.armylists.listdoc import ListUnit
from forgebuilder.armylists.rules.base import Check

from .card_lines import campaign_extras
from .checks import CampaignState
from .pricing import campaign_points, is_active


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

    def card_lines(self, unit: ListUnit, catalog: Catalog) -> list[tuple[str, str]]:
        return campaign_extras(unit.campaign, catalog.spec.campaign)

    def underdog_points(self, army_list_id: int) -> int:
        from .selectors import underdog_points_for  # models load after the app registry

        return underdog_points_for(army_list_id)

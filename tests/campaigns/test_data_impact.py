"""Before a module's new version is published, the campaigns that play it say which armies it
would reprice (and that armies keep their version until the organiser moves the campaign)."""

from __future__ import annotations

import pytest

from factions.catalog import Catalog, catalog_for
from factions.gamedata.schemas import ModuleSpec
from forgebuilder.campaigns.data_impact import CampaignsImpact

pytestmark = pytest.mark.django_db


def test_an_army_a_new_version_reprices_is_named(game):
    campaign, ana, ben = game
    current = catalog_for(campaign.module)
    spec = current.spec.model_dump(mode="json")
    spec["factions"]["cinder_compact"]["datasheets"]["lantern_marshal"]["points"] += 9
    new = Catalog(current.module_id, -7, ModuleSpec.model_validate(spec))

    impact = CampaignsImpact().impact(module_id=campaign.module_id, current=current, new=new)

    assert (impact.what, impact.stored, impact.touched) == ("Campaigns", 1, 1)
    assert impact.lines[0].startswith(f"1 army would change price ({ana.name}'s army in Ashfall: ")
    assert ben.name not in impact.lines[0]
    assert "until its organiser moves the campaign" in impact.lines[1]

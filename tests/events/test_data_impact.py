"""Before a module's new version is published, the events that play it say which submitted
lists would get another verdict on it (and that each event keeps its pack's version)."""

from __future__ import annotations

import pytest

from factions.catalog import Catalog, catalog_for
from factions.gamedata.schemas import ModuleSpec
from forgebuilder.events.data_impact import EventsImpact

from .conftest import entered

pytestmark = pytest.mark.django_db


def _dearer(catalog: Catalog, faction: str, datasheet: str, points: int) -> Catalog:
    spec = catalog.spec.model_dump(mode="json")
    spec["factions"][faction]["datasheets"][datasheet]["points"] += points
    return Catalog(catalog.module_id, -7, ModuleSpec.model_validate(spec))


def test_a_submitted_list_a_new_version_reprices_is_named(event, players):
    entered(event, players[0], "lantern_marshal")
    entered(event, players[1], "lightbearer_squad")
    current = catalog_for(event.module)

    impact = EventsImpact().impact(
        module_id=event.module_id,
        current=current,
        new=_dearer(current, "cinder_compact", "lantern_marshal", 1001),
    )

    assert (impact.what, impact.stored, impact.touched) == ("Events", 1, 1)
    assert impact.lines[0].startswith(
        "1 submitted list would get another verdict (ann at Ember Cup: "
    )
    assert "illegal" in impact.lines[0] and "bob" not in impact.lines[0]
    assert "keeps checking its lists against the version its pack names" in impact.lines[1]


def test_a_version_that_changes_no_verdict_touches_no_event(event, players):
    entered(event, players[0], "lantern_marshal")
    current = catalog_for(event.module)

    impact = EventsImpact().impact(module_id=event.module_id, current=current, new=current)

    assert (impact.stored, impact.touched) == (1, 0)
    assert not any("verdict" in line for line in impact.lines)

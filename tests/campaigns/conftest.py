from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from factions.catalog import catalog_for
from factions.models import GameModule
from forgebuilder.engine.listdoc import ListDocument
from forgebuilder.lists.models import ArmyList
from forgebuilder.lists.ownership import Owner
from forgebuilder.lists.services import army_list_create
from tests.conftest import write_module_rows


@pytest.fixture
def ashen(db, ashen_rows) -> GameModule:
    """The Ashen Stars starter module alone, loaded (its rows read once: tests/conftest.py)."""
    write_module_rows(ashen_rows)
    return GameModule.objects.get(slug="ashen-stars")


def make_army(module: GameModule, user, faction: str, *datasheets: str, name: str = "Army"):
    catalog = catalog_for(module)
    document = ListDocument.model_validate(
        {
            "name": name,
            "module": catalog.slug,
            "module_version": catalog.spec.version,
            "faction": faction,
            "points_limit": 2000,
            "doctrine": "iron_vigil",
            "units": [{"id": f"u{i}", "datasheet": d} for i, d in enumerate(datasheets, 1)],
        }
    )
    return army_list_create(owner=Owner(user.pk, ""), catalog=catalog, document=document)


def with_xp(player, unit_index: int, xp: int = 5) -> None:
    """Write `xp` XP straight into the campaign state of the player's unit (by its place in the
    army), as if earned in missions: enough for a level at 5."""
    army = ArmyList.objects.get(pk=player.army_id)
    army.document["units"][unit_index]["campaign"]["xp"] = xp
    army.save()


@pytest.fixture
def users(db):
    model = get_user_model()
    return [
        model.objects.create_user(n, f"{n}@example.com", "pw-123456789")
        for n in ("ana", "ben", "cy")
    ]


@pytest.fixture
def game(ashen, users):
    """A campaign organised by ana, with ana's and ben's armies (cy stays outside)."""
    ana, ben, _cy = users
    return ashfall(ashen, ana, ben)


ANA_UNITS = ("lantern_marshal", "lightbearer_squad")


def ashfall(ashen: GameModule, ana, ben, *, name: str = "Ashfall", ana_units=ANA_UNITS):
    """Ashfall, organised by ana: ana brings a Lantern Marshal and a Lightbearer Squad (or
    `ana_units`), ben a Corsair Captain and a Deckhand Mob. Returns the campaign and the two
    players."""
    from forgebuilder.campaigns import services

    campaign = services.campaign_create(organiser=ana, module=ashen, name=name)
    a = services.campaign_join(
        campaign=campaign, user=ana, army_list=make_army(ashen, ana, "cinder_compact", *ana_units)
    )
    b = services.campaign_join(
        campaign=campaign, user=ben,
        army_list=make_army(ashen, ben, "gutterfleet", "corsair_captain", "deckhand_mob"),
    )  # fmt: skip
    return campaign, a, b

from __future__ import annotations

import datetime as dt
import json
import pathlib
import random

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from factions.catalog import catalog_for
from factions.models import GameModule
from forgebuilder.engine.listdoc import ListDocument
from forgebuilder.lists.ownership import Owner
from forgebuilder.lists.services import army_list_create
from tests.conftest import write_module_rows

VECTORS = json.loads((pathlib.Path(__file__).parent / "vectors.json").read_text())


def make_list(module: GameModule, user, faction: str, units: list[dict], **settings):
    catalog = catalog_for(module)
    document = ListDocument.model_validate(
        {
            "name": settings.pop("name", "Army"),
            "module": catalog.slug,
            "module_version": catalog.spec.version,
            "faction": faction,
            "points_limit": settings.pop("points_limit", 150),
            "units": [{"id": f"u{i}", **unit} for i, unit in enumerate(units, 1)],
            **settings,
        }
    )
    return army_list_create(owner=Owner(user.pk, ""), catalog=catalog, document=document)


def users_named(*names: str) -> list:
    model = get_user_model()
    return [model.objects.create_user(n, f"{n}@example.com", "pw-123456789") for n in names]


@pytest.fixture
def players(db):
    return users_named("ada", "bo")


@pytest.fixture
def ember_list(starter_modules, players):
    """Ada's 150-point Gilt Ledger list of Battle Forge: 4 strategy points a round."""
    module = GameModule.objects.get(slug="ember-reach")
    units = [{"datasheet": "pike_and_shot"}, {"datasheet": "brass_juggernaut"}]
    return make_list(module, players[0], "gilt_ledger", units, name="Coin and Steel")


@pytest.fixture
def ashen_list(starter_modules, players):
    """Bo's 2000-point Cinder Compact list of Grimdark: command points from its size."""
    module = GameModule.objects.get(slug="ashen-stars")
    units = [{"datasheet": "lantern_marshal"}, {"datasheet": "lightbearer_squad"}]
    return make_list(
        module, players[1], "cinder_compact", units, name="Lanterns", points_limit=2000,
        doctrine="iron_vigil",
    )  # fmt: skip


@pytest.fixture
def campaigners(db):
    """Ana and Ben, who play Ashfall's missions."""
    return users_named("ana", "ben")


@pytest.fixture
def ashen(db, ashen_rows) -> GameModule:
    write_module_rows(ashen_rows)
    return GameModule.objects.get(slug="ashen-stars")


@pytest.fixture
def mission(ashen, campaigners):
    """Ashfall's mission 1 (special objective Rage): ana's Lantern Marshal (u1) and Lightbearer
    Squad (u2) against ben's Corsair Captain (u1) and Deckhand Mob (u2)."""
    from forgebuilder.campaigns import services
    from forgebuilder.campaigns.dice import EnteredDie
    from tests.campaigns.conftest import ashfall

    campaign, a, b = ashfall(ashen, *campaigners)
    services.mission_setup(campaign=campaign, players=[a, b], die=EnteredDie([]), objective="rage")
    return campaign, a, b


@pytest.fixture
def entrants(db):
    return users_named("ann", "bob", "cy")


@pytest.fixture
def pairing(ashen, entrants):
    """Round 1 of the Ember Cup: ann against bob, each with a Lantern Marshal and a Lightbearer
    Squad submitted."""
    from forgebuilder.events import services as events
    from forgebuilder.events.models import Event
    from tests.campaigns.conftest import make_army

    organiser = get_user_model().objects.create_user("olga", "olga@example.com", "pw-123456789")
    event = Event.objects.create(
        organiser=organiser, name="Ember Cup", starts_on=dt.date(2026, 12, 5), place="Leeds",
        module=ashen, points_limit=1000, list_deadline=timezone.now() + dt.timedelta(days=1),
        rounds=3,
    )  # fmt: skip
    for player in entrants[:2]:
        entrant = events.entrant_register(event=event, player=player)
        army = make_army(ashen, player, "cinder_compact", "lantern_marshal", "lightbearer_squad")
        document = ListDocument.model_validate(army.document)
        events.submission_submit(entrant=entrant, document=document, source=army.public_id)
        events.entrant_check_in(event=event, entrant=entrant)
    return events.round_pair(event=event, rng=random.Random(1)).games.get()

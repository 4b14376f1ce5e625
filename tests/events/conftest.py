from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from factions.models import GameModule
from forgebuilder.engine.listdoc import ListDocument
from forgebuilder.events.models import Entrant, Event
from tests.campaigns.conftest import make_army

__all__ = ["entered", "make_army"]


def entered(event: Event, player, *datasheets: str, club: str = "", name: str = "Army") -> Entrant:
    """`player` registered for `event`, a Cinder Compact army of `datasheets` submitted, and
    checked in: ready to be paired."""
    from forgebuilder.events import services

    entrant = services.entrant_register(event=event, player=player, club=club)
    army = make_army(event.module, player, "cinder_compact", *datasheets, name=name)
    document = ListDocument.model_validate(army.document)
    services.submission_submit(entrant=entrant, document=document, source="x")
    services.entrant_check_in(event=event, entrant=entrant)
    return entrant


@pytest.fixture
def ashen(starter_modules) -> GameModule:
    return GameModule.objects.get(slug="ashen-stars")


@pytest.fixture
def organiser(db):
    return get_user_model().objects.create_user("olga", "olga@example.com", "pw-123456789")


@pytest.fixture
def players(db):
    model = get_user_model()
    return [
        model.objects.create_user(n, f"{n}@example.com", "pw-123456789")
        for n in ("ann", "bob", "cat", "dan", "eve", "fay", "gus", "hal")
    ]


@pytest.fixture
def event(ashen, organiser) -> Event:
    """A 1000-point matched event of Ashen Stars, three rounds, lists due tomorrow."""
    return Event.objects.create(
        organiser=organiser,
        name="Ember Cup",
        starts_on=dt.date(2026, 12, 5),
        place="The Forge, Leeds",
        module=ashen,
        points_limit=1000,
        list_deadline=timezone.now() + dt.timedelta(days=1),
        rounds=3,
        tiebreakers=["points", "sos", "vp_diff"],
    )


@pytest.fixture
def version_kept(monkeypatch):
    """The event's version (events/board.py, cached VERSION_KEPT: a second) kept for as long as
    the test takes: on a busy machine a second passed between two views of one event, and the
    later one asked for the version again, so what a test counted depended on the machine."""
    from forgebuilder.events import board

    monkeypatch.setattr(board, "VERSION_KEPT", 60)

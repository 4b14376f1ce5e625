from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from factions.models import GameModule
from forgebuilder.events.models import Event
from tests.campaigns.conftest import make_army

__all__ = ["make_army"]


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

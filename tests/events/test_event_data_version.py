"""The version of the game data an event checks lists against: chosen when it is made (the
newest, or the newest published by a cut-off date), named on the event page and in the pack."""

from __future__ import annotations

import copy
import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from factions.gamedata.loader import game_module_load
from factions.gamedata.schemas import ModuleSpec
from factions.models import GameModule, ModuleVersion
from forgebuilder.events.models import Event
from forgebuilder.events.pack_pdf import pack_html
from tests.factions.test_module_versions import starter_spec

pytestmark = pytest.mark.django_db


@pytest.fixture
def two_versions(db) -> GameModule:
    """Ashen Stars 7.1, published on 1 March 2026, then 7.2 (now)."""
    spec = starter_spec("ashen-stars")
    spec["version"] = "7.1"
    game_module_load(spec=ModuleSpec.model_validate(spec))
    module = GameModule.objects.get(slug="ashen-stars")
    march = timezone.make_aware(dt.datetime(2026, 3, 1, 12))
    ModuleVersion.objects.filter(module=module).update(published_at=march)
    new = copy.deepcopy(spec)
    new["version"] = "7.2"
    new["description"] = "Points update"
    game_module_load(spec=ModuleSpec.model_validate(new))
    return module


def made(client, organiser, module, cutoff: str = ""):
    client.force_login(organiser)
    return client.post(
        reverse("events:new"),
        {
            "name": "Winter Cup", "starts_on": "2026-12-12", "module": module.pk,
            "points_limit": 999, "list_deadline": "2026-12-10T18:00", "rounds": 3,
            "first_round": "random", "win_points": 3, "draw_points": 1, "loss_points": 0,
            "tiebreaker_1": "points", "data_cutoff": cutoff,
        },
    )  # fmt: skip


@pytest.mark.parametrize(
    ("cutoff", "number", "named"),
    [("", 2, "Ashen Stars 7.2 (#2)"), ("2026-03-01", 1, "Ashen Stars 7.1 (#1)")],
)
def test_an_event_checks_against_the_newest_version_or_the_newest_by_its_cut_off(
    client, organiser, two_versions, cutoff, number, named
):
    response = made(client, organiser, two_versions, cutoff)

    event = Event.objects.get()
    assert event.data_version == number
    assert f"Lists checked against {named}" in client.get(response.url).content.decode()
    assert f"Checked against {named}" in pack_html(event)[0]


def test_a_cut_off_before_the_first_version_is_refused_saying_so(client, organiser, two_versions):
    page = made(client, organiser, two_versions, "2026-02-28").content.decode()

    assert "No version of Ashen Stars was published by 28 Feb 2026" in page
    assert not Event.objects.exists()

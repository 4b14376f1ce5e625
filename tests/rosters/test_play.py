"""A game tracked with a foreign roster: its sheet from the roster's own profiles (wounds where
a column names them, else the plain model counter), for every real roster, and the tracker
started by the roster's owner only."""

from __future__ import annotations

import html
from types import SimpleNamespace

import pytest
from django.test import Client
from django.urls import reverse

from forgebuilder.lists.importers.battlescribe import read_roster
from forgebuilder.lists.ownership import Owner
from forgebuilder.play import tracker
from forgebuilder.play.foreign import foreign_sheet, unit_wounds
from forgebuilder.play.models import Game
from forgebuilder.rosters.selectors import KeptRoster
from forgebuilder.rosters.services import roster_keep
from tests.rosters.conftest import every_roster, own_counts, read
from tests.rosters.small import SMALL_ROSTER, small_roster


def kept(roster) -> KeptRoster:
    return KeptRoster(SimpleNamespace(name=roster.name, public_id="p", content={}), roster)


def test_wounds_come_from_the_column_that_names_them():
    sheet = foreign_sheet(kept(small_roster()))

    squad, drake = sheet["units"]
    assert (squad["name"], squad["models"], squad["wounds"]) == ("Blue Squad", 5, 4 * 2 + 3)
    assert (drake["name"], drake["models"], drake["wounds"]) == ("Cinder Drake", 1, 14)
    assert sheet["ruleset_name"] == "Skirmish of Ash, checked by New Recruit only"
    assert sheet["points"] == "999"


@pytest.mark.parametrize("column", ["Wounds", '"Wounds"', "wounds", "Health", "HP", " W "])
def test_any_column_naming_wounds_counts_them(column):
    text = SMALL_ROSTER.replace('name="W"', f'name="{html.escape(column)}"')
    squad = read_roster(text).units()[0]

    assert unit_wounds(squad) == 11


@pytest.mark.parametrize("value", ["1", "-", "", "2D6", "x"])
def test_without_wounds_above_one_a_unit_counts_its_models_only(value):
    text = SMALL_ROSTER.replace('name="W">2<', f'name="W">{value}<').replace(
        'name="W">3<', f'name="W">{value}<'
    )
    squad = read_roster(text).units()[0]

    assert unit_wounds(squad) is None


@pytest.mark.parametrize("relative", every_roster())
def test_every_real_roster_makes_a_sheet_with_each_unit_and_model(relative):
    names, models, _points = own_counts(relative)

    sheet = foreign_sheet(kept(read(relative)))

    assert [u["name"] for u in sheet["units"]] == names
    assert sum(u["models"] for u in sheet["units"]) == models
    assert all(u["wounds"] is None or u["wounds"] > u["models"] for u in sheet["units"])
    state = tracker.initial_state(sheet)
    assert state["values"]["round"] == 1


def test_the_owner_tracks_a_game_with_the_roster_and_nobody_else_can(client, db, django_user_model):
    ana = django_user_model.objects.create_user("ana", password="pw-long-enough-1")
    row = roster_keep(owner=Owner(ana.pk, ""), roster=small_roster())
    start = reverse("play:start_foreign", args=[row.public_id])
    cy = Client()
    cy.force_login(django_user_model.objects.create_user("cy", password="pw-long-enough-2"))

    assert cy.post(start).status_code == 404
    client.force_login(ana)
    assert (
        "Track a game with this roster"
        in client.get(reverse("rosters:roster", args=[row.public_id])).content.decode()
    )
    started = client.post(start, {"opponent": "Cy"})

    game = Game.objects.get()
    assert started["Location"] == reverse("play:tracker", args=[game.public_id])
    assert game.module is None and game.foreign_roster == row and game.opponent_name == "Cy"
    client.post(reverse("play:tap", args=[game.public_id]), {"do": "add:u.u0-0.wounds:3"})
    page = html.unescape(client.get(started["Location"]).content.decode())
    assert "Blue Squad" in page and "Cinder Drake" in page and "Ash spear" in page
    assert "checked by New Recruit only" in page
    game.refresh_from_db()
    assert game.state["values"]["u.u0-0.wounds"] == 3
    guarded = Client(enforce_csrf_checks=True)
    guarded.force_login(ana)
    assert guarded.post(start).status_code == 403
    assert Game.objects.count() == 1

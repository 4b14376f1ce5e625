"""A player tracks a game with a foreign roster on a phone: started from the roster's page, its
units' wounds counted from the roster's profiles and saved by the tracker's own script (a view
test cannot run tracker.js over a sheet no ruleset of ours made, nor show it fits at 375 px)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from forgebuilder.lists.ownership import Owner
from forgebuilder.play.models import Game
from forgebuilder.rosters.services import roster_keep
from tests.rosters.small import small_roster

from .campaign import SIZES, no_sideways_scroll, window
from .test_play import tap, value


@pytest.mark.django_db(transaction=True)
def test_a_foreign_roster_s_game_is_tracked_on_a_phone(live_server, browser):
    ana = get_user_model().objects.create_user("ana", password="pw-123456789")
    row = roster_keep(owner=Owner(ana.pk, ""), roster=small_roster())

    with window(browser, live_server, ana, SIZES["phone"], mobile=True) as page:
        page.goto(f"{live_server.url}/rosters/{row.public_id}/")
        page.get_by_label("Opponent (optional)").fill("Bo")
        page.get_by_role("button", name="Track a game with this roster").click()
        expect(page.locator("h1")).to_contain_text("checked by New Recruit only")
        no_sideways_scroll(page, SIZES["phone"][0])
        squad = page.locator("#unit-1")
        tap(squad, "Wounds: one more", 3)
        tap(squad, "Models lost: one more")
        tap(page, "Victory points: one more", 2)
        expect(value(page, "u.u0-0.wounds")).to_have_text("3")
        expect(page.locator("#sync-status")).to_have_text("Saved")

    values = Game.objects.get(player=ana).state["values"]
    assert (values["u.u0-0.wounds"], values["u.u0-0.lost"], values["vp"]) == (3, 1, 2)

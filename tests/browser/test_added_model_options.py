"""A player gives a unit a model that an option adds, then uses that model's own option (issue
15, defect 8), on our hand-written Battle Forge module ``fixtures/outpost``."""

from __future__ import annotations

import re

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from factions.catalog import clear_catalog_cache
from tests.factions.battleforge.conftest import FIXTURES

from .test_builder import add_unit, edit, start_list, stored, unit


@pytest.fixture
def outpost(transactional_db):
    call_command(
        "import_battleforge", str(FIXTURES / "outpost" / "outpost"), "--slug", "outpost",
        verbosity=0,
    )  # fmt: skip
    clear_catalog_cache()


def expect_points(page, value: int) -> None:
    expect(page.locator("#totals .points-figure")).to_have_text(f"{value} / 150 pts")


@pytest.mark.django_db(transaction=True)
def test_an_added_gun_platform_can_swap_its_rocket(live_server, page, outpost):
    page.set_default_timeout(30_000)  # a busy machine answers slowly; wait on state, not time
    start_list(page, live_server.url, "outpost/settlers", "Dust Road")
    add_unit(page, "Settler Team")
    expect_points(page, 12)
    card = edit(page, "Settler Team")
    swap = card.get_by_label(re.compile("Gun Platform: replace Seeker Rocket"))
    expect(swap).to_have_count(0)  # no platform yet, so nothing of it to change

    card.get_by_label(re.compile(r"Add.*Gun Platform")).check()
    expect_points(page, 17)
    # the totals may arrive before the redrawn card: open its Edit panel once the card is new
    expect(swap).to_have_count(1)
    card = edit(page, "Settler Team")
    expect(swap).to_be_visible()
    swap.check()

    expect_points(page, 18)
    card = unit(page, "Settler Team")
    expect(card.locator(".unit-points strong")).to_have_text("18")
    expect(card).to_contain_text("Strike Rocket")
    saved = stored(page)
    assert saved.points == 18

    # the platform goes, and its rocket swap with it
    edit(page, "Settler Team").get_by_label(re.compile(r"Add.*Gun Platform")).uncheck()
    expect_points(page, 12)
    expect(
        edit(page, "Settler Team").get_by_label(re.compile("replace Seeker Rocket"))
    ).to_have_count(0)

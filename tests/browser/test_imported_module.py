"""A Battle Forge player builds and prints a legal list from an imported published module."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .test_builder import add_unit, expect_points, shows_value, start_list, stored, unit


@pytest.mark.pdf  # it prints the list
@pytest.mark.django_db(transaction=True)
def test_a_legal_vampire_lords_list_from_the_imported_module(
    live_server, page, mystic_realms, render_worker
):
    start_list(page, live_server.url, "fantasy-realms/vampire_lords", "Night Court")
    # Battle modules play at 1000 points: 1 + 1 per full 500 = 3 strategy points, 2 legends.
    expect_points(page, 0, 1000)
    expect(page.locator("#force-f1")).to_contain_text("Generalist")
    expect(page.locator("#totals .total-sp_income dd")).to_have_text(shows_value(3))
    expect(page.locator("#totals .total-legends dd")).to_contain_text("0 / 2")

    add_unit(page, "Vampire Lord")
    add_unit(page, "Zombies")
    expect(page.locator("#violations")).to_contain_text(
        "Force organization 'Generalist' needs at least 2 Core units; you have 1."
    )
    add_unit(page, "Skeletons")
    # Prices are Battle Forge's own: Vampire Lord 85, Zombies 50, Skeletons 70.
    expect_points(page, 205, 1000)
    expect(page.locator("#totals .verdict")).to_have_text("Legal")

    # The Blood focus, a legend for the Vampire Lord (a Leader), and a second hero.
    page.locator("details.settings summary").click()
    page.select_option("#set-focus", "blood")
    page.get_by_role("button", name="Save settings").click()
    expect(page.locator("#list-head")).to_contain_text("Blood focus")
    page.select_option("#legend-pick", "inspired")
    page.locator("#legend-unit").select_option(label="Vampire Lord")
    page.get_by_role("button", name="Add legend").click()
    expect(unit(page, "Vampire Lord")).to_contain_text("Inspired")
    add_unit(page, "Necromancer")
    expect_points(page, 270, 1000)
    expect(page.locator("#totals .verdict")).to_have_text("Legal")

    saved = stored(page)
    assert saved.legal and saved.points == 270

    # Print it: the roster PDF downloads, named after the list, once the worker has drawn it
    # (slow on a busy machine: give it time).
    with page.expect_download(timeout=60_000) as download_info:
        page.get_by_role("button", name="Download roster").click()
        expect(page.locator("#pdf-status")).to_contain_text("Preparing your PDF…")
        render_worker.run_queued()
    download = download_info.value
    assert download.suggested_filename == "night-court-1000pts.pdf"
    with open(download.path(), "rb") as pdf:
        assert pdf.read(5) == b"%PDF-"

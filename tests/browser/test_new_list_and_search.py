"""In a real browser: the new-list form offers the chosen game's doctrines and sizes as the
faction changes (keeping a size already typed), and the catalogue search hides every category
without a match."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from forgebuilder.lists.models import ArmyList

from .test_builder import EDITOR_URL


@pytest.mark.django_db(transaction=True)
def test_the_new_list_form_follows_the_chosen_game(live_server, page, starter_modules):
    page.goto(f"{live_server.url}/lists/new/")
    page.select_option("#id_faction", "ember-reach/cinderhold")
    expect(page.locator("#id_points_limit-standard")).to_have_text("Standard size: 150 pts")
    expect(page.locator("#id_doctrine-field")).to_be_hidden()  # Battle Forge has no doctrines
    page.fill("#id_points_limit", "1750")

    page.select_option("#id_faction", "ashen-stars/cinder_compact")

    expect(page.locator("#id_points_limit-standard")).to_have_text("Standard size: 2000 pts")
    doctrine = page.locator("#id_doctrine")
    expect(doctrine).to_be_visible()
    options = doctrine.locator("option")
    expect(options).to_have_text(
        ["Choose later", "Iron Vigil", "Blood and Ash", "Burning Sky", "The Long Dark"]
    )
    suggestions = page.locator("#id_points_limit-sizes option")
    expect(suggestions).to_have_count(4)
    assert [o.get_attribute("value") for o in suggestions.all()] == ["1000", "2000", "3000", "4000"]
    expect(page.locator("#id_points_limit")).to_have_value("1750")  # typed before: kept

    doctrine.select_option(label="Burning Sky")
    page.fill("#id_name", "Ash Line")
    page.get_by_role("button", name="Create the list").click()
    page.wait_for_url(EDITOR_URL)

    saved = ArmyList.objects.get(name="Ash Line")
    assert (saved.document["doctrine"], saved.points_limit) == ("burning_sky", 1750)


@pytest.mark.django_db(transaction=True)
def test_the_catalogue_search_hides_categories_without_a_match(live_server, page, starter_modules):
    page.goto(f"{live_server.url}/lists/new/")
    page.select_option("#id_faction", "ember-reach/cinderhold")
    page.get_by_role("button", name="Create the list").click()
    page.wait_for_url(EDITOR_URL)
    groups = page.locator("#catalogue-list [data-filter-group]")
    expect(groups.first).to_be_visible()
    every = groups.count()

    page.fill("#catalogue-filter", "hearthguard")

    expect(page.get_by_role("button", name="Add Hearthguard", exact=True)).to_be_visible()
    expect(page.get_by_role("button", name="Add Forge-Thane", exact=True)).to_be_hidden()
    visible = [g for g in groups.all() if g.is_visible()]
    assert len(visible) == 1 < every  # only Hearthguard's category keeps its heading
    expect(page.locator("#catalogue-list .filter-empty")).to_be_hidden()

    page.fill("#catalogue-filter", "no such unit")

    expect(groups.first).to_be_hidden()
    assert not [g for g in groups.all() if g.is_visible()]
    expect(page.locator("#catalogue-list .filter-empty")).to_be_visible()

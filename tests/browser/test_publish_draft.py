"""An admin reprices a unit in the admin: players see nothing until the draft is reviewed and
published; then a player's list on that unit is told what changed."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from factions.catalog import catalog_for
from factions.gamedata.loader import game_module_load
from factions.gamedata.schemas import ModuleSpec
from factions.models import Datasheet, GameModule
from forgebuilder.lists import edits
from forgebuilder.lists.ownership import Owner
from forgebuilder.lists.services import army_list_create
from tests.factions.test_module_versions import datasheets, spec_of

from .campaign import looked_at, no_sideways_scroll, window


@pytest.mark.django_db(transaction=True)
def test_an_admin_publishes_a_price_and_a_player_is_told(browser, live_server):
    users = get_user_model().objects
    keeper = users.create_superuser("keeper", "keeper@example.com", "pw-123456789")
    ada = users.create_user("ada", "ada@example.com", "pw-123456789")
    spec = spec_of("iron-squads")
    spec["version"] = "7.1"
    game_module_load(spec=ModuleSpec.model_validate(spec))
    module = GameModule.objects.get(slug=spec["slug"])
    faction, key = datasheets(spec)[0]
    catalog = catalog_for(module)
    document = edits.new_document(
        catalog, faction=faction, name="Ada's", points_limit=999, casual=True
    )
    document, _ = edits.add_unit(document, catalog, datasheet=key, force=None)
    army_list = army_list_create(owner=Owner(ada.pk, ""), catalog=catalog, document=document)
    sheet = Datasheet.objects.get(module=module, key=key, faction__key=faction)

    with window(browser, live_server, keeper, (1366, 900)) as page:
        page.goto(f"{live_server.url}/admin/factions/datasheet/{sheet.pk}/change/")
        page.locator("#id_points").fill(str(sheet.points + 5))
        page.locator("input[name=_save]").click()
        expect(page.locator(".messagelist")).to_contain_text("players see it once it is published")
        page.get_by_role("link", name="Review and publish").first.click()
        review = page.locator(".draft-review")
        expect(review).to_contain_text(f"{sheet.name}: ")
        expect(review).to_contain_text("1 list changes price (Ada's: ")
        looked_at(page, "publish-draft-1366")
        page.locator("#id_label").fill("7.2")
        page.get_by_role("button", name="Publish").click()
        expect(page.locator(".messagelist")).to_contain_text(f"Published {module.name} 7.2")

    with window(browser, live_server, ada, (375, 812), mobile=True) as page:
        page.goto(f"{live_server.url}/lists/{army_list.public_id}/")
        expect(page.locator("#data-update")).to_contain_text(f"{module.name} 7.2 changed")
        expect(page.locator("#data-update")).to_contain_text(f"{sheet.points} → {sheet.points + 5}")
        no_sideways_scroll(page, 375)

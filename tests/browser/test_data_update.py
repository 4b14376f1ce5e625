"""A phone opens a list built on an older version of its game, reads what the new version
changed in it and updates it: the banner goes, the flash names the option dropped."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from forgebuilder.lists.ownership import Owner
from tests.armylists.test_data_updates import built_on_old_version

from .campaign import window

SHOTS = os.environ.get("SCREENSHOT_DIR")


@pytest.mark.django_db(transaction=True)
def test_the_banner_says_what_changed_and_update_drops_the_missing_option(browser, live_server):
    size = (375, 812)
    user = get_user_model().objects.create_user("ada", "ada@example.com", "pw-123456789")
    army_list, before, _ = built_on_old_version("iron-squads", Owner(user.pk, ""))
    module = army_list.module.name

    with window(browser, live_server, user, size, mobile=True) as page:
        page.goto(f"{live_server.url}/lists/{army_list.public_id}/")
        banner = page.locator("#data-update")
        expect(banner).to_contain_text(f"{module} 7.2 changed 1 thing in this list")
        expect(banner).to_contain_text("Updating drops what 7.2 no longer has")
        assert page.evaluate("document.documentElement.scrollWidth") <= size[0]
        if SHOTS:
            Path(SHOTS).mkdir(parents=True, exist_ok=True)
            page.screenshot(path=f"{SHOTS}/data-update-{size[0]}.png", full_page=False)

        banner.get_by_role("button", name="Update to 7.2").click()

        expect(page.locator(".messages")).to_contain_text(
            f"Dropped what the new version no longer has: {before.roster.units[0].name}: "
        )
        expect(page.locator("#data-update")).to_be_empty()
        expect(page.locator("#undo button")).to_have_attribute(
            "title", f"Undo: Update to {module} 7.2"
        )

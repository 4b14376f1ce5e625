"""Across a data update, on a phone: the organiser's desk and a submitted list read as they were
checked, and a player keeps their list on its version (the banner folds to one line whose
"See what changes" opens the diff), then updates it. What a view test cannot show: the folded
line and its diff fitting 375 px, and the forms working in the browser."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from playwright.sync_api import expect

from tests.armylists.test_staying_on_version import made_on_first_version, republished

from .campaign import checked_at_both_sizes, no_sideways_scroll, window

PHONE = (375, 812)


@pytest.mark.django_db(transaction=True)
def test_the_desk_keeps_its_verdicts_and_a_player_keeps_then_updates_a_list(browser, live_server):
    model = get_user_model()
    users = [model.objects.create_user(n, password="pw-123456789") for n in ("ana", "ben")]
    before, new = made_on_first_version("iron-squads", users)
    event, module = before.event, before.module.name
    entrant = event.entrants.get()
    desk = live_server.url + reverse("events:desk", args=[event.public_id])
    submitted = live_server.url + reverse("events:list_view", args=[event.public_id, entrant.pk])

    with window(browser, live_server, users[0], PHONE, mobile=True) as page:
        page.goto(desk)
        checked = page.locator("main").inner_text()
        page.goto(submitted)
        units = page.locator("main").inner_text()

        republished(new, before.module)

        page.goto(desk)
        assert page.locator("main").inner_text() == checked
        page.goto(submitted)
        assert page.locator("main").inner_text() == units
        no_sideways_scroll(page, PHONE[0])

        page.goto(f"{live_server.url}/lists/{before.changed.public_id}/")
        banner = page.locator("#data-update")
        expect(banner).to_contain_text(f"{module} 7.2 changed")
        checked_at_both_sizes(page, "data-update", axe=True)
        banner.get_by_role("button", name="Keep 7.1 for now").click()

        expect(banner).to_contain_text(f"Built on {module} 7.1; 7.2 is out.")
        expect(page.locator("#undo button")).to_have_attribute("title", f"Undo: Keep {module} 7.1")
        banner.get_by_text("See what changes").click()
        expect(banner).to_contain_text(f"{before.removed} removed.")
        checked_at_both_sizes(page, "data-update-kept", axe=True)
        banner.get_by_role("button", name="Update to 7.2").click()

        expect(page.locator(".messages")).to_contain_text("Dropped what the new version no longer")
        expect(page.locator("#data-update")).to_be_empty()

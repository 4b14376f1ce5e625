"""Share a list by link: another browser reads it, copies it and edits its own copy."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from forgebuilder.lists.models import ArmyList

from .axe import load_axe
from .test_builder import EDITOR_URL, add_unit, expect_points, start_list


def axe_violations(page, rule: str) -> list:
    """Where axe finds `rule` broken on the page as it is, whatever the problem's weight."""
    load_axe(page)
    options = {"runOnly": {"type": "rule", "values": [rule]}}
    found = page.evaluate("options => axe.run(document, options)", options)["violations"]
    return [[n["target"] for n in v["nodes"]] for v in found]


@pytest.mark.django_db(transaction=True)
def test_a_shared_list_is_read_forked_and_the_original_stays_unchanged(
    live_server, browser, page, starter_modules
):
    start_list(page, live_server.url, "ember-reach/gilt_ledger", "Paid in Full")
    add_unit(page, "Company Captain")
    add_unit(page, "Free Swords")
    add_unit(page, "Pike-and-Shot")
    expect_points(page, 95)
    original = ArmyList.objects.get(name="Paid in Full")

    # The editor asks for the new link's page once, as a reader without cookies would: the
    # proxy in front then holds it before anyone opens the link (ShareLink.WARM_SECONDS).
    with page.expect_request(re.compile(r"/s/[\w-]{16,}/$")) as warmed:
        page.get_by_role("button", name="Get a live link").click()
    link = page.locator("#share input[aria-label='Share link']").first
    expect(link).to_have_value(re.compile(r"/s/[\w-]{16,}/$"))
    url = link.input_value()
    assert warmed.value.url == url
    assert "cookie" not in warmed.value.all_headers()
    assert warmed.value.response().status == 200

    visitor = browser.new_context(viewport={"width": 1280, "height": 900}, bypass_csp=True)
    try:
        other = visitor.new_page()
        other.goto(url)
        expect(other.locator("h1")).to_have_text("Paid in Full")
        expect(other.locator("article.datasheet")).to_have_count(3)
        expect(other.locator("main")).to_contain_text("Free Swords")
        expect(other.locator("main")).to_contain_text("95 / 150 pts")
        expect(other.locator("meta[property='og:title']")).to_have_attribute(
            "content", re.compile("Paid in Full · The Gilt Ledger Company · 95/150 pts")
        )
        expect(other.locator("img[alt^='QR code']")).to_be_visible()
        # On a phone its stat tables fit; tables wider than a phone (as other modules' may be)
        # scroll, each a region a screen reader lists by its name: no two share one (axe's
        # landmark-unique, a moderate problem the general check skips).
        other.set_viewport_size({"width": 375, "height": 812})
        expect(other.locator(".table-wrap")).not_to_have_count(0)
        expect(other.locator(".table-wrap[role=region]")).to_have_count(0)
        other.add_style_tag(content=".datasheet .stat-table { min-width: 30rem; }")
        other.set_viewport_size({"width": 376, "height": 812})  # the page marks them again
        expect(other.locator(".table-wrap[role=region]").first).to_be_attached()
        assert not axe_violations(other, "landmark-unique")
        other.set_viewport_size({"width": 1280, "height": 900})
        # The visitor has no way to edit through the link.
        expect(other.locator("button[aria-label^='Remove']")).to_have_count(0)

        # The share page is the same for every reader: its link opens the copy's form.
        other.get_by_role("link", name="Copy to my lists").click()
        expect(other.locator("h1")).to_have_text("Copy “Paid in Full” to your lists")
        other.get_by_role("button", name="Copy to my lists").click()
        other.wait_for_url(EDITOR_URL)
        expect(other.locator("h1")).to_have_text("Paid in Full (copy)")
        add_unit(other, "Gilt Duelists")
        expect_points(other, 135)
        copy = ArmyList.objects.get(name="Paid in Full (copy)")
        assert copy.pk != original.pk and copy.owner_token != original.owner_token
    finally:
        visitor.close()

    original.refresh_from_db()
    assert original.points == 95 and original.unit_count == 3
    page.reload()
    expect_points(page, 95)

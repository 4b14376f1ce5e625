from __future__ import annotations

from playwright.sync_api import expect


def test_home_page_shows_the_app_name(live_server, page, starter_modules):
    page.goto(live_server.url)
    expect(page).to_have_title("forgebuilder")
    expect(page.locator("h1")).to_have_text("forgebuilder")
    expect(page.get_by_role("link", name="Start a list")).to_be_visible()

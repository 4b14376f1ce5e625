"""A newcomer on a phone walks from the logged-out home page to each of the four wings (issue
42): the lists without an account, then the campaigns (signing up on the way, as the campaigns'
page offers), the events and the games. Only a browser shows the menu and the cards at 375 px
fitting and being reachable by tapping; each page stopped at is checked at both sizes and, with
axe, in both themes."""

from __future__ import annotations

from playwright.sync_api import expect

from .axe import axe_problems_in_both_schemes
from .campaign import SIZES, checked_at_both_sizes


def seen(page, name: str) -> None:
    """The page fits at both sizes, in the light and the dark theme, and axe finds nothing."""
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        checked_at_both_sizes(page, f"front-door-{name}-{scheme}")
    problems = axe_problems_in_both_schemes(page)
    page.emulate_media(color_scheme="light")
    assert not any(problems.values()), problems


def menu(page, name: str):
    return page.get_by_role("navigation", name="Main").get_by_role("link", name=name, exact=True)


def test_a_newcomer_finds_every_wing_from_the_home_page(live_server, browser, starter_modules):
    width, height = SIZES["phone"]
    context = browser.new_context(viewport={"width": width, "height": height}, bypass_csp=True)
    context.set_default_timeout(10_000)
    page = context.new_page()
    try:
        page.goto(live_server.url)
        seen(page, "home")
        page.get_by_role("link", name="Build and check a list").click()
        seen(page, "welcome-lists")
        page.get_by_role("link", name="Start a list").last.click()
        expect(page.get_by_role("heading", level=1)).to_contain_text("list")
        assert "/lists/new/" in page.url

        for name, title in (
            ("Events", "Organise or join an event"),
            ("Games", "Play at the table"),
        ):
            menu(page, name).click()
            expect(page.get_by_role("heading", level=1)).to_have_text(title)
            expect(page.get_by_role("link", name="Sign up, it is free")).to_be_visible()
        seen(page, "welcome-play")
        # a wing's own address, logged out: the login says what the wing is and offers sign-up
        page.goto(f"{live_server.url}/events/")
        expect(page.locator(".wing-why")).to_contain_text("Events need a free account.")
        seen(page, "login-events")

        menu(page, "Campaigns").click()
        expect(page.get_by_role("heading", level=1)).to_have_text("Run a campaign")
        page.get_by_role("link", name="Sign up, it is free").click()
        page.get_by_label("Username").fill("newcomer")
        page.get_by_label("Email").fill("newcomer@example.com")
        page.get_by_label("Password", exact=True).fill("a-long-enough-passphrase-7")
        page.get_by_label("Password confirmation").fill("a-long-enough-passphrase-7")
        page.get_by_role("button", name="Sign up").click()
        page.wait_for_url(f"{live_server.url}/campaigns/")

        menu(page, "Events").click()
        page.wait_for_url(f"{live_server.url}/events/")
        menu(page, "Games").click()
        page.wait_for_url(f"{live_server.url}/play/")
    finally:
        context.close()

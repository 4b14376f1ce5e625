"""The campaign the browser tests play: ana organises Ashfall (Ashen Stars) and brings a Lantern
Marshal and a Lightbearer Squad; ben brings a Corsair Captain and a Deckhand Mob. Each test
takes it as far as it needs (a mission set up, reported, a level-up) and opens a logged-in
window at a phone's or a desktop's size.

A scenario is played once, on the phone, where space is tightest; each page it stops to look
at is checked at both sizes (`checked_at_both_sizes`), since the layout follows the window's
width through CSS alone."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client

from factions.models import GameModule
from forgebuilder.campaigns import services
from forgebuilder.campaigns.dice import EnteredDie
from forgebuilder.campaigns.models import Campaign, CampaignPlayer
from forgebuilder.campaigns.steps import BattleReport
from forgebuilder.campaigns.steps import UnitOutcome as Out
from tests.campaigns.conftest import ashfall as campaign_of

SIZES = {"phone": (375, 812), "desktop": (1366, 900)}

# the elements that reach past the right edge of the window (for the failure message)
WIDEST = """[...document.querySelectorAll('body *')]
  .filter(e => e.getBoundingClientRect().right > window.innerWidth + 1)
  .map(e => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right))
  .slice(0, 8).join('; ')"""


@dataclass
class Ashfall:
    campaign: Campaign
    ana: object  # the organiser, a player too
    ben: object
    a: CampaignPlayer
    b: CampaignPlayer


def ashfall(*, set_up: bool = False, reported: bool = False, levelled: bool = False) -> Ashfall:
    """The campaign, with (as asked) mission 1 set up, then reported (ana won, her squad killed
    four units: 5 XP), then the squad levelled up (a 4: Resilient)."""
    users = get_user_model().objects
    ana = users.create_user("ana", "ana@example.com", "pw-123456789")
    ben = users.create_user("ben", "ben@example.com", "pw-123456789")
    campaign, a, b = campaign_of(GameModule.objects.get(slug="ashen-stars"), ana, ben)
    if set_up or reported or levelled:
        setup = services.mission_setup(
            campaign=campaign, players=[a, b], die=EnteredDie([]), objective="rage"
        )
    if reported or levelled:
        services.mission_report(mission=setup.mission, reports={
            a.pk: BattleReport(won=True, units={"u2": Out(killed_units=4)}),
            b.pk: BattleReport(won=False),
        }, die=EnteredDie([]))  # fmt: skip
    if levelled:
        services.army_level_up(player=a, unit_id="u2", die=EnteredDie([4]))
    return Ashfall(campaign, ana, ben, a, b)


def logged_in(browser, live_server, user, size, *, mobile: bool = False, **options):
    """A browser window of `size` with `user` logged in (`options`: Playwright's, for the
    window: its permissions, whether the service worker runs)."""
    client = Client()
    client.force_login(user)
    width, height = size
    # bypass_csp: the accessibility check injects axe as an inline script
    context = browser.new_context(
        viewport={"width": width, "height": height}, bypass_csp=True, is_mobile=mobile, **options
    )
    context.set_default_timeout(10_000)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": live_server.url}]
    )
    return context


@contextmanager
def window(browser, live_server, user, size, *, mobile: bool = False, **options) -> Iterator:
    """A page in a new window of `size` with `user` logged in (`logged_in`), closed after."""
    context = logged_in(browser, live_server, user, size, mobile=mobile, **options)
    try:
        yield context.new_page()
    finally:
        context.close()


def looked_at(page, name: str) -> None:
    """A screenshot for a person to look at, when FORGEBUILDER_SCREENSHOTS names a folder."""
    folder = os.environ.get("FORGEBUILDER_SCREENSHOTS")
    if folder:
        page.screenshot(path=os.path.join(folder, f"{name}.png"), full_page=True)


def no_sideways_scroll(page, width: int) -> None:
    scrolled = page.evaluate("document.documentElement.scrollWidth")
    assert scrolled <= width, f"the page scrolls sideways at {width} px: {page.evaluate(WIDEST)}"


def checked_at_both_sizes(page, name: str, *, axe: bool = False) -> None:
    """The page as it is, at the phone's and the desktop's size: it fits, and (with `axe`) axe
    finds no serious problem; then back to the window's own size."""
    from .axe import axe_problems

    own = page.viewport_size
    problems = {}
    for width, height in SIZES.values():
        page.set_viewport_size({"width": width, "height": height})
        looked_at(page, f"{name}-{width}")
        no_sideways_scroll(page, width)
        if axe:
            problems[width] = axe_problems(page)
    page.set_viewport_size(own)
    assert not any(problems.values()), problems

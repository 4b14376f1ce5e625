"""Every page a first session meets (issue 42), on a phone in the light and the dark theme: the
home page and the wings' welcome pages logged out, the campaign's pages after a correction and
a sale, My lists, the editor with a unit's preview open, the tracker, the share page and an
event's page. None scrolls sideways (nor does a card's stat line) and axe finds nothing
serious. Only a browser lays the
pages out and lets axe read them; each page is loaded once and checked in both themes.

With FORGEBUILDER_SCREENSHOTS naming a folder, each page is photographed whole at 375 and
1366 px in both themes, for a person to look at."""

from __future__ import annotations

import os
from contextlib import ExitStack

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from factions.models import GameModule
from forgebuilder.campaigns import corrections, services
from forgebuilder.lists.selectors import evaluated_list
from forgebuilder.lists.sharing import share_link_create
from forgebuilder.play import services as play
from tests.events.test_event_page_reads import _event
from tests.play.conftest import make_list

from .axe import axe_problems_in_both_schemes
from .campaign import SIZES, WIDEST, ashfall, window
from .test_unit_preview import open_preview

SHOTS = os.environ.get("FORGEBUILDER_SCREENSHOTS")
# the gap between a button and the section heading under it, where the screenshots showed one
# glued to the other (a heading so close reads as the button's caption)
# (an element folded away inside a closed <details> is measured by the fold's own summary,
# which is what then sits above the heading)
GAP = """([above, heading]) => {
  let box = document.querySelector(above);
  let fold = box.parentElement.closest('details');
  while (!box.checkVisibility() && fold) {
    box = fold.querySelector(':scope > summary');
    fold = fold.parentElement.closest('details');
  }
  return document.querySelector(heading).getBoundingClientRect().top
    - box.getBoundingClientRect().bottom;
}"""
SPACED = {
    "home": [(".grid.wings > :last-child", "#modules-heading")],
    "event": [
        ("details.event-qr > summary", "#pack-title"),
        ("details.drop > summary", "#round-title"),
    ],
    "campaign": [
        ("#correct-report > summary", "#mission-setup-title"),
        ("#close-campaign > summary", "#history-title"),
    ],
}
# the datasheet cards whose stat tables need a sideways scroll (their headings)
CARD_TABLES_SCROLLING = """[...document.querySelectorAll('.datasheet')]
  .filter(card => [...card.querySelectorAll('.table-wrap')].some(
    wrap => wrap.scrollWidth > wrap.clientWidth))
  .map(card => card.querySelector('h3, h2')?.textContent.trim() ?? '?')"""


def pages_of_the_first_session() -> dict:
    """Who looks at which page (None: a visitor logged out), each page's address and what to do
    there before looking (a preview to open)."""
    game = ashfall(reported=True)
    campaign, a, b = game.campaign, game.a, game.b
    corrections.mission_report_amend(
        mission=campaign.missions.get(number=1), by=game.ana, values={"winner": str(b.pk)}
    )
    services.army_buy_upgrade(
        player=b, unit_id="u1", option="add_rule.ambush", choice="boarding_torpedo"
    )
    services.army_sell_upgrade(player=b, unit_id="u1", option="add_rule.ambush")
    ember = GameModule.objects.get(slug="ember-reach")
    units = [{"datasheet": d} for d in ("forge_thane", "hearthguard", "firelock_company")]
    own = make_list(ember, game.ana, "cinderhold", units, name="Hold the Forge", points_limit=500)
    shared = share_link_create(army_list=own, kind="live")
    tracked = play.start_game(player=game.ana, evaluated=evaluated_list(army_list=own))
    event = _event(GameModule.objects.get(slug="ashen-stars"), 16)
    player = event.entrants.order_by("pk").first().player
    return {
        None: {
            "home": (reverse("home"), None),
            **{
                f"welcome-{wing}": (reverse("welcome", args=[wing]), None)
                for wing in ("lists", "campaigns", "events", "play")
            },
            "share": (reverse("armylists:shared", args=[shared.token]), None),
        },
        game.ana: {
            "campaign": (reverse("campaigns:detail", args=[campaign.pk]), None),
            "army": (reverse("campaigns:army", args=[campaign.pk, a.pk]), None),
            "upgrades": (reverse("campaigns:upgrades", args=[campaign.pk, a.pk]), None),
            "my-lists": (reverse("armylists:my_lists"), None),
            "editor-preview": (reverse("armylists:editor", args=[own.public_id]), previewed),
            "tracker": (reverse("play:tracker", args=[tracked.public_id]), None),
        },
        player: {"event": (reverse("events:detail", args=[event.public_id]), None)},
    }


def previewed(page) -> None:
    page.locator("[data-view-tab=catalogue]").click()
    open_preview(page, "Hearthguard")


def photographed(page, name: str) -> None:
    """The page whole at both sizes in both themes, into FORGEBUILDER_SCREENSHOTS."""
    own = page.viewport_size
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        for width, height in SIZES.values():
            page.set_viewport_size({"width": width, "height": height})
            page.screenshot(
                path=os.path.join(SHOTS, f"{name}-{width}-{scheme}.png"), full_page=True
            )
    page.set_viewport_size(own)


def problems_of(page, name: str) -> list[str]:
    """What is wrong with the page as it is, in either theme: a sideways scroll, axe's serious
    and critical problems."""
    found = []
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        if page.evaluate("document.documentElement.scrollWidth > innerWidth"):
            found.append(f"{name} ({scheme}) scrolls sideways: {page.evaluate(WIDEST)}")
        cards = page.evaluate(CARD_TABLES_SCROLLING)
        if cards:
            found.append(f"{name} ({scheme}): a card's stat line scrolls sideways: {cards}")
    for above, heading in SPACED.get(name, []):
        if page.evaluate(GAP, [above, heading]) < 12:
            gap = page.evaluate(GAP, [above, heading])
            found.append(f"{name}: {heading} is glued to the {above} above it ({gap:.0f} px)")
    for scheme, problems in axe_problems_in_both_schemes(page).items():
        found += [f"{name} ({scheme}): {problem}" for problem in problems]
    page.emulate_media(color_scheme="light")
    return found


@pytest.mark.django_db(transaction=True)
def test_every_page_of_a_first_session_fits_a_phone_in_both_themes(
    live_server, browser, starter_modules
):
    looked_at = pages_of_the_first_session()
    found: list[str] = []
    with ExitStack() as windows:
        for user, pages in looked_at.items():
            if user is None:
                width, height = SIZES["phone"]
                context = browser.new_context(
                    viewport={"width": width, "height": height}, bypass_csp=True
                )
                context.set_default_timeout(10_000)
                windows.callback(context.close)
                page = context.new_page()
            else:
                page = windows.enter_context(window(browser, live_server, user, SIZES["phone"]))
            for name, (path, before) in pages.items():
                page.goto(f"{live_server.url}{path}")
                expect(page.locator("main")).to_be_visible()
                if before is not None:
                    before(page)
                if SHOTS:
                    photographed(page, name)
                found += problems_of(page, name)
    assert not found, "\n".join(found)

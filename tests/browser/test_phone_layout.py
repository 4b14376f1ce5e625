"""At 375 x 812 nothing is wider than the screen: every page, with every disclosure on it open
(catalogue previews, Edit panels, rule texts, problems, notes), and wide tables scroll in a box
of their own. The phone totals bar shows every figure of the list's ruleset."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from forgebuilder.lists.models import ArmyList
from forgebuilder.lists.sharing import share_link_create

from .test_builder import add_unit, start_list

PHONE = {"width": 375, "height": 812}

# Opens every closed disclosure of the page (a preview loads its datasheet when opened).
OPEN_ALL = """() => {
  let opened = 0;
  for (const d of document.querySelectorAll('details:not([open])')) {
    if (d.closest('[hidden]') || getComputedStyle(d).display === 'none') continue;
    d.open = true; opened++;
  }
  return opened;
}"""


# Resolves once the tasks queued so far have run (a disclosure opened by OPEN_ALL fires its
# `toggle`, and an htmx request it triggers has begun), a frame has been laid out, and the fonts
# are in: only then is the page's width what a player sees.
QUEUED_TASKS_RUN = """() => new Promise(done => setTimeout(
  () => requestAnimationFrame(() => document.fonts.ready.then(() => done(true))), 0))"""


def settle(page: Page) -> None:
    page.wait_for_load_state("load")
    page.evaluate(QUEUED_TASKS_RUN)
    expect(page.locator(".htmx-request, .htmx-swapping, .htmx-settling")).to_have_count(0)


def assert_fits(page: Page, where: str) -> None:
    settle(page)
    for _ in range(3):  # a preview may hold disclosures of its own (rule texts)
        if not page.evaluate(OPEN_ALL):
            break
        settle(page)
    width = page.evaluate("document.documentElement.scrollWidth")
    # the outermost elements that stick out, to say what to fix
    wide = page.evaluate(
        """() => [...document.querySelectorAll('body *')].filter(e => {
            const right = r => r.getBoundingClientRect().right > window.innerWidth + 0.5;
            return right(e) && e.parentElement && !right(e.parentElement);
          }).slice(0, 5).map(e => `${e.tagName}.${e.className} in ${e.parentElement.className}`)"""
    )
    assert width <= PHONE["width"], f"{where} is {width} px wide: {wide}"


@pytest.fixture
def phone(browser):
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    yield context.new_page()
    context.close()


def build_list(page: Page, base: str) -> ArmyList:
    start_list(page, base, "ember-reach/cinderhold", "Hold the Forge")
    for name in ("Forge-Thane", "Hearthguard", "Firelock Company"):
        add_unit(page, name)
    return ArmyList.objects.get()


@pytest.mark.django_db(transaction=True)
def test_every_page_and_every_disclosure_fits_a_375_px_phone(live_server, phone, starter_modules):
    page, base = phone, live_server.url
    army_list = build_list(page, base)
    editor = page.url
    assert_fits(page, "the editor's list")
    page.locator("[data-view-tab=catalogue]").click()
    expect(page.locator("#catalogue")).to_be_visible()
    assert_fits(page, "the editor's catalogue with every preview open")
    expect(page.locator("#catalogue .preview .stat-table").first).to_be_visible()

    link = share_link_create(army_list=army_list, kind="live")
    pages = {
        "home": "/",
        "games": "/games/",
        "a game": "/games/ember-reach/",
        "a faction": "/games/ember-reach/cinderhold/",
        "a datasheet": "/games/ember-reach/cinderhold/hearthguard/",
        "my lists": "/lists/",
        "a new list": "/lists/new/",
        "importing a list": "/lists/import/",
        "the table view": f"{editor}table/",
        "the match check": f"{editor}match/",
        "the share page": f"/s/{link.token}/",
        "the shared table view": f"/s/{link.token}/table/",
        "logging in": "/accounts/login/",
        "signing up": "/accounts/signup/",
        "campaigns": "/campaigns/",
    }
    for where, path in pages.items():
        page.goto(path if path.startswith("http") else f"{base}{path}")
        assert_fits(page, where)


@pytest.mark.parametrize(
    ("faction", "units", "figures"),
    [
        (
            "ember-reach/cinderhold",
            ("Forge-Thane", "Hearthguard"),
            ["Units", "Advantage", "SP / round", "SP spent", "SP left", "Legends"],
        ),
        ("ashen-stars/", (), ["Command pts", "Doctrines"]),
    ],
    ids=["battle-forge", "grimdark"],
)
@pytest.mark.django_db(transaction=True)
def test_the_phone_totals_bar_shows_every_figure_of_the_ruleset(
    live_server, phone, starter_modules, faction, units, figures
):
    page = phone
    if faction.endswith("/"):  # the first faction of the module
        page.goto(f"{live_server.url}/lists/new/")
        faction = page.locator(f"#id_faction option[value^='{faction}']").first.get_attribute(
            "value"
        )
    start_list(page, live_server.url, faction, "Every figure")
    for name in units:
        add_unit(page, name)
    bar = page.locator("#totals")
    totals = bar.locator(".total")
    expect(bar.locator(".points-figure")).to_be_in_viewport(ratio=1)
    expect(bar.locator(".verdict")).to_be_in_viewport(ratio=1)
    assert totals.count() >= max(len(figures), 1)
    box = bar.bounding_box()
    for i in range(totals.count()):
        total = totals.nth(i)
        expect(total).to_be_visible()
        figure = total.bounding_box()
        label = total.inner_text()
        assert (
            figure["x"] >= box["x"]
            and figure["x"] + figure["width"] <= box["x"] + box["width"] + 0.5
        ), label
        assert (
            figure["y"] >= box["y"]
            and figure["y"] + figure["height"] <= box["y"] + box["height"] + 0.5
        ), label
    shown = bar.inner_text()
    for figure in figures:
        assert re.search(re.escape(figure), shown, re.I), f"{figure} is not shown: {shown!r}"
    assert bar.bounding_box()["height"] <= 84  # two compact lines, not a screen of totals
    # a tap on a figure says what it counts, within the screen
    first = totals.first
    first.tap()
    expect(first.locator(".total-about")).to_be_visible()
    expect(first.locator(".total-about")).to_be_in_viewport(ratio=1)
    if "Advantage" in figures:
        advantage = bar.locator(".total-advantage")
        advantage.tap()
        expect(advantage.locator(".total-about")).to_contain_text(
            re.compile(r"One point per full \d+ points under the limit")
        )
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

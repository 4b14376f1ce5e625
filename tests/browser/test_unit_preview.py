"""The catalogue's preview of a datasheet (issue 42): on a phone a sheet from the bottom using
the whole width, on a desktop a readable panel, both a modal <dialog> (the focus kept inside,
Escape closes it and gives the focus back), sliding up only where motion is welcome. It sat in a
250 px column beside the Add button, its stat line scrolling and its rule chips cut short. Only
a browser shows the dialog's size, its focus and its motion."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.conftest import write_module_rows

from .campaign import checked_at_both_sizes
from .test_builder import start_list as start_list_of
from .test_editor_ux import VIEWPORTS, start_list


def open_preview(page, name: str):
    page.locator(".preview-toggle > summary").filter(has_text=name).first.click()
    dialog = page.locator("#sheet-preview")
    expect(dialog).to_be_visible()
    expect(dialog.locator(".sheet-preview-body .stat-table").first).to_be_visible()
    expect(dialog.get_by_role("heading", name=name).first).to_be_visible()
    assert page.evaluate(
        "document.getElementById('sheet-preview').contains(document.activeElement)"
    )
    return dialog


@pytest.mark.django_db(transaction=True)
def test_a_datasheet_preview_is_a_sheet_on_a_phone_and_a_panel_on_a_desktop(
    live_server, browser, starter_modules
):
    context = browser.new_context(
        viewport=VIEWPORTS["phone"], is_mobile=True, has_touch=True, bypass_csp=True
    )
    context.set_default_timeout(10_000)
    page = context.new_page()
    try:
        start_list(page, live_server.url, "Previewed")
        page.locator("[data-view-tab=catalogue]").click()
        page.emulate_media(reduced_motion="reduce")  # no sliding: where it rests, measured
        dialog = open_preview(page, "Hearthguard")
        assert dialog.evaluate("e => getComputedStyle(e).animationName") == "none"
        box = dialog.bounding_box()
        assert box["x"] == 0 and box["width"] == 375, box  # the whole width
        assert abs(box["y"] + box["height"] - 812) <= 1, box  # at the bottom
        assert dialog.evaluate(TABLES_PAST_THEIR_BOX) == 0  # its stat line, every column seen
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            checked_at_both_sizes(page, f"preview-{scheme}", axe=scheme == "light")
        page.emulate_media(color_scheme="light")

        page.keyboard.press("Escape")
        expect(dialog).to_be_hidden()
        summary = page.locator(".preview-toggle > summary").filter(has_text="Hearthguard").first
        expect(summary).to_be_focused()

        page.emulate_media(reduced_motion="no-preference")
        dialog = open_preview(page, "Forge-Thane")
        assert dialog.evaluate("e => getComputedStyle(e).animationName") == "sheet-up"
        dialog.get_by_role("button", name="Close").click()
        expect(dialog).to_be_hidden()

        page.set_viewport_size(VIEWPORTS["desktop"])
        dialog = open_preview(page, "Hearthguard")
        width = dialog.bounding_box()["width"]
        assert 640 <= width <= 800, width  # a panel to read, not a column beside a button
        page.keyboard.press("Escape")
        expect(dialog).to_be_hidden()
    finally:
        context.close()


TABLES_PAST_THEIR_BOX = """e => Math.max(0, ...[...e.querySelectorAll('.table-wrap')].map(
  w => w.scrollWidth - w.clientWidth))"""
# The previews a test opens in the dialog, as editor.js fills it (the card fragment of each);
# for each, how far any of its tables, the sheet or its body reaches past its box.
OVERFLOWS = """async (urls) => {
  const dialog = document.getElementById('sheet-preview');
  const body = dialog.querySelector('.sheet-preview-body');
  const out = {};
  for (const url of urls) {
    const response = await fetch(url, {headers: {'HX-Request': 'true'}});
    body.innerHTML = await response.text();
    const boxes = [dialog, body, ...body.querySelectorAll('.table-wrap')];
    out[url] = Math.max(...boxes.map(box => box.scrollWidth - box.clientWidth));
  }
  return out;
}"""


def stat_line(card) -> int:
    """How many characters the card's stat line needs across, its lines broken between words:
    for the model's name, count and each stat, its longest word (or its header's)."""
    columns = [["Model", "#"], *([abbr] for abbr, _name in card.stat_headers)]
    for row in card.models:
        for column, text in zip(columns, (row.name, row.count, *row.stats), strict=False):
            column += text.split()
    return sum(max(len(word) for word in column) for column in columns)


def longest_word(card) -> int:
    """The longest word a model or weapon of the card is named by (the data has some without a
    space: "Flamethrower(Warmachine)")."""
    names = [row.name for row in card.models] + [w.name for w in card.weapons]
    return max((len(word) for name in names for word in name.split()), default=0)


def widest_sheets(catalogs, count: int = 4) -> list[str]:
    """The datasheets (their preview's address) with the widest stat lines and the longest
    unbroken names of every module in `catalogs`."""
    from django.urls import reverse

    from factions.cards import datasheet_card

    sheets = []
    for catalog in catalogs:
        for faction_key, faction in catalog.spec.factions.items():
            for key, sheet in faction.datasheets.items():
                card = datasheet_card(catalog, faction_key, key, sheet)
                url = reverse("factions:datasheet_detail", args=[catalog.slug, faction_key, key])
                sheets.append((stat_line(card), longest_word(card), url))
    by_line = sorted(sheets, key=lambda s: s[0], reverse=True)[:count]
    by_word = sorted(sheets, key=lambda s: s[1], reverse=True)[:count]
    return sorted({url for *_sizes, url in by_line + by_word})


@pytest.mark.django_db(transaction=True)
def test_the_widest_stat_lines_of_every_module_fit_a_phone_unscrolled(
    live_server, browser, starter_rows, bf_module_rows
):
    """The widest stat lines of the starter and Battle Forge modules (Battle Forge's: model,
    count, six stats) and their longest unbroken names fit the preview at 375 px: it showed the
    last column behind a sideways scroll, and a weapon named in one long word pushed its table
    60 px past the sheet. Only a browser lays the tables out."""
    # each module's rows are read before any is written: a module's rows are read as the
    # database holds them when first asked for, and would carry the others' with them
    modules = [bf_module_rows(folder) for folder in ("fantasy-realms", "wbh", "space-wars")]
    for rows in (starter_rows, *modules):
        write_module_rows(rows)
    widest = widest_sheets(c for rows in (starter_rows, *modules) for c in rows.catalogs)
    context = browser.new_context(
        viewport=VIEWPORTS["phone"], is_mobile=True, has_touch=True, bypass_csp=True
    )
    context.set_default_timeout(10_000)
    page = context.new_page()
    try:
        start_list_of(page, live_server.url, "fantasy-realms/mountain_dwarves", "Wide")
        page.locator("[data-view-tab=catalogue]").click()
        dialog = open_preview(page, "Hellblaster")  # opened as a player does
        assert dialog.evaluate("e => e.getBoundingClientRect().width") == 375
        over = page.evaluate(OVERFLOWS, widest)
        assert over == dict.fromkeys(widest, 0), over  # nothing scrolls sideways
    finally:
        context.close()

"""The catalogue's preview of a datasheet (issue 42): on a phone a sheet from the bottom using
the whole width, on a desktop a readable panel, both a modal <dialog> (the focus kept inside,
Escape closes it and gives the focus back), sliding up only where motion is welcome. It sat in a
250 px column beside the Add button, its stat line scrolling and its rule chips cut short. Only
a browser shows the dialog's size, its focus and its motion."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .campaign import checked_at_both_sizes
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

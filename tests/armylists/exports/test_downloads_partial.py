"""The downloads partial, included in the editor and on the share page."""

from __future__ import annotations

from django.template.loader import render_to_string
from django.urls import reverse

from factions.catalog import catalog_for


def owner_context(army_list, **more) -> dict:
    """What the editor gives the partial: the list and its ruleset (the match-check link)."""
    return {"army_list": army_list, "ruleset": catalog_for(army_list.module).ruleset, **more}


def test_the_owner_gets_the_owner_downloads(ember_list):
    html = render_to_string("armylists/partials/downloads.html", owner_context(ember_list))
    for route in ("roster_pdf", "tokens_pdf", "text_export"):
        assert f'"{reverse(f"armylists:{route}", args=[ember_list.public_id])}"' in html
    assert '<option value="letter">US Letter</option>' in html
    assert '<option value="32">32 mm tokens</option>' in html
    assert 'data-copy-target="#list-text"' in html
    assert '<textarea id="list-text"' in html


def test_the_share_page_downloads_through_the_share_link(ember_list, live_link):
    html = render_to_string(
        "armylists/partials/downloads.html",
        {"army_list": ember_list, "share_token": live_link.token},
    )
    for route in ("shared_roster_pdf", "shared_tokens_pdf", "shared_text_export"):
        assert f'"{reverse(f"armylists:{route}", args=[live_link.token])}"' in html
    assert ember_list.public_id not in html


def test_the_copy_box_is_filled_when_the_page_gives_the_text(ember_list):
    html = render_to_string(
        "armylists/partials/downloads.html", owner_context(ember_list, list_text="A & B")
    )
    assert ">A &amp; B</textarea>" in html

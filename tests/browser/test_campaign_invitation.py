"""An invitation in a browser, on a phone (each page looked at on a desktop too): a fresh
visitor sees the campaign, signs up, comes back to the invitation, starts an army for it, and
the banner leads from the editor back to joining."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from factions.models import GameModule
from forgebuilder.campaigns import services
from forgebuilder.lists import edits
from forgebuilder.lists.models import ArmyList
from forgebuilder.lists.services import army_list_edit
from tests.campaigns.conftest import make_army

from .campaign import SIZES, checked_at_both_sizes


@pytest.mark.django_db(transaction=True)
def test_an_invitation_survives_sign_up_and_joins_with_a_new_army(
    live_server, browser, starter_modules
):
    ana = get_user_model().objects.create_user("ana", "ana@example.com", "pw-123456789")
    ashen = GameModule.objects.get(slug="ashen-stars")
    campaign = services.campaign_create(organiser=ana, module=ashen, name="Ashfall")
    services.campaign_join(
        campaign=campaign, user=ana,
        army_list=make_army(ashen, ana, "cinder_compact", "lantern_marshal", "lightbearer_squad"),
    )  # fmt: skip
    width, height = SIZES["phone"]
    context = browser.new_context(viewport={"width": width, "height": height}, bypass_csp=True)
    context.set_default_timeout(10_000)
    page = context.new_page()
    try:
        page.goto(f"{live_server.url}/campaigns/join/{campaign.invite_token}/")
        invitation = page.locator("#invitation")
        expect(invitation).to_contain_text("A campaign of Ashen Stars, organised by ana")
        expect(invitation).to_contain_text("Playing: ana.")
        checked_at_both_sizes(page, "invite-visitor", axe=True)
        invitation.get_by_role("link", name="Create an account to join").click()

        page.get_by_label("Username").fill("cy")
        page.get_by_label("Email").fill("cy@example.com")
        page.get_by_label("Password", exact=True).fill("pw-12345xyz!")
        page.get_by_label("Password confirmation").fill("pw-12345xyz!")
        page.get_by_role("button", name="Sign up").click()

        start = page.locator("#start-army")
        expect(start).to_be_visible()
        start.get_by_label("Faction").select_option("gutterfleet")
        start.get_by_label("Army name").fill("Rust")
        start.get_by_role("button", name="Start the army").click()

        banner = page.locator("#invitation-banner")
        expect(banner).to_contain_text("You are joining Ashfall")
        checked_at_both_sizes(page, "invite-editor")
        army = ArmyList.objects.get(owner__username="cy")

        def founders(document, catalog):
            for sheet in ("corsair_captain", "deckhand_mob"):
                document, _ = edits.add_unit(document, catalog, datasheet=sheet, force=None)
            return document.model_copy(update={"doctrine": "iron_vigil"})

        army_list_edit(army_list=army, expected_version=None, change=founders, label="built")
        banner.get_by_role("link", name="join it with your army").click()
        form = page.locator("#join-campaign")
        expect(form.get_by_label("Rust (155 pts)")).to_be_checked()
        checked_at_both_sizes(page, "invite-join", axe=True)
        form.get_by_role("button", name="Join Ashfall").click()

        expect(page.locator("table.standings")).to_contain_text("cy")
        expect(page.locator("#invitation-banner")).to_have_count(0)
        checked_at_both_sizes(page, "invite-joined")
    finally:
        context.close()

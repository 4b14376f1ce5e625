"""A foreign roster goes through an event in a browser: the organiser makes an event of a game
not hosted here, a player on a phone keeps a BattleScribe .rosz and submits it, the desk says
"Checked by BattleScribe only" and the organiser accepts it, and the pack PDF holds the roster's
units. A view test cannot show the organiser's choice in the form's own select, the submit form
and the desk laid out at 375 px, nor axe's reading of them."""

from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone
from playwright.sync_api import expect

from forgebuilder.events.models import Event, Submission
from tests.armylists.exports.pdfread import page_texts
from tests.rosters.conftest import ROSTER_DIR, own_counts

from .campaign import SIZES, checked_at_both_sizes, logged_in

ROSTER = "mesbg/MESBGMordor750WithTroll.rosz"  # BattleScribe's, 749 pts


def _create_event(page, live_server) -> Event:
    page.goto(f"{live_server.url}/events/new/")
    page.get_by_label("Name", exact=True).fill("Mordor League")
    page.get_by_label("Date").fill("2026-12-05")
    page.get_by_label("Game", exact=True).select_option(
        label="A game not hosted here (lists checked by their builder)"
    )
    page.get_by_label("The game's name").fill("Middle-Earth Strategy Battle Game")
    page.get_by_label("Points limit").fill("750")
    deadline = timezone.localtime(timezone.now() + dt.timedelta(days=1))
    page.get_by_label("List deadline").fill(deadline.strftime("%Y-%m-%dT%H:%M"))
    page.get_by_label("Rounds").fill("3")
    page.get_by_role("button", name="Create the event").click()
    expect(page.locator("h1")).to_have_text("Mordor League")
    return Event.objects.get()


def _keep_and_submit(page, live_server, event) -> None:
    page.goto(f"{live_server.url}/lists/import/")
    page.set_input_files("#import-file", str(ROSTER_DIR / ROSTER))
    page.get_by_role("button", name="Import").click()
    page.get_by_role("button", name="Keep as a foreign roster").click()
    expect(page.locator("article.datasheet").first).to_be_visible()
    page.goto(f"{live_server.url}/events/{event.public_id}/")
    page.get_by_role("button", name="Register for Mordor League").click()
    page.get_by_label("One of your kept rosters").select_option(index=1)
    page.get_by_role("button", name="Submit the list").click()
    expect(page.locator("#verdict")).to_contain_text("Checked by BattleScribe only")
    expect(page.locator("#verdict")).not_to_contain_text("Legal")
    checked_at_both_sizes(page, "foreign-event-entry", axe=True)


@pytest.mark.django_db(transaction=True)
def test_a_kept_rosz_is_submitted_accepted_at_the_desk_and_printed_in_the_pack(
    live_server, browser, render_worker
):
    if not (ROSTER_DIR / ROSTER).is_file():
        pytest.skip(f"BattleScribe roster {ROSTER} not found in {ROSTER_DIR}")
    names, _models, _points = own_counts(ROSTER)
    users = get_user_model().objects
    olga = users.create_user("olga", "olga@example.com", "pw-123456789")
    ann = users.create_user("ann", "ann@example.com", "pw-123456789")
    organiser = logged_in(browser, live_server, olga, SIZES["phone"])
    player = logged_in(browser, live_server, ann, SIZES["phone"])
    try:
        page = organiser.new_page()
        event = _create_event(page, live_server)
        assert (event.module, event.points_limit) == (None, 750)
        _keep_and_submit(player.new_page(), live_server, event)

        page.goto(f"{live_server.url}/events/{event.public_id}/desk/")
        row = page.locator(".desk-row", has_text="ann")
        expect(row.locator(".verdict-tag")).to_have_text("Checked by BattleScribe only, 749 pts")
        checked_at_both_sizes(page, "foreign-event-desk", axe=True)
        row.get_by_role("button", name="Accept").click()
        expect(row.locator(".review-tag")).to_contain_text("Accepted")
        assert Submission.objects.get().review == Submission.ACCEPTED

        render_worker.run_queued()  # nothing queued yet: the pack is asked for next
        page.goto(f"{live_server.url}/events/{event.public_id}/pack.pdf")
        render_worker.run_queued()
        pack = page.request.get(f"{live_server.url}/events/{event.public_id}/pack.pdf")
        assert pack.headers["content-type"] == "application/pdf"
        text = " ".join(page_texts(pack.body()))
        assert "ann: " in text
        assert all(name in text for name in names), [n for n in names if n not in text]
    finally:
        organiser.close()
        player.close()

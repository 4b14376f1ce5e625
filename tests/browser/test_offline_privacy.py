"""Offline copies end with what they copy (issue 23): a page the network answers 404 is dropped
with its list's or link's other pages, private pages saved in a session that ended without Log
out are never served to the next person on the device, and public pages are saved without the
personal part of the header."""

# ruff: noqa: F811 (sw_context and sw_page are test_offline.py's fixtures, used here)
from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from forgebuilder.lists.models import ArmyList
from forgebuilder.lists.sharing import share_link_create, share_link_revoke

from .test_builder import add_unit, start_list
from .test_offline import (  # noqa: F401 (sw_context, sw_page: fixtures)
    PASSWORD,
    log_in,
    saved_index,
    saved_urls,
    sw_context,
    sw_page,
    wait_for_worker,
    wait_until,
    wait_until_saved,
)


@pytest.mark.django_db(transaction=True)
def test_a_revoked_share_page_and_its_table_are_gone_offline_once_the_network_said_404(
    live_server, sw_context, sw_page, starter_modules
):
    page, base = sw_page, live_server.url
    page.goto(f"{base}/lists/")
    wait_for_worker(page)
    start_list(page, base, "ember-reach/gilt_ledger", "Basement Game")
    add_unit(page, "Company Captain")
    army_list = ArmyList.objects.get()
    link = share_link_create(army_list=army_list, kind="live")
    share_url, table_url = f"{base}/s/{link.token}/", f"{base}/s/{link.token}/table/"
    for url in (share_url, table_url):
        page.goto(url)
        wait_until_saved(page, url)

    share_link_revoke(army_list=army_list, token=link.token)
    answer = page.goto(share_url)  # online: the link is gone
    assert answer.status == 404
    wait_until(
        page,
        "async (urls) => !(await (await caches.open('fb-pages')).keys())"
        ".some((r) => urls.includes(r.url))",
        [share_url, table_url],
    )

    sw_context.set_offline(True)
    try:
        for url in (share_url, table_url):
            page.goto(url)
            expect(page.locator("h1")).to_have_text("You are offline")
            expect(page.locator(f"#offline-saved a[href='{url}']")).to_have_count(0)
    finally:
        sw_context.set_offline(False)


@pytest.mark.django_db(transaction=True)
def test_a_session_ended_without_log_out_leaves_nothing_for_the_next_person(
    live_server, sw_context, sw_page, starter_modules
):
    page, base = sw_page, live_server.url
    users = get_user_model().objects
    users.create_user("first_player", password=PASSWORD)
    users.create_user("second_player", password=PASSWORD)
    log_in(page, base, "first_player")
    wait_for_worker(page)
    start_list(page, base, "ember-reach/gilt_ledger", "First's Secret Plan")
    list_url = page.url
    army_list = ArmyList.objects.get()
    link = share_link_create(army_list=army_list, kind="live")
    share_url = f"{base}/s/{link.token}/"
    for url in (f"{base}/lists/", list_url, share_url):
        page.goto(url)
        wait_until_saved(page, url)
    shared_copy = page.evaluate(
        "async (url) => await (await (await caches.open('fb-pages')).match(url)).text()",
        share_url,
    )
    assert "first_player" not in shared_copy  # a public page keeps no one's name
    assert "Secret Plan" in shared_copy

    sw_context.clear_cookies()  # the session ends without Log out (cleared, or expired)
    # The next person on the device opens only the home page, online: that is enough.
    page.goto(f"{base}/")
    expect(page.locator("header")).not_to_contain_text("first_player")

    wait_until(
        page,
        "async (url) => !(await (await caches.open('fb-pages')).match(url))",
        list_url,
    )
    assert list_url not in saved_urls(page)
    assert list_url not in saved_index(page)
    sw_context.set_offline(True)
    try:
        page.goto(list_url)
        expect(page.locator("h1")).to_have_text("You are offline")
        expect(page.locator(f"#offline-saved a[href='{list_url}']")).to_have_count(0)
        page.goto(f"{base}/lists/")  # My lists was the first player's: not kept
        expect(page.locator("h1")).to_have_text("You are offline")
        expect(page.locator("body")).not_to_contain_text("first_player")
        # (its share page is public and stays: the offline page may list it, not the list)
        expect(page.locator(f"#offline-saved a[href='{list_url}']")).to_have_count(0)
    finally:
        sw_context.set_offline(False)
    log_in(page, base, "second_player")  # and the next player's own pages are theirs
    wait_until_saved(page, f"{base}/lists/")
    assert share_url in saved_urls(page)  # the public share page stays


@pytest.mark.django_db(transaction=True)
def test_an_account_deleted_on_one_device_leaves_nothing_on_the_other(
    live_server, browser, sw_context, sw_page, starter_modules
):
    """Two devices (two Chromium profiles) of one player; the account is deleted on the first.
    The second, at its next page online (the home page), drops every private page it kept."""
    from forgebuilder.accounts.deletion import account_delete

    page, base = sw_page, live_server.url
    player = get_user_model().objects.create_user("leaving_player", password=PASSWORD)
    log_in(page, base, "leaving_player")
    wait_for_worker(page)
    start_list(page, base, "ember-reach/gilt_ledger", "Farewell Muster")
    list_url = page.url
    private = (f"{base}/lists/", list_url, f"{list_url}table/", f"{base}/play/")
    for url in private:
        page.goto(url)
        wait_until_saved(page, url)

    # Device 1 (its own profile) deletes the account.
    other = browser.new_context(viewport={"width": 375, "height": 812})
    try:
        first = other.new_page()
        log_in(first, base, "leaving_player")
        first.goto(f"{base}/accounts/delete/")
    finally:
        other.close()
    account_delete(user=player)

    page.goto(f"{base}/")  # device 2 online, the home page only
    wait_until(
        page,
        "async (urls) => !(await (await caches.open('fb-pages')).keys())"
        ".some((r) => urls.includes(r.url))",
        list(private),
    )
    sw_context.set_offline(True)
    try:
        for url in private:
            page.goto(url)
            expect(page.locator("h1")).to_have_text("You are offline")
            expect(page.locator("body")).not_to_contain_text("leaving_player")
            expect(page.locator("body")).not_to_contain_text("Farewell Muster")
    finally:
        sw_context.set_offline(False)

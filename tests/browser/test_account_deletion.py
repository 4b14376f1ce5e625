"""A player deletes their account on a phone: the account page says what goes and what stays,
offers every list as one download first, asks the password, and afterwards the device keeps no
saved page of theirs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from forgebuilder.lists.models import ArmyList
from forgebuilder.lists.sharing import share_link_create

from .conftest import page_without_errors
from .test_builder import start_list
from .test_offline import (
    PASSWORD,
    log_in,
    saved_urls,
    wait_for_worker,
    wait_until_saved,
)


@pytest.fixture
def phone(browser):
    context = browser.new_context(
        viewport={"width": 375, "height": 812}, is_mobile=True, has_touch=True,
        service_workers="allow",
    )  # fmt: skip
    context.set_default_timeout(30_000)
    yield context
    context.close()


@pytest.fixture
def phone_page(phone):
    yield from page_without_errors(phone)


@pytest.mark.django_db(transaction=True)
def test_a_player_deletes_their_account_on_a_phone(live_server, phone, phone_page, starter_modules):
    page, base = phone_page, live_server.url
    get_user_model().objects.create_user("leaving_player", password=PASSWORD)
    log_in(page, base, "leaving_player")
    wait_for_worker(page)
    start_list(page, base, "ember-reach/gilt_ledger", "Last Stand")
    list_url = page.url
    link = share_link_create(army_list=ArmyList.objects.get(), kind="live")
    for url in (f"{base}/lists/", list_url, f"{base}/s/{link.token}/"):
        page.goto(url)
        wait_until_saved(page, url)

    page.get_by_role("link", name="leaving_player").click()
    expect(page.locator("h1")).to_have_text("Your account")
    effects = page.locator("#deletion-effects")
    expect(effects).to_contain_text("deletes your 1 list, the bin included")
    expect(effects).to_contain_text("revokes your 1 share link")
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    with page.expect_download() as download:
        page.get_by_role("link", name="Download all my lists").click()
    saved = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    assert [d["name"] for d in saved["lists"]] == ["Last Stand"]

    page.get_by_label("Your password").fill("not my password")
    page.get_by_role("button", name="Delete my account").click()
    expect(page.get_by_role("alert")).to_contain_text("That is not your password")
    page.get_by_label("Your password").fill(PASSWORD)
    page.get_by_role("button", name="Delete my account").click()

    expect(page.locator("main")).to_contain_text("Your account is deleted, with 1 list.")
    expect(page.get_by_role("link", name="Log in")).to_be_visible()
    assert not ArmyList.objects.exists()
    assert saved_urls(page) == []  # nothing saved for offline reading is left
    phone.set_offline(True)
    try:
        for url in (list_url, f"{base}/s/{link.token}/"):
            page.goto(url)
            expect(page.locator("h1")).to_have_text("You are offline")
        expect(page.locator("#offline-saved a")).to_have_count(0)
    finally:
        phone.set_offline(False)

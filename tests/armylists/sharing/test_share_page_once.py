"""A fresh share link read by many at once is drawn once: the app's `cached_once` makes a value
once however many ask together (nginx no longer holds readers back with its 500 ms lock), and
a new link's page is drawn when it is made."""

from __future__ import annotations

import json
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.core.cache import caches
from django.test import Client, override_settings
from django.urls import reverse

from forgebuilder.cache import cached_once
from forgebuilder.lists.views import share as share_views

UNREACHABLE = {
    "default": {
        "BACKEND": "forgebuilder.cache.FailOpenRedisCache",
        "LOCATION": "redis://127.0.0.1:1/0",
        "OPTIONS": {"socket_connect_timeout": 1},
    }
}


def test_many_askers_at_once_get_one_making(db):
    made = []
    started = threading.Event()

    def make():
        made.append(1)
        started.set()
        time.sleep(0.2)  # a render: the others arrive while it is drawn
        return "page"

    def ask(_):
        return cached_once("once:test", make)

    with ThreadPoolExecutor(8) as pool:
        first = pool.submit(ask, 0)
        started.wait(2)
        answers = list(pool.map(ask, range(7)))

    assert [first.result(), *answers] == ["page"] * 8
    assert made == [1]
    assert caches["default"].get("once:test:making") is None  # the lock is let go


def test_a_maker_that_fails_lets_the_next_asker_make_it(db):
    def broken():
        raise RuntimeError("render failed")

    with pytest.raises(RuntimeError):
        cached_once("once:broken", broken)

    assert cached_once("once:broken", lambda: "drawn") == "drawn"


def test_an_asker_waits_no_longer_than_its_wait_for_a_maker_that_is_gone(db):
    caches["default"].add("once:gone:making", 1, 60)  # a maker stopped mid-way
    started = time.monotonic()

    assert cached_once("once:gone", lambda: "drawn", wait=0.2) == "drawn"
    assert time.monotonic() - started < 1.0


@override_settings(CACHES=UNREACHABLE)
def test_without_redis_each_asker_makes_the_value_at_once(db):
    started = time.monotonic()

    assert cached_once("once:down", lambda: "drawn", wait=5) == "drawn"
    assert time.monotonic() - started < 2.5  # no waiting out `wait` for a lock never taken


@pytest.fixture
def shared_link(client, mini_module, mini_list):
    from forgebuilder.lists.models import ArmyList, ShareLink

    response = client.post(reverse("armylists:import"), {"document": json.dumps(mini_list)})
    assert response.status_code == 302
    army_list = ArmyList.objects.get()
    return army_list, ShareLink


@pytest.mark.django_db(transaction=True)
def test_a_new_link_is_drawn_when_made_and_its_first_readers_draw_nothing(
    client, shared_link, monkeypatch
):
    army_list, ShareLink = shared_link
    drawn = []
    real = share_views._page
    monkeypatch.setattr(share_views, "_page", lambda data: drawn.append(1) or real(data))

    client.post(reverse("armylists:share_create", args=[army_list.public_id]), {"kind": "live"})
    token = ShareLink.objects.get().token
    assert drawn == [1]  # while the owner waits for the link

    def read(_):
        return Client().get(f"/s/{token}/").status_code

    with ThreadPoolExecutor(6) as pool:
        assert list(pool.map(read, range(12))) == [200] * 12
    assert drawn == [1]


@pytest.mark.django_db(transaction=True)
def test_readers_arriving_together_on_a_changed_list_draw_it_once(client, shared_link, monkeypatch):
    army_list, ShareLink = shared_link
    client.post(reverse("armylists:share_create", args=[army_list.public_id]), {"kind": "live"})
    token = ShareLink.objects.get().token
    client.post(reverse("armylists:rename", args=[army_list.public_id]), {"name": "Changed patrol"})
    drawn = []
    real = share_views._page

    def slow_page(data):
        drawn.append(1)
        time.sleep(0.2)
        return real(data)

    monkeypatch.setattr(share_views, "_page", slow_page)

    def read(_):
        return Client().get(f"/s/{token}/").content.decode()

    with ThreadPoolExecutor(6) as pool:
        pages = list(pool.map(read, range(6)))

    assert all("Changed patrol" in page for page in pages)
    assert drawn == [1]

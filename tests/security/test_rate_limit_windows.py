"""Each hand-written limit holds for its whole window and ends with it (issue 23: the database
cache's increment reset a counter's expiry to its default 300 s, so a 15-minute lockout ended
after 5). Tested at the window's edges on the database cache and on Redis; the caches' default
expiry is cut to one second here, so an increment that resets it shows within the test."""

from __future__ import annotations

import time

import pytest
from django.core.cache import caches

from forgebuilder import ratelimit

from .redis_server import redis_caches, redis_server

WINDOW = 3  # seconds (whole: the limiter counts in whole seconds)
LIMIT = 3


@pytest.fixture(params=["database", "redis"])
def cache_backend(request, settings, db):
    short = {"TIMEOUT": 1}  # an expiry reset by incr would end the count after a second
    if request.param == "database":
        from django.core.management import call_command

        settings.CACHES = {
            **settings.CACHES,
            "default": {
                "BACKEND": "django.core.cache.backends.db.DatabaseCache",
                "LOCATION": "forgebuilder_cache_windows",
                **short,
            },
        }
        call_command("createcachetable", verbosity=0)
        yield
    else:
        with redis_server() as (url, _process):
            configured = redis_caches(url, settings.CACHES)
            settings.CACHES = {**configured, "default": {**configured["default"], **short}}
            yield
    caches["default"].clear()
    caches["default"].close()


class _ShiftedClock:
    """The `time` module as the limiter reads it, `offset` seconds behind the real clock."""

    def __init__(self, offset: float) -> None:
        self.offset = offset

    def time(self) -> float:
        return time.time() - self.offset


def window_start(monkeypatch) -> float:
    """A fresh window, now: the limiter's clock is set back to a twentieth of a second after
    the start of the window it is in, so the test never straddles two windows (it waited up to
    a whole window for the next one). Returns the real time it starts; the cache's expiries
    stay on the real clock."""
    offset = time.time() % WINDOW - 0.05
    monkeypatch.setattr(ratelimit, "time", _ShiftedClock(offset))
    return time.time()


def test_a_limit_holds_to_its_windows_end_and_ends_there(cache_backend, settings, monkeypatch):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "edge": (LIMIT, WINDOW)}
    start = window_start(monkeypatch)
    decisions = [ratelimit.hit("edge", "ip:192.0.2.1") for _ in range(LIMIT + 1)]
    assert [d.allowed for d in decisions] == [True] * LIMIT + [False]

    time.sleep(max(0.0, start + WINDOW - 0.8 - time.time()))  # just before the window's end
    assert not ratelimit.peek("edge", "ip:192.0.2.1").allowed
    assert not ratelimit.hit("edge", "ip:192.0.2.1").allowed
    assert ratelimit.hit("edge", "ip:192.0.2.9").allowed  # another client is not counted

    time.sleep(max(0.0, start + WINDOW + 0.1 - time.time()))  # just after it
    assert ratelimit.hit("edge", "ip:192.0.2.1").allowed


def test_the_counter_lives_as_long_as_its_window(cache_backend, settings, monkeypatch):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "edge": (LIMIT, WINDOW)}
    window_start(monkeypatch)
    for _ in range(LIMIT):
        ratelimit.hit("edge", "ip:192.0.2.1")
    time.sleep(1.5)  # past the cache's default expiry of 1 s
    assert not ratelimit.hit("edge", "ip:192.0.2.1").allowed

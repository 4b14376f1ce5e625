"""Redis as an optional helper: every cache call fails open.

The site's state lives in PostgreSQL. Redis holds cached pages, rendered PDFs and rate-limit
counts; when it is down those are lost for a while, and nothing else. `FailOpenRedisCache`
turns each failed call into a miss (reads give the default, writes are dropped, a counter
starts again), logs it at most once a minute per process, and `cache_health` tells `/healthz`.
"""

from __future__ import annotations

import functools
import logging
import time
from collections.abc import Callable
from typing import Any, NoReturn, TypeVar, cast

from django.core.cache import caches
from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache
from redis.exceptions import RedisError

log = logging.getLogger("forgebuilder.cache")
_LOG_EVERY = 60.0
Method = TypeVar("Method", bound=Callable[..., Any])


def _fail_open(action: str, answer: Callable[..., Any]) -> Callable[[Method], Method]:
    """A cache call that, when Redis fails, logs it (as a failed `action`, "read" or "write")
    and gives `answer(*args, **kwargs)` instead: a miss, a dropped write."""

    def wrap(method: Method) -> Method:
        @functools.wraps(method)
        def call(self: FailOpenRedisCache, *args: Any, **kwargs: Any) -> Any:
            try:
                return method(self, *args, **kwargs)
            except RedisError as error:
                self._failed(action, error)
                return answer(*args, **kwargs)

        return cast(Method, call)

    return wrap


def _counter_lost(key: Any, *args: Any, **kwargs: Any) -> NoReturn:
    # as Django's caches answer an increment of a missing key: the counter starts again
    raise ValueError(f"Key '{key}' not found (the cache is unreachable)")


class FailOpenRedisCache(RedisCache):
    """Django's Redis cache, where Redis being unreachable is a cache miss, not an error."""

    _last_logged = 0.0

    def _failed(self, action: str, error: Exception) -> None:
        now = time.monotonic()
        if now - FailOpenRedisCache._last_logged >= _LOG_EVERY:
            FailOpenRedisCache._last_logged = now
            log.warning("Redis cache %s failed (%s); serving without the cache", action, error)

    @_fail_open("read", lambda key, default=None, version=None: default)
    def get(self, key, default=None, version=None):
        return super().get(key, default, version)

    @_fail_open("read", lambda keys, version=None: {})
    def get_many(self, keys, version=None):
        return super().get_many(keys, version)

    @_fail_open("read", lambda *args, **kwargs: False)
    def has_key(self, key, version=None):
        return super().has_key(key, version)

    @_fail_open("write", lambda *args, **kwargs: None)
    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        super().set(key, value, timeout, version)

    @_fail_open("write", lambda data, *args, **kwargs: list(data))
    def set_many(self, data, timeout=DEFAULT_TIMEOUT, version=None):
        return super().set_many(data, timeout, version)

    @_fail_open("write", lambda *args, **kwargs: False)
    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return super().add(key, value, timeout, version)

    @_fail_open("write", lambda *args, **kwargs: False)
    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None):
        return super().touch(key, timeout, version)

    @_fail_open("write", _counter_lost)
    def incr(self, key, delta=1, version=None):
        return super().incr(key, delta, version)

    @_fail_open("write", lambda *args, **kwargs: False)
    def delete(self, key, version=None):
        return super().delete(key, version)

    @_fail_open("write", lambda *args, **kwargs: None)
    def delete_many(self, keys, version=None):
        return super().delete_many(keys, version)

    @_fail_open("write", lambda: False)
    def clear(self):
        return super().clear()

    def ping(self) -> None:
        """Raise when Redis does not answer (for the readiness probe)."""
        self._cache.get_client(write=True).ping()


def cache_health(alias: str = "default") -> tuple[bool, str]:
    """Whether the cache answers, and in a few words what it is or what failed."""
    cache = caches[alias]
    try:
        if isinstance(cache, FailOpenRedisCache):
            cache.ping()
            return True, "redis"
        probe = f"healthz:{time.monotonic_ns()}"
        cache.set(probe, 1, 10)
        if cache.get(probe) != 1:
            return False, "the cache keeps nothing"
        cache.delete(probe)
        return True, type(cache).__name__
    except Exception as error:  # any failure means "not ready", said in the answer
        return False, f"{type(error).__name__}: {error}"[:200]


def cached_once(
    key: str,
    make: Callable[[], Any],
    *,
    timeout: int = 3600,
    wait: float = 2.0,
    poll: float = 0.01,
) -> Any:
    """The value cached under `key`, made by `make()` once however many ask for it at once.

    The first asker takes a short lock (`cache.add`) and makes the value; the others poll the
    cache every `poll` seconds for up to `wait`, then make it themselves rather than fail (a
    maker that is slow or was stopped). Where the cache keeps nothing (Redis down: the lock is
    not there to see), each asker makes the value at once, as without a cache."""
    cache = caches["default"]
    value = cache.get(key)
    if value is not None:
        return value
    lock = f"{key}:making"
    if cache.add(lock, 1, timeout=max(int(wait * 4), 5)):
        try:
            value = make()
            cache.set(key, value, timeout)
            return value
        finally:
            cache.delete(lock)
    deadline = time.monotonic() + wait
    while cache.get(lock) is not None and time.monotonic() < deadline:
        time.sleep(poll)
        value = cache.get(key)
        if value is not None:
            return value
    value = cache.get(key)
    return value if value is not None else make()

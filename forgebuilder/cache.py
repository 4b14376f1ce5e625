"""Redis as an optional helper: every cache call fails open.

The site's state lives in PostgreSQL. Redis holds cached pages, rendered PDFs and rate-limit
counts; when it is down those are lost for a while, and nothing else. `FailOpenRedisCache`
turns each failed call into a miss (reads give the default, writes are dropped, a counter
starts again), logs it at most once a minute per process, and `cache_health` tells `/healthz`.
"""

from __future__ import annotations

import logging
import time

from django.core.cache import caches
from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache
from redis.exceptions import RedisError

log = logging.getLogger("forgebuilder.cache")
_LOG_EVERY = 60.0


class FailOpenRedisCache(RedisCache):
    """Django's Redis cache, where Redis being unreachable is a cache miss, not an error."""

    _last_logged = 0.0

    def _failed(self, action: str, error: Exception) -> None:
        now = time.monotonic()
        if now - FailOpenRedisCache._last_logged >= _LOG_EVERY:
            FailOpenRedisCache._last_logged = now
            log.warning("Redis cache %s failed (%s); serving without the cache", action, error)

    def get(self, key, default=None, version=None):
        try:
            return super().get(key, default, version)
        except RedisError as error:
            self._failed("read", error)
            return default

    def get_many(self, keys, version=None):
        try:
            return super().get_many(keys, version)
        except RedisError as error:
            self._failed("read", error)
            return {}

    def has_key(self, key, version=None):
        try:
            return super().has_key(key, version)
        except RedisError as error:
            self._failed("read", error)
            return False

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        try:
            super().set(key, value, timeout, version)
        except RedisError as error:
            self._failed("write", error)

    def set_many(self, data, timeout=DEFAULT_TIMEOUT, version=None):
        try:
            return super().set_many(data, timeout, version)
        except RedisError as error:
            self._failed("write", error)
            return list(data)

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        try:
            return super().add(key, value, timeout, version)
        except RedisError as error:
            self._failed("write", error)
            return False

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None):
        try:
            return super().touch(key, timeout, version)
        except RedisError as error:
            self._failed("write", error)
            return False

    def incr(self, key, delta=1, version=None):
        try:
            return super().incr(key, delta, version)
        except RedisError as error:
            self._failed("write", error)
            raise ValueError(f"Key '{key}' not found (the cache is unreachable)") from error

    def delete(self, key, version=None):
        try:
            return super().delete(key, version)
        except RedisError as error:
            self._failed("write", error)
            return False

    def delete_many(self, keys, version=None):
        try:
            return super().delete_many(keys, version)
        except RedisError as error:
            self._failed("write", error)

    def clear(self):
        try:
            return super().clear()
        except RedisError as error:
            self._failed("write", error)
            return False

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

"""Each cache call answers as a miss when Redis cannot be reached: reads give the default (or
nothing), writes are dropped, an increment finds no counter. No Redis runs here: the cache
points at a closed port."""

from __future__ import annotations

import pytest

from forgebuilder.cache import FailOpenRedisCache

UNREACHABLE = "redis://127.0.0.1:1/0"  # nothing listens on port 1


@pytest.fixture(scope="module")
def cache() -> FailOpenRedisCache:
    return FailOpenRedisCache(UNREACHABLE, {"OPTIONS": {"socket_connect_timeout": 1}})


@pytest.mark.parametrize(
    ("call", "answer"),
    [
        (lambda c: c.get("k"), None),
        (lambda c: c.get("k", "fallback"), "fallback"),
        (lambda c: c.get("k", default=7), 7),
        (lambda c: c.get_many(["a", "b"]), {}),
        (lambda c: c.has_key("k"), False),
        (lambda c: c.set("k", 1), None),
        (lambda c: c.set_many({"a": 1, "b": 2}), ["a", "b"]),  # the keys not stored
        (lambda c: c.add("k", 1), False),
        (lambda c: c.touch("k"), False),
        (lambda c: c.delete("k"), False),
        (lambda c: c.delete_many(["a"]), None),
        (lambda c: c.clear(), False),
    ],
)
def test_a_call_to_an_unreachable_redis_answers_as_a_miss(cache, call, answer):
    assert call(cache) == answer


def test_an_increment_finds_no_counter(cache):
    with pytest.raises(ValueError, match="Key 'hits' not found"):
        cache.incr("hits")

"""A throwaway redis-server on a free loopback port, for tests of the Redis cache."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from tests.ports import HOST, listening_port
from tests.stack.harness import wait_for_port


@contextmanager
def redis_server() -> Iterator[tuple[str, subprocess.Popen]]:
    """(its URL, its process), stopped afterwards; skips when redis-server is not installed."""
    binary = shutil.which("redis-server")
    if binary is None:
        pytest.skip("redis-server is not installed (make stack-deps)")
    port = listening_port()
    process = subprocess.Popen(
        [binary, "--bind", HOST, "--port", str(port), "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_for_port(port, process, timeout=30)
        yield f"redis://{HOST}:{port}/0", process
    finally:
        if process.poll() is None:
            process.terminate()
            process.wait(timeout=10)


def redis_caches(url: str, base: dict) -> dict:
    """CACHES with the default (and render) cache in Redis, as production has them."""
    from forgebuilder.settings.base import _REDIS

    redis = {"BACKEND": "forgebuilder.cache.FailOpenRedisCache", "LOCATION": url, **_REDIS}
    return {**base, "default": redis, "renders": {**redis, "KEY_PREFIX": "renders"}}

"""Where a share page's time goes inside the app, run in a stack's environment (its database,
its Redis, the production settings): `bench_stack.py` starts it as

    python bench/_share_parts.py TOKEN SESSION_COOKIE [REQUESTS]

and prints, per request, the wall and CPU time of whole requests through Django's WSGI handler
(every middleware, no HTTP) and of the parts the share view is made of, each run REQUESTS times
after a warm-up: the link's ETag query, the cached page's Redis round trip, loading a session.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from importlib import import_module
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import django

django.setup()

from django.conf import settings  # noqa: E402
from django.core.cache import cache  # noqa: E402
from django.core.handlers.wsgi import WSGIHandler  # noqa: E402
from django.test import RequestFactory  # noqa: E402

from forgebuilder.lists.sharing import share_link_etag  # noqa: E402

HANDLER = WSGIHandler()
FACTORY = RequestFactory(HTTP_HOST="127.0.0.1", HTTP_X_FORWARDED_PROTO="https")


def get(path: str, **headers: str) -> Callable[[], None]:
    """One GET of `path` through every middleware (a fresh request each time)."""

    def run() -> None:
        body = HANDLER(FACTORY.get(path, **headers).environ, lambda status, headers: None)
        b"".join(body)
        body.close()

    return run


def timed(run: Callable[[], None], requests: int) -> tuple[float, float]:
    """Milliseconds of wall and CPU time per call, after a warm-up of 20 calls."""
    for _ in range(20):
        run()
    wall, cpu = time.perf_counter(), time.process_time()
    for _ in range(requests):
        run()
    return (
        (time.perf_counter() - wall) * 1000 / requests,
        (time.process_time() - cpu) * 1000 / requests,
    )


def main() -> None:
    token, session = sys.argv[1], sys.argv[2]
    requests = int(sys.argv[3]) if len(sys.argv) > 3 else 300
    page = f"/s/{token}/"
    base = share_link_etag(token)
    html_key = f'share-html:"{base}--":https://127.0.0.1'
    store = import_module(settings.SESSION_ENGINE).SessionStore
    cookie = f"{settings.SESSION_COOKIE_NAME}={session}"
    parts = {
        "GET /healthz (database SELECT 1 + a Redis round trip)": get("/healthz"),
        "GET share page, anonymous (the page every anonymous reader gets)": get(page),
        "GET share page, anonymous, If-None-Match (304)": get(page, HTTP_IF_NONE_MATCH=f'"{base}--"'),
        "GET share page, with a session cookie": get(page, HTTP_COOKIE=cookie),
        "  the link's ETag (one SQL query)": lambda: share_link_etag(token),
        "  the cached page from Redis (one round trip)": lambda: cache.get(html_key),
        "  loading a session (one SQL query)": lambda: store(session).load(),
    }  # fmt: skip
    size = len(cache.get(html_key) or "")
    print(f"  (the cached page is {size / 1024:.0f} KiB; {requests} calls each)")
    for name, run in parts.items():
        wall, cpu = timed(run, requests)
        print(f"  {name:<68} {wall:6.2f} ms wall  {cpu:6.2f} ms CPU")


if __name__ == "__main__":
    main()

"""Post at once from N clients: the one harness of the concurrency tests (two tabs, two
players). Each post runs in its own thread with its own database connection, all released
together; the test asserts on what each answered (or raised).

These races need PostgreSQL's row locks: SQLite takes one lock for the whole database, so the
race never happens there. `POSTGRES_ONLY` marks a module of them.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest
from django.db import connection
from django.test import Client

POSTGRES_ONLY = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="concurrent clients need PostgreSQL's row locks; SQLite serialises every write",
    ),
]


def at_once(*posts: Callable[[], object]) -> list:
    """Run the posts in threads released together; each thread closes its own connection.

    Returns what each post returned, or the exception it raised, in the order given.
    """
    barrier = threading.Barrier(len(posts))
    results: list = [None] * len(posts)

    def run(i: int) -> None:
        from django.db import connection as own

        try:
            barrier.wait()
            results[i] = posts[i]()
        except Exception as exc:  # the test asserts on what went wrong
            results[i] = exc
        finally:
            own.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(posts))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return results


def client_of(user) -> Client:
    """A browser tab logged in as `user`."""
    client = Client()
    client.force_login(user)
    return client


def said(client: Client, url: str) -> list[str]:
    """The messages the next page `client` opens shows (what its last post was told)."""
    return [str(m) for m in client.get(url).context["messages"]]

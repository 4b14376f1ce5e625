"""The live server's requests: counted, so a test ends only once none is left, and on SQLite
answered one at a time.

On SQLite the live server's threads and the test share one in-memory database connection (an
in-memory database is private to its connection). Two requests at once on that one connection
meet each other's half-read queries: a write on a table another thread is still reading fails
with "database table is locked" (the organiser's "Pair round 2" got a 503 while six phones
polled). A server on a SQLite file would make the second writer wait for the first instead, so
the live server answers one request at a time here, as SQLite itself would. On PostgreSQL each
thread has its own connection and requests run at once, as in production.

A request still being answered when a test ends (a page's poll sent just before its window
closed) would hold its tables while the test's teardown empties them, and the next test would
meet the rows left behind: every test's teardown waits until no request is being answered."""

from __future__ import annotations

import contextlib
import threading

WAIT_SECONDS = 10  # a request longer than this is a failure of its own, reported by its test


class InFlight:
    """The WSGI application, counting its requests from its call until its answer's body is read
    whole (a streamed answer reads the database while it is sent); with `one_at_a_time`, a
    request waits for the one before it to be answered."""

    def __init__(self, application, *, one_at_a_time: bool = False) -> None:
        self._application = application
        self._count = 0
        self._changed = threading.Condition()
        self._turn = threading.Lock() if one_at_a_time else contextlib.nullcontext()

    def __call__(self, environ, start_response):
        self._add(1)
        try:
            with self._turn:
                answer = self._application(environ, start_response)
                try:
                    return _Read(list(answer), answer)
                except BaseException:
                    _close(answer)
                    raise
        finally:
            self._add(-1)

    def _add(self, step: int) -> None:
        with self._changed:
            self._count += step
            self._changed.notify_all()

    def wait_for_none(self, timeout: float = WAIT_SECONDS) -> bool:
        """True once no request is being answered; False if one still is after `timeout` s."""
        with self._changed:
            return self._changed.wait_for(lambda: self._count == 0, timeout)


class _Read(list):
    """An answer's body, read whole, closing the answer when the server closes it."""

    def __init__(self, chunks: list, answer) -> None:
        super().__init__(chunks)
        self._answer = answer

    def close(self) -> None:
        _close(self._answer)


def _close(answer) -> None:
    close = getattr(answer, "close", None)
    if close is not None:
        close()


def counted(live_server) -> InFlight:
    """The live server's application, counted (and one at a time on a shared SQLite connection)
    from its first use on."""
    httpd = live_server.thread.httpd
    if not isinstance(httpd.application, InFlight):
        shared = bool(live_server.thread.connections_override)
        httpd.set_app(InFlight(httpd.application, one_at_a_time=shared))
    return httpd.application

"""The live server's requests in flight, so a test ends only once none is left.

On SQLite the live server and the test share one in-memory database connection. A request still
being answered when the test ends (a page's poll sent just before its window closed) holds its
tables open while the test's teardown empties them, and the teardown fails with "database table
is locked" (the next test then meets the rows left behind). So every request the live server
answers is counted, and a test's teardown waits for the count to reach zero first."""

from __future__ import annotations

import threading

WAIT_SECONDS = 10  # a request longer than this is a failure of its own, reported by its test


class InFlight:
    """Counts the WSGI application's requests from its call to the close of its answer (a
    streamed answer reads the database while it is sent)."""

    def __init__(self, application) -> None:
        self._application = application
        self._count = 0
        self._changed = threading.Condition()

    def __call__(self, environ, start_response):
        self._add(1)
        try:
            answer = self._application(environ, start_response)
        except BaseException:
            self._add(-1)
            raise
        return _Answer(answer, lambda: self._add(-1))

    def _add(self, step: int) -> None:
        with self._changed:
            self._count += step
            self._changed.notify_all()

    def wait_for_none(self, timeout: float = WAIT_SECONDS) -> bool:
        """True once no request is in flight; False if some still is after `timeout` s."""
        with self._changed:
            return self._changed.wait_for(lambda: self._count == 0, timeout)


class _Answer:
    """A WSGI answer that calls `done` once when the server closes it."""

    def __init__(self, answer, done) -> None:
        self._answer = answer
        self._done = done

    def __iter__(self):
        return iter(self._answer)

    def close(self) -> None:
        try:
            close = getattr(self._answer, "close", None)
            if close is not None:
                close()
        finally:
            done, self._done = self._done, None
            if done is not None:
                done()


def counted(live_server) -> InFlight:
    """The live server's counter, put in front of its application on first use."""
    httpd = live_server.thread.httpd
    if not isinstance(httpd.application, InFlight):
        httpd.set_app(InFlight(httpd.application))
    return httpd.application

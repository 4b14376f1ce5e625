"""A failed browser test's report names what the other threads of the test process (the live
server's) were doing at the failure (tests/browser/threads.py)."""

from __future__ import annotations

import threading

from tests.browser.threads import other_threads


def test_a_waiting_thread_is_shown_by_name_where_it_waits():
    release, started = threading.Event(), threading.Event()

    def request_waiting_on_a_lock() -> None:
        started.set()
        release.wait(10)

    thread = threading.Thread(target=request_waiting_on_a_lock, name="request-1")
    thread.start()
    started.wait(10)
    try:
        shown = other_threads()
    finally:
        release.set()
        thread.join()

    assert "--- thread request-1" in shown
    assert "in request_waiting_on_a_lock" in shown
    assert "test_a_waiting_thread_is_shown" not in shown  # not the thread asking

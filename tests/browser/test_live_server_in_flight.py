"""The count of the live server's requests in flight that every browser test's teardown waits on
(tests/browser/server.py): a request counts from its call until its answer is closed."""

from __future__ import annotations

import threading

import pytest

from .server import InFlight


def _streaming_app(release: threading.Event):
    def application(environ, start_response):
        start_response("200 OK", [("Content-Type", "text/plain")])

        def body():
            yield b"first part"
            release.wait(5)
            yield b"last part"

        return body()

    return application


def test_a_request_counts_until_its_streamed_answer_is_closed():
    release = threading.Event()
    requests = InFlight(_streaming_app(release))
    answer = requests({}, lambda status, headers: None)
    sent = []
    server = threading.Thread(target=lambda: (sent.extend(answer), answer.close()))
    server.start()
    assert not requests.wait_for_none(timeout=0.2), "a request half sent was counted as done"
    release.set()
    assert requests.wait_for_none(timeout=5)
    server.join()
    assert sent == [b"first part", b"last part"]


def test_a_request_that_fails_or_is_closed_twice_counts_once():
    def failing(environ, start_response):
        raise RuntimeError("the view failed")

    requests = InFlight(failing)
    with pytest.raises(RuntimeError):
        requests({}, None)
    assert requests.wait_for_none(timeout=0)

    requests = InFlight(lambda environ, start_response: [b"answer"])
    first, second = requests({}, None), requests({}, None)
    first.close()
    first.close()  # a server that closes twice does not end the other request
    assert not requests.wait_for_none(timeout=0)
    second.close()
    assert requests.wait_for_none(timeout=0)

"""The live server's requests as every browser test sees them (tests/browser/server.py): each
counts until its answer is read whole, and on a shared SQLite connection they take turns."""

from __future__ import annotations

import threading

import pytest

from .server import InFlight


def _streaming_app(release: threading.Event, read: list):
    def application(environ, start_response):
        start_response("200 OK", [("Content-Type", "text/plain")])

        def body():
            read.append(environ["n"])
            yield b"first part"
            release.wait(5)
            yield b"last part"

        return body()

    return application


def _answer_in_a_thread(requests, n: int, answers: dict) -> threading.Thread:
    thread = threading.Thread(target=lambda: answers.update({n: requests({"n": n}, print)}))
    thread.start()
    return thread


def test_a_request_counts_until_its_streamed_answer_is_read_whole():
    release, read, answers = threading.Event(), [], {}
    requests = InFlight(_streaming_app(release, read))
    server = _answer_in_a_thread(requests, 1, answers)
    assert not requests.wait_for_none(timeout=0.2), "a request half read was counted as done"
    release.set()
    assert requests.wait_for_none(timeout=5)
    server.join()
    assert list(answers[1]) == [b"first part", b"last part"]


@pytest.mark.parametrize("one_at_a_time", [True, False])
def test_on_a_shared_connection_a_request_waits_for_the_one_before(one_at_a_time):
    release, read, answers = threading.Event(), [], {}
    requests = InFlight(_streaming_app(release, read), one_at_a_time=one_at_a_time)
    first = _answer_in_a_thread(requests, 1, answers)
    second = _answer_in_a_thread(requests, 2, answers)
    second.join(timeout=0.3)
    assert read == ([1] if one_at_a_time else [1, 2])
    release.set()
    first.join()
    second.join()
    assert read == [1, 2] and requests.wait_for_none(timeout=0)


def test_a_request_that_fails_counts_no_more_and_lets_the_next_in():
    def failing(environ, start_response):
        raise RuntimeError("the view failed")

    requests = InFlight(failing, one_at_a_time=True)
    for _ in range(2):
        with pytest.raises(RuntimeError):
            requests({}, None)
    assert requests.wait_for_none(timeout=0)


def test_closing_the_answer_closes_the_applications():
    closed = []

    class Answer(list):
        def close(self):
            closed.append(True)

    requests = InFlight(lambda environ, start_response: Answer([b"answer"]))
    answer = requests({}, None)
    assert list(answer) == [b"answer"] and not closed
    answer.close()
    assert closed == [True]

"""Slow clients, as an attacker or a bad mobile link makes them: they hold connections open.

Three kinds, in equal numbers: one sends its request headers a line at a time, one sends a
POST body a few bytes at a time, one sends a whole request for a page and never reads the
answer. Each keeps going until told to stop (or a bounded time passes) and never raises.
"""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections.abc import Iterator

from .harness import HOST

TRICKLE_SECONDS = 0.5
MAX_SECONDS = 60.0  # a bound whatever happens


def _slow_headers(sock: socket.socket, stop: threading.Event, path: str) -> None:
    sock.sendall(f"GET {path} HTTP/1.1\r\nHost: {HOST}\r\n".encode())
    n = 0
    while not stop.wait(TRICKLE_SECONDS):
        n += 1
        sock.sendall(f"X-Slow-{n}: still here\r\n".encode())


def _slow_body(sock: socket.socket, stop: threading.Event, path: str) -> None:
    sock.sendall(
        f"POST /api/validate HTTP/1.1\r\nHost: {HOST}\r\nContent-Type: application/json\r\n"
        "Content-Length: 100000\r\n\r\n{".encode()
    )
    while not stop.wait(TRICKLE_SECONDS):
        sock.sendall(b"          ")


def _never_reads(sock: socket.socket, stop: threading.Event, path: str) -> None:
    sock.sendall(f"GET {path} HTTP/1.1\r\nHost: {HOST}\r\n\r\n".encode())
    stop.wait(MAX_SECONDS)


KINDS = (_slow_headers, _slow_body, _never_reads)


def _hold(port: int, kind, stop: threading.Event, opened: threading.Semaphore, path: str) -> None:
    try:
        with socket.create_connection((HOST, port), timeout=5) as sock:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            opened.release()
            kind(sock, stop, path)
    except OSError:
        opened.release()  # the server hung up on us: that is its right


@contextlib.contextmanager
def slow_clients(port: int, count: int, *, page: str = "/") -> Iterator[None]:
    """Hold `count` slow connections to `port` open for the duration of the block."""
    stop = threading.Event()
    opened = threading.Semaphore(0)
    threads = [
        threading.Thread(
            target=_hold, args=(port, KINDS[i % len(KINDS)], stop, opened, page), daemon=True
        )
        for i in range(count)
    ]
    for thread in threads:
        thread.start()
    deadline = time.monotonic() + 10
    for _ in threads:  # every connection is open (or refused) before the block runs
        opened.acquire(timeout=max(0.0, deadline - time.monotonic()))
    time.sleep(TRICKLE_SECONDS)  # and has sent its first bytes
    try:
        yield
    finally:
        stop.set()
        for thread in threads:
            thread.join(timeout=10)

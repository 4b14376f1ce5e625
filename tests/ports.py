"""Ports for the servers the tests start themselves (nginx, gunicorn, Redis, runserver).

The usual trick, binding to port 0 and closing the socket, gives a port that is free only until
the kernel hands it to someone else. It hands ports from one range (ip_local_port_range) to
every socket bound to port 0 and to every outgoing connection, and a run makes thousands: the
browser tests' live servers, the stack tests' clients, the other worker's servers. A server that
takes seconds to start (nginx after `manage.py nginx_config`, gunicorn) could find its port
taken, and a CI run failed that way. So the servers listen below that range, where the kernel
never hands a port out on its own: each worker of a run draws from its own share of it, never
gives the same port twice, and checks that nothing holds a port before handing it out.
"""

from __future__ import annotations

import os
import secrets
import socket
from pathlib import Path

HOST = "127.0.0.1"
LOWEST = 10_000  # below this: ports other software on a developer's machine is often set to use
_RANGE_FILE = Path("/proc/sys/net/ipv4/ip_local_port_range")


def kernel_range() -> tuple[int, int]:
    """The ports the kernel hands out on its own (Linux's default where it cannot be read)."""
    try:
        low, high = (int(word) for word in _RANGE_FILE.read_text().split())
    except (OSError, ValueError):
        return 32768, 60999
    return low, high


def worker_share(low: int, high: int, worker: str, workers: int) -> range:
    """The share of the ports low..high-1 that the xdist worker `worker` ("gw1") draws from."""
    index = int(worker[2:]) if worker.startswith("gw") and worker[2:].isdigit() else 0
    workers = max(workers, index + 1)
    size = (high - low) // workers
    return range(low + index * size, low + (index + 1) * size)


def _own_share() -> range:
    low, high = kernel_range()
    pool = (LOWEST, low) if low - LOWEST >= 1000 else (high + 1, 65536)
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1") or 1)
    return worker_share(*pool, worker, workers)


_SHARE = _own_share()
# Where this process starts drawing: random, so two runs on one machine seldom meet.
_next = secrets.randbelow(len(_SHARE))


def listening_port() -> int:
    """A port on 127.0.0.1 for a server this test is about to start."""
    global _next
    for _ in range(len(_SHARE)):
        port = _SHARE[_next % len(_SHARE)]
        _next += 1
        if is_free(port):
            return port
    raise RuntimeError(f"no free port in {_SHARE.start}-{_SHARE.stop - 1}")


def is_free(port: int) -> bool:
    with socket.socket() as sock:
        try:
            sock.bind((HOST, port))
        except OSError:
            return False
    return True

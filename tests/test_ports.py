"""The ports the tests' own servers listen on (tests/ports.py)."""

from __future__ import annotations

import socket

from tests import ports


def test_servers_listen_outside_the_range_the_kernel_hands_out_on_its_own():
    low, high = ports.kernel_range()
    handed = [ports.listening_port() for _ in range(50)]

    assert not [port for port in handed if low <= port <= high]
    assert len(set(handed)) == 50  # never the same port twice


def test_a_port_something_holds_is_never_handed_out(monkeypatch):
    free = ports.listening_port()
    share = range(free, free + 1)  # a share of one port, free now
    monkeypatch.setattr(ports, "_SHARE", share)
    assert ports.listening_port() == share.start

    with socket.socket() as holder:
        holder.bind((ports.HOST, share.start))
        try:
            ports.listening_port()
        except RuntimeError as refused:
            assert f"no free port in {share.start}-{share.start}" in str(refused)
        else:
            raise AssertionError("a held port was handed out")


def test_each_worker_of_a_run_draws_from_its_own_share():
    shares = [ports.worker_share(10_000, 32_768, f"gw{i}", 2) for i in range(2)]

    assert shares[0].stop <= shares[1].start
    assert shares[0].start == 10_000 and shares[1].stop <= 32_768
    assert len(shares[0]) == len(shares[1]) > 10_000
    # A run without workers (or a worker it was not told the count of) still gets ports.
    assert ports.worker_share(10_000, 32_768, "", 1) == range(10_000, 32_768)
    assert len(ports.worker_share(10_000, 32_768, "gw3", 2)) > 0

"""Slow clients cannot stall the site behind nginx (and do stall gunicorn alone: the control)."""

from __future__ import annotations

import socket

import pytest

from .harness import Browser
from .slow_clients import slow_clients

SLOW = 50
# What "answered" means here: generous for a loaded machine, yet far from a stalled worker (the
# slow clients hold gunicorn alone for as long as they last).
ANSWER_WITHIN = 30.0


def test_with_50_slow_clients_behind_nginx_normal_requests_are_answered(stack_without_redis):
    stack = stack_without_redis
    _, app = stack.start_app(workers=2)
    _, nginx = stack.start_nginx([app])
    player = Browser(nginx)
    public_id = player.new_list("Held Open")
    player.add_unit(public_id)
    token = player.share(public_id)

    with slow_clients(nginx, SLOW, page=f"/s/{token}/"):
        answers = [
            Browser(nginx).get(path, timeout=ANSWER_WITHIN)
            for path in [f"/s/{token}/", "/healthz", "/", f"/s/{token}/"] * 3
        ]
        edit = player.add_unit(public_id, timeout=ANSWER_WITHIN)

    assert [a.status for a in answers] == [200] * 12
    assert "Held Open" in answers[0].text
    assert edit.status == 200
    assert len(player.document(public_id)["units"]) == 2


def test_without_nginx_the_same_slow_clients_stall_gunicorn(stack_without_redis):
    """The control: the slow clients above are real; sync workers alone wait on them."""
    stack = stack_without_redis
    _, app = stack.start_app(workers=2)
    assert Browser(app).get("/healthz").status == 200

    with slow_clients(app, SLOW), pytest.raises((TimeoutError, socket.timeout)):
        Browser(app).get("/healthz", timeout=3)

"""The stack harness itself: a server that stops before it listens says why."""

from __future__ import annotations

import sys

import pytest

from tests.ports import listening_port

from .harness import Stack


def test_a_server_that_exits_before_listening_is_reported_with_its_log(tmp_path):
    stack = Stack(root=tmp_path, template=tmp_path)
    says = "import sys; print('bind() failed (98: Address already in use)'); sys.exit(1)"

    with pytest.raises(RuntimeError) as failed:
        stack._start([sys.executable, "-c", says], listening_port(), "server")

    assert "exited (1) before listening" in str(failed.value)
    assert "Address already in use" in str(failed.value)  # what the server said, for the reader
    stack.close()

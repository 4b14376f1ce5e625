"""The stack harness itself: a server that stops before it listens says why; the stack's one
Django process runs commands one after another and reports a failure with its traceback."""

from __future__ import annotations

import os
import sys

import pytest

from tests.conftest import REPO
from tests.ports import listening_port

from .console import Console
from .harness import Stack


def test_a_server_that_exits_before_listening_is_reported_with_its_log(tmp_path):
    stack = Stack(root=tmp_path, template=tmp_path)
    says = "import sys; print('bind() failed (98: Address already in use)'); sys.exit(1)"

    with pytest.raises(RuntimeError) as failed:
        stack._start([sys.executable, "-c", says], listening_port(), "server")

    assert "exited (1) before listening" in str(failed.value)
    assert "Address already in use" in str(failed.value)  # what the server said, for the reader
    stack.close()


def test_the_stacks_django_process_runs_commands_one_after_another_and_says_what_failed(
    tmp_path,
):
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "forgebuilder.settings.test"}
    console = Console(cwd=REPO, env=env, log=tmp_path / "console.log")
    try:
        first = console.run("shell", "-c", "import os; print(os.getpid())")
        config = console.run("nginx_config", "--app", "127.0.0.1:8001")
        second = console.run("shell", "-c", "import os; print(os.getpid())")
        with pytest.raises(RuntimeError) as failed:
            console.run("shell", "-c", "raise ValueError('no such list')")
        after = console.run("shell", "-c", "print('still here')")
    finally:
        console.close()

    assert first.stdout == second.stdout == f"{console.process.pid}\n"  # one process
    assert "server 127.0.0.1:8001" in config.stdout  # what the command printed
    assert "ValueError: no such list" in str(failed.value)  # with its traceback
    assert after.stdout == "still here\n"
    assert console.process.returncode == 0  # it ends when its input does


def test_a_django_process_that_cannot_start_says_why(tmp_path):
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "forgebuilder.settings.no_such_settings"}
    console = Console(cwd=REPO, env=env, log=tmp_path / "console.log")
    try:
        with pytest.raises(RuntimeError) as failed:
            console.run("check")
    finally:
        console.close()

    assert "exited (1)" in str(failed.value)
    assert "No module named 'forgebuilder.settings.no_such_settings'" in str(failed.value)

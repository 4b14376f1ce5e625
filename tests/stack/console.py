"""One Django process per stack that runs the stack tests' `manage.py` commands, on the stack's
settings and database, as a fresh `manage.py` process would.

The stack tests ran about twenty `manage.py` processes a run (users made, clocks moved, the
nginx configuration printed, the PDF worker run), each starting Django anew: about a second of
CPU each before doing anything. Here Django starts once per stack; each command then runs in it
with its output captured, its database connections closed afterwards (gunicorn's instances write
to the same database between commands), and its failure reported with its traceback.
"""

from __future__ import annotations

import json
import select
import subprocess
import sys
import time
from pathlib import Path


def log_tail(path: Path, size: int = 2000) -> str:
    """The end of a server's or process's log, for a failure's message."""
    return path.read_text(errors="replace")[-size:]


# Runs in the console process: one JSON request a line on stdin, one JSON answer a line on stdout.
_SERVE = r"""
import contextlib, io, json, sys, traceback
import django
django.setup()
from django.core.management import call_command
from django.db import connections

answers = sys.stdout
for line in sys.stdin:
    args = json.loads(line)
    output, ok = io.StringIO(), True
    try:
        with contextlib.redirect_stdout(output), contextlib.redirect_stderr(output):
            if args[:2] == ["shell", "-c"]:
                exec(args[2], {"__name__": "__main__"})
            else:
                call_command(*args, stdout=output, stderr=output)
    except BaseException:
        ok = False
        output.write(traceback.format_exc())
    finally:
        connections.close_all()
    answers.write(json.dumps({"ok": ok, "output": output.getvalue()}) + "\n")
    answers.flush()
"""


class Console:
    """The Django process of one stack; `run(*args)` is `manage.py *args` with check=True."""

    def __init__(self, *, cwd: Path, env: dict[str, str], log: Path) -> None:
        """Start Django in `cwd` with `env`; what it prints outside a command goes to `log`."""
        self.log_path = log
        self.log = open(log, "ab")  # noqa: SIM115 (closed with the console)
        self.process = subprocess.Popen(
            [sys.executable, "-c", _SERVE], cwd=cwd, env=env, stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, stderr=self.log, text=True, start_new_session=True,
        )  # fmt: skip

    def run(self, *args: str, timeout: float = 120) -> subprocess.CompletedProcess:
        assert self.process.stdin and self.process.stdout
        try:
            self.process.stdin.write(json.dumps(list(args)) + "\n")
            self.process.stdin.flush()
        except BrokenPipeError:
            pass  # it ended already: its output is empty, and says why below
        deadline = time.monotonic() + timeout
        while not select.select([self.process.stdout], [], [], 0.5)[0]:
            if time.monotonic() > deadline:
                self.close()
                raise subprocess.TimeoutExpired(["manage.py", *args], timeout)
        line = self.process.stdout.readline()
        if not line:  # the process ended instead of answering
            code = self.process.wait(timeout=30)
            said = log_tail(self.log_path)
            raise RuntimeError(f"the stack's Django process exited ({code}); it said:\n{said}")
        answer = json.loads(line)
        if not answer["ok"]:
            raise RuntimeError(f"manage.py {' '.join(args)[:200]} failed:\n{answer['output']}")
        return subprocess.CompletedProcess(["manage.py", *args], 0, answer["output"], "")

    def close(self) -> None:
        if self.process.poll() is None:
            assert self.process.stdin
            self.process.stdin.close()  # the loop ends, and the process with it
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()

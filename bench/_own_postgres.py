"""A PostgreSQL server of the benchmark's own, to restart mid-round without touching anyone
else's: a cluster made with initdb in a temporary folder, listening on a loopback port of its
own (fsync off: its data is thrown away with it). As root, it runs as the `postgres` account
(PostgreSQL refuses to run as root)."""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

from tests.ports import HOST, listening_port

BIN = Path("/usr/lib/postgresql/15/bin")
ROLE = "forgebuilder"


def available() -> bool:
    return (BIN / "initdb").exists() and (BIN / "pg_ctl").exists()


class OwnPostgres:
    def __init__(self) -> None:
        self.root = Path(tempfile.mkdtemp(prefix="fb-bench-pg-"))
        self.data = self.root / "data"
        self.port = listening_port()
        if os.geteuid() == 0:
            shutil.chown(self.root, "postgres", "postgres")

    @property
    def url(self) -> str:
        return f"postgres://{ROLE}@{HOST}:{self.port}/postgres"

    def _run(self, *args: str, timeout: float = 120) -> None:
        prefix = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
        subprocess.run(
            [*prefix, *args], check=True, capture_output=True, stdin=subprocess.DEVNULL,
            timeout=timeout, cwd=self.root,
        )  # fmt: skip

    def start(self) -> OwnPostgres:
        self._run(
            str(BIN / "initdb"), "-D", str(self.data), "-U", ROLE, "--auth=trust",
            "--no-sync", "-E", "UTF8",
        )  # fmt: skip
        settings = (
            f"listen_addresses = '{HOST}'\nport = {self.port}\n"
            f"unix_socket_directories = '{self.root}'\nfsync = off\n"
            "synchronous_commit = off\nfull_page_writes = off\nmax_connections = 200\n"
        )
        with open(self.data / "postgresql.conf", "a", encoding="utf-8") as conf:
            conf.write(settings)
        self._run(str(BIN / "pg_ctl"), "-D", str(self.data), "-l", str(self.root / "log"),
                  "-w", "start")  # fmt: skip
        return self

    def restart(self) -> float:
        """`pg_ctl restart -m fast` (every connection cut, as an upgrade or a failover does);
        returns the seconds until it accepts connections again."""
        started = time.perf_counter()
        self._run(str(BIN / "pg_ctl"), "-D", str(self.data), "-l", str(self.root / "log"),
                  "-m", "fast", "-w", "restart")  # fmt: skip
        return time.perf_counter() - started

    def stop(self) -> None:
        with contextlib.suppress(subprocess.CalledProcessError, subprocess.TimeoutExpired):
            self._run(str(BIN / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop")
        shutil.rmtree(self.root, ignore_errors=True)

"""HTTP load for the benchmarks: wrk (Debian's package) when installed, else Python threads.

`load(port, path, result, connections=, seconds=)` fills a `Result` with requests per second,
latency percentiles, the status codes and the `X-Cache-Status` values of the answers. Both
clients keep their connections alive; `tls` speaks HTTPS (to a self-signed certificate).
"""

from __future__ import annotations

import http.client
import os
import re
import shutil
import ssl
import subprocess
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import _support as support

# wrk's summary: errors (a status of 400 or more counts as one), latency percentiles, totals.
WRK_DONE = """\
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("ERRORS connect=%d read=%d write=%d timeout=%d status=%d\\n",
    e.connect, e.read, e.write, e.timeout, e.status))
  for _, p in ipairs({50, 90, 99}) do
    io.write(string.format("PCT %d %.1f\\n", p, latency:percentile(p)))
  end
  io.write(string.format("TOTAL %d %.6f\\n", summary.requests, summary.duration / 1e6))
end
"""
# Counting every answer's status code and X-Cache-Status: wrk then hands each answer, body and
# all, to Lua, which costs the client more than a cached answer costs nginx.
WRK_COUNT = """\
local threads = {}
function setup(thread) table.insert(threads, thread) end
function init(args) statuses = {}; caches = {} end
function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
  local c = headers["X-Cache-Status"]
  if c then caches[c] = (caches[c] or 0) + 1 end
end
function sums(name)
  local total = {}
  for _, t in ipairs(threads) do
    for k, n in pairs(t:get(name)) do total[k] = (total[k] or 0) + n end
  end
  return total
end
local summary = done
function done(summary_, latency, requests)
  for code, n in pairs(sums("statuses")) do io.write(string.format("STATUS %d %d\\n", code, n)) end
  for c, n in pairs(sums("caches")) do io.write(string.format("CACHE %s %d\\n", c, n)) end
  summary(summary_, latency, requests)
end
"""


@dataclass
class Result:
    name: str
    expected: int
    requests: int = 0
    seconds: float = 0.0
    statuses: dict[int, int] = field(default_factory=dict)
    caches: dict[str, int] = field(default_factory=dict)  # X-Cache-Status values
    errors: str = ""
    pct_ms: dict[int, float] = field(default_factory=dict)
    server_cpu_s: float | None = None  # CPU time the server processes spent on the load
    app_ms: float | None = None  # gunicorn workers' CPU per request, where measured apart
    nginx_ms: float | None = None  # nginx workers' CPU per request

    @property
    def cpu_ms(self) -> float | None:
        """Server CPU milliseconds per request (immune to other load on the machine)."""
        if self.server_cpu_s is None or not self.requests:
            return None
        return self.server_cpu_s * 1000 / self.requests

    @property
    def rps(self) -> float:
        return self.requests / self.seconds if self.seconds else 0.0

    @property
    def ok(self) -> bool:
        """Answers came, without errors, each with the expected status (where counted)."""
        counted = set(self.statuses) in ({self.expected}, set())
        return bool(self.requests) and counted and not self.errors


def wrk_binary() -> str | None:
    return shutil.which("wrk")


def load(
    port: int, path: str, result: Result, *, connections: int, seconds: float,
    headers: dict[str, str] | None = None, tls: bool = False, client: str | None = None,
    count: bool = True,
) -> Result:  # fmt: skip
    """Load `path` for `seconds` with `connections` connections; `client` "wrk" or "python"
    (default: wrk when installed). Without `count` wrk counts no status codes (only those of
    400 or more, as errors) and no X-Cache-Status: cheaper for the client."""
    wrk = wrk_binary() if client != "python" else None
    if wrk:
        script = WRK_DONE + (WRK_COUNT if count else "")
        _load_wrk(wrk, script, port, path, headers or {}, result, connections, seconds, tls)
    else:
        _load_python(port, path, headers or {}, result, connections, seconds, tls)
    return result


def client_name(connections: int, client: str | None = None) -> str:
    if wrk_binary() and client != "python":
        return f"wrk ({min(connections, os.cpu_count() or 1)} threads)"
    return "Python threads with http.client"


def _load_wrk(wrk, script, port, path, headers, result, connections, seconds, tls) -> None:
    with tempfile.TemporaryDirectory(prefix="fb-wrk-") as tmp:
        (Path(tmp) / "report.lua").write_text(script)
        command = [wrk, f"-t{min(connections, os.cpu_count() or 1)}", f"-c{connections}",
                   f"-d{max(1, round(seconds))}s", "--timeout", "10s",
                   "-s", str(Path(tmp) / "report.lua")]  # fmt: skip
        for key, value in headers.items():
            command += ["-H", f"{key}: {value}"]
        command.append(f"{'https' if tls else 'http'}://127.0.0.1:{port}{path}")
        out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    for code, n in re.findall(r"^STATUS (\d+) (\d+)$", out, re.M):
        result.statuses[int(code)] = int(n)
    for value, n in re.findall(r"^CACHE (\S+) (\d+)$", out, re.M):
        result.caches[value] = int(n)
    for p, ms in re.findall(r"^PCT (\d+) ([\d.]+)$", out, re.M):
        result.pct_ms[int(p)] = float(ms) / 1000  # wrk gives microseconds
    total = re.search(r"^TOTAL (\d+) ([\d.]+)$", out, re.M)
    result.requests, result.seconds = int(total[1]), float(total[2])
    errors = re.search(r"^ERRORS (.*)$", out, re.M)[1]
    if any(int(n) for n in re.findall(r"=(\d+)", errors)):
        result.errors = errors


def _connection(port: int, tls: bool) -> http.client.HTTPConnection:
    if tls:
        unverified = ssl._create_unverified_context()  # the stack's throwaway certificate
        return http.client.HTTPSConnection("127.0.0.1", port, timeout=10, context=unverified)
    return http.client.HTTPConnection("127.0.0.1", port, timeout=10)


def _load_python(port, path, headers, result, connections, seconds, tls) -> None:
    """Threads of keep-alive http.client connections (reconnecting when the server closes)."""
    lock = threading.Lock()
    latencies: list[float] = []
    errors = [0]
    deadline = time.perf_counter() + seconds

    def worker() -> None:
        mine, statuses, caches, failed, conn = [], {}, {}, 0, None
        while time.perf_counter() < deadline:
            conn = conn or _connection(port, tls)
            start = time.perf_counter()
            try:
                conn.request("GET", path, headers=headers)
                response = conn.getresponse()
                response.read()
            except (OSError, http.client.HTTPException):
                failed += 1
                conn.close()
                conn = None
                continue
            mine.append((time.perf_counter() - start) * 1000)
            statuses[response.status] = statuses.get(response.status, 0) + 1
            if cached := response.getheader("X-Cache-Status"):
                caches[cached] = caches.get(cached, 0) + 1
            if response.will_close:
                conn.close()
                conn = None
        if conn is not None:
            conn.close()
        with lock:
            latencies.extend(mine)
            errors[0] += failed
            for code, n in statuses.items():
                result.statuses[code] = result.statuses.get(code, 0) + n
            for value, n in caches.items():
                result.caches[value] = result.caches.get(value, 0) + n

    started = time.perf_counter()
    threads = [threading.Thread(target=worker, daemon=True) for _ in range(connections)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    result.seconds = time.perf_counter() - started
    result.requests = len(latencies)
    result.pct_ms = {p: support.percentile(latencies, p) for p in (50, 90, 99)}
    if errors[0]:
        result.errors = f"{errors[0]} failed requests"


def children_cpu(pids: list[int]) -> float | None:
    """CPU seconds (user + system) the child processes of `pids` used so far (Linux): the
    workers of gunicorn's and nginx's masters."""
    tick = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
    total, found = 0, False
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) in pids:  # ppid
            total += int(fields[11]) + int(fields[12])  # utime, stime
            found = True
    return total / tick if found else None

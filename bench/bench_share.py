"""Requests per second of a share page (/s/<token>/) of a 30-unit list under concurrent load.

    .venv/bin/python bench/bench_share.py [--seconds 10] [--connections 16] [--client wrk|python]
                                          [--strict]

Serves the app with gunicorn (2 sync workers, loopback) and production settings on a temporary
SQLite file holding one 30-unit list (five force organizations, two of them allied contingents,
options taken, model counts changed) with a live share link. Then loads, for --seconds each:

- the share page itself (200),
- the conditional request a browser sends again (If-None-Match with the page's ETag: 304),
- the baseline: GET /healthz (200), a trivial view through the same server.

Printed: requests/s and latency percentiles of each, with the answers' status codes checked.
The load comes from wrk (Debian package `wrk`) when it is installed, otherwise from a Python
thread pool of http.client connections; the output says which.

Target (issue): at least 300 requests/s for the share page. --strict exits 1 when missed.

Production settings need their static files' manifest (CompressedManifestStaticFilesStorage),
and STATIC_ROOT cannot be set from the environment: the benchmark runs collectstatic into a
temporary folder through a two-line settings module that imports forgebuilder.settings.production
and changes STATIC_ROOT only. Everything else comes from the environment, as in production.
"""

from __future__ import annotations

import argparse
import http.client
import io
import os
import secrets
import signal
import subprocess
import sys
import time
from pathlib import Path

import _support as support
from _load import Result, children_cpu, client_name, load, wrk_binary

from tests.ports import listening_port

TARGET_RPS = 300.0
UNITS = 30
WORKERS = 2

SETTINGS_MODULE = "fb_bench_settings"
SETTINGS_TEXT = """\
from forgebuilder.settings.production import *  # noqa: F403

STATIC_ROOT = {static_root!r}  # not settable from the environment
"""

# --------------------------------------------------------------------------- preparing


def prepare(tmp: Path) -> tuple[dict[str, str], str, str]:
    """Migrate a temp DB, make the shared list, collect static files; return the server's
    environment, the share token and the list's name."""
    static_root = tmp / "static"
    (tmp / f"{SETTINGS_MODULE}.py").write_text(SETTINGS_TEXT.format(static_root=str(static_root)))
    env = {
        "DJANGO_SETTINGS_MODULE": SETTINGS_MODULE,
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": "127.0.0.1",
        "SECURE_SSL_REDIRECT": "false",
        "DATABASE_URL": support.sqlite_url(tmp / "share.sqlite3"),
        "RENDER_CACHE_DIR": str(tmp / "render-cache"),
        "LOG_LEVEL": "WARNING",
        "PYTHONPATH": os.pathsep.join(
            [str(tmp), str(support.REPO), *filter(None, [os.environ.get("PYTHONPATH")])]
        ),
    }
    sys.path.insert(0, str(tmp))
    support.django_on_temp_db(SETTINGS_MODULE, tmp / "share.sqlite3", **env)

    from django.core.management import call_command
    from django.db import connections

    from forgebuilder.lists.models import ShareLink
    from forgebuilder.lists.ownership import Owner
    from forgebuilder.lists.services import army_list_create
    from forgebuilder.lists.sharing import share_link_create

    call_command("collectstatic", interactive=False, verbosity=0, stdout=io.StringIO())
    catalog = support.module_catalog()
    document = support.new_list_document(catalog, units=UNITS, name="Share bench host")
    army_list = army_list_create(
        owner=Owner(None, secrets.token_urlsafe(24)), catalog=catalog, document=document
    )
    link = share_link_create(army_list=army_list, kind=ShareLink.LIVE)
    forces = {f.organization for f in document.forces}
    allies = {f.faction for f in document.forces} - {document.faction}
    print(
        f"List: {army_list.unit_count} units, {len(document.forces)} force organizations "
        f"({', '.join(sorted(forces))}; allies {', '.join(sorted(allies))}), "
        f"{sum(len(u.options) for u in document.units)} options taken, "
        f"{army_list.points} pts, legal={army_list.legal}"
    )
    connections.close_all()
    return env, link.token, document.name


# --------------------------------------------------------------------------- the server


class Server:
    """gunicorn with WORKERS sync workers on 127.0.0.1:port; stopped by stop() (SIGTERM)."""

    def __init__(self, env: dict[str, str], port: int, log: Path, app: str) -> None:
        self.port = port
        self.log_path = log
        self.log = log.open("wb")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", app,
             "-w", str(WORKERS), "-b", f"127.0.0.1:{port}", "--log-level", "warning"],
            cwd=support.REPO, env={**os.environ, **env},
            stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True,
        )  # fmt: skip

    def wait_ready(self, timeout: float = 60.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(
                    f"gunicorn exited with {self.process.returncode}:\n{self.tail()}"
                )
            try:
                status, _, _ = fetch(self.port, "/healthz")
            except OSError:
                time.sleep(0.2)
                continue
            if status == 200:
                return
            raise RuntimeError(f"/healthz answered {status}:\n{self.tail()}")
        raise RuntimeError(f"gunicorn did not answer within {timeout:.0f} s:\n{self.tail()}")

    def workers_cpu(self) -> float | None:
        """CPU seconds (user + system) the master's worker processes used so far (Linux)."""
        return children_cpu([self.process.pid])

    def tail(self) -> str:
        self.log.flush()
        return self.log_path.read_text(errors="replace")[-3000:]

    def stop(self) -> None:
        """SIGTERM to the gunicorn master (a graceful stop); SIGKILL to its group if it hangs."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=35)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)  # the group gunicorn leads
                self.process.wait(timeout=10)
        self.log.close()


def fetch(port: int, path: str, headers: dict[str, str] | None = None):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.request("GET", path, headers=headers or {})
        response = conn.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        conn.close()


def check_answers(port: int, token: str, name: str) -> str:
    """Check the three answers once; return the share page's ETag."""
    status, headers, page = fetch(port, f"/s/{token}/")
    if status != 200:
        raise RuntimeError(f"the share page answered {status}: {page[:500]!r}")
    if name.encode() not in page:
        raise RuntimeError("the share page does not show the list's name")
    etag = headers.get("ETag", "")
    if not etag:
        raise RuntimeError("the share page has no ETag")
    status, _, body = fetch(port, f"/s/{token}/", {"If-None-Match": etag})
    if status != 304 or body:
        raise RuntimeError(f"If-None-Match answered {status} with {len(body)} bytes, not 304")
    print(f"Share page: 200, {len(page)} bytes, ETag {etag}; with If-None-Match: 304")
    return etag


# --------------------------------------------------------------------------- main


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=int, default=10, help="load time of each target")
    parser.add_argument("--connections", type=int, default=16, help="concurrent connections")
    parser.add_argument("--client", choices=["wrk", "python"], help="default: wrk if installed")
    parser.add_argument("--strict", action="store_true", help="exit 1 when the target is missed")
    parser.add_argument(
        "--wsgi", default="forgebuilder.wsgi", help="the app gunicorn serves (to try out a change)"
    )
    args = parser.parse_args()
    if args.client == "wrk" and wrk_binary() is None:
        parser.error("wrk is not installed (apt-get install wrk)")

    # Stop cleanly on SIGTERM/SIGHUP too: turn them into an exception the finally below sees.
    def interrupted(signum, frame):
        raise KeyboardInterrupt(signal.Signals(signum).name)

    signal.signal(signal.SIGTERM, interrupted)
    signal.signal(signal.SIGHUP, interrupted)

    with support.temp_dir("fb-bench-share-") as tmp:
        port = listening_port()  # tests/ports.py: no other process is handed it meanwhile
        env, token, name = prepare(tmp)
        server = Server(env, port, tmp / "gunicorn.log", args.wsgi)
        try:
            server.wait_ready()
            etag = check_answers(port, token, name)
            targets = [
                (Result("share page", 200), f"/s/{token}/", {}),
                (Result("share page, If-None-Match", 304), f"/s/{token}/", {"If-None-Match": etag}),
                (Result("baseline GET /healthz", 200), "/healthz", {}),
            ]
            for result, path, headers in targets:
                cpu_before = server.workers_cpu()
                load(port, path, result, connections=args.connections, seconds=args.seconds,
                     headers=headers, client=args.client)  # fmt: skip
                cpu_after = server.workers_cpu()
                if cpu_before is not None and cpu_after is not None:
                    result.server_cpu_s = cpu_after - cpu_before
            if server.process.poll() is not None:
                raise RuntimeError(f"gunicorn died during the load:\n{server.tail()}")
        finally:
            server.stop()
    return report([r for r, _, _ in targets], args)


def report(results: list[Result], args) -> int:
    client = client_name(args.connections, args.client)
    loadavg = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"gunicorn {args.wsgi} -w {WORKERS} (sync) on loopback, production settings; {client}, "
          f"{args.connections} connections, {args.seconds} s each; {os.cpu_count()} CPUs, "
          f"load average {loadavg}")  # fmt: skip
    baseline = results[-1].rps
    for r in results:
        statuses = ", ".join(f"{code}: {n}" for code, n in sorted(r.statuses.items()))
        check = "ok" if r.ok else f"UNEXPECTED (wanted only {r.expected})"
        pct = "  ".join(f"p{p} {ms:7.2f} ms" for p, ms in sorted(r.pct_ms.items()))
        print(f"  {r.name:<27} {r.rps:7.1f} req/s ({r.rps / baseline:6.1%} of baseline)  {pct}"
              f"  [{statuses}] {check}{'  errors: ' + r.errors if r.errors else ''}")  # fmt: skip
    print("  server CPU per request (gunicorn workers' user+system time / requests; the ceiling "
          f"is {WORKERS} workers kept busy on {WORKERS} otherwise idle CPUs):")  # fmt: skip
    for r in results:
        if r.cpu_ms is None:
            print(f"    {r.name:<27} n/a (no /proc)")
            continue
        print(f"    {r.name:<27} {r.cpu_ms:6.2f} ms  -> at most {WORKERS * 1000 / r.cpu_ms:7.0f} "
              f"req/s  ({r.cpu_ms / results[-1].cpu_ms:4.1f}x baseline)")  # fmt: skip
    share = results[0]
    met = share.rps >= TARGET_RPS
    print(f"  target: share page at least {TARGET_RPS:.0f} req/s: {support.verdict(met)}")
    all_ok = all(r.ok for r in results)
    if not all_ok:
        print("  some answers had unexpected status codes")
        return 1
    return 1 if args.strict and not met else 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt as exc:
        print(f"Interrupted ({exc or 'SIGINT'}); gunicorn stopped.", file=sys.stderr)
        sys.exit(130)

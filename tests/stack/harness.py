"""The production stack on loopback: Redis, gunicorn instances and nginx, as docs/deploy.md runs them.

Used by the stack tests and by bench/bench_stack.py. Every process listens on 127.0.0.1 on a
free port, keeps its files in one temporary folder and is stopped by `Stack.close()`. The app
runs with the production settings on a database holding the Ember Reach starter module: a
PostgreSQL database of its own when DATABASE_URL names a PostgreSQL server (CI's PostgreSQL
pass), else a SQLite file (WAL, so several processes share it). nginx's configuration is the
one `manage.py nginx_config` prints.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import secrets
import shutil
import signal
import socket
import ssl
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode, urlsplit, urlunsplit

from tests.ports import HOST, listening_port

from .console import Console, log_tail

REPO = Path(__file__).resolve().parents[2]
NGINX_PATHS = ("/usr/sbin/nginx", "/usr/local/sbin/nginx")

_PREPARE = """
import django
django.setup()
from django.core.management import call_command
call_command("migrate", verbosity=0)
call_command("load_module", "factions/game_modules/ember-reach", verbosity=0)
call_command("collectstatic", "--noinput", verbosity=0)
"""


def postgres_server() -> str | None:
    """DATABASE_URL when it names a PostgreSQL server: the stacks then make databases there."""
    url = os.environ.get("DATABASE_URL", "")
    return url if url.startswith(("postgres://", "postgresql://")) else None


def _postgres(sql: str) -> None:
    """Run one statement outside a transaction (CREATE/DROP DATABASE) on the server."""
    import psycopg

    with psycopg.connect(postgres_server(), autocommit=True) as connection:
        connection.execute(sql)


def _database_url(name: str) -> str:
    base = urlsplit(postgres_server())
    return urlunsplit(base._replace(path=f"/{name}"))


def prepare_template() -> Path:
    """A migrated database with the Ember Reach module, and collected static files, made once:
    each stack starts from a copy of the database (and reads the static files in place)."""
    root = Path(tempfile.mkdtemp(prefix="fb-stack-template-"))
    root.chmod(0o755)
    template = Stack(root=root, template=root)
    if postgres_server():
        template.database = f"fb_stack_template_{secrets.token_hex(4)}"
        _postgres(f'CREATE DATABASE "{template.database}"')
        (root / "postgres-template").write_text(template.database)
    try:
        subprocess.run(
            [sys.executable, "-c", _PREPARE], cwd=REPO, env=template.env(), check=True,
            stdin=subprocess.DEVNULL, capture_output=True, timeout=300,
        )  # fmt: skip
    except BaseException:
        remove_template(root)
        raise
    return root


def remove_template(root: Path) -> None:
    marker = root / "postgres-template"
    if marker.exists():
        _postgres(f'DROP DATABASE IF EXISTS "{marker.read_text()}" WITH (FORCE)')
    shutil.rmtree(root, ignore_errors=True)


def nginx_binary() -> str | None:
    found = shutil.which("nginx")
    return found or next((p for p in NGINX_PATHS if os.access(p, os.X_OK)), None)


def redis_binary() -> str | None:
    return shutil.which("redis-server")


SYSTEMD_UNITS = REPO / "docs" / "deploy" / "systemd"


def unit_settings(name: str) -> dict[str, list[str]]:
    """The `Key=value` lines of a shipped systemd unit, each key with all its values in order."""
    found: dict[str, list[str]] = {}
    for line in (SYSTEMD_UNITS / name).read_text().splitlines():
        if "=" in line and not line.lstrip().startswith(("#", ";", "[")):
            key, value = line.split("=", 1)
            found.setdefault(key.strip(), []).append(value.strip())
    return found


def gunicorn_arguments(port: int) -> list[str]:
    """gunicorn's arguments in the app-instance unit, for an instance on `port` (its %i)."""
    [command] = unit_settings("forgebuilder@.service")["ExecStart"]
    binary, *arguments = command.replace("%i", str(port)).split()
    assert binary.endswith("/gunicorn"), command
    return arguments


def pdf_worker_priority() -> list[str]:
    """The command prefix that gives a process the shipped PDF worker unit's priority: its
    scheduling policy (`chrt --idle 0` for CPUSchedulingPolicy=idle) and its Nice."""
    unit = unit_settings("forgebuilder-worker.service")
    prefix = []
    if unit.get("CPUSchedulingPolicy") == ["idle"]:
        prefix += ["chrt", "--idle", "0"]
    [nice] = unit.get("Nice", ["0"])
    return [*prefix, "nice", "-n", nice]


def openssl_binary() -> str | None:
    return shutil.which("openssl")


def self_signed_certificate(certificate: Path, key: Path) -> None:
    """A throwaway certificate for 127.0.0.1, made with Debian's openssl."""
    subprocess.run(
        [openssl_binary() or "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes",
         "-days", "1", "-subj", f"/CN={HOST}", "-keyout", str(key), "-out", str(certificate)],
        check=True, capture_output=True, stdin=subprocess.DEVNULL, timeout=120,
    )  # fmt: skip
    key.chmod(0o644)  # nginx's master reads it; the folder is the test's own


# Waits are generous: on a loaded two-core machine Django may take a minute to start. The
# tests assert what happens, never how fast.
START_TIMEOUT = 180.0
REQUEST_TIMEOUT = 90.0


def wait_for_port(port: int, process: subprocess.Popen, timeout: float = START_TIMEOUT) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{process.args[0]} exited ({process.returncode}) before listening")
        try:
            with socket.create_connection((HOST, port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.05)
    raise TimeoutError(f"nothing listens on {HOST}:{port} after {timeout:.0f} s")


@dataclass
class Stack:
    """One temporary deployment: a database, static files, and the processes started on it."""

    root: Path
    template: Path  # from prepare_template(): the database to copy, the static files
    database: str | None = None  # on PostgreSQL: the stack's own database
    redis_port: int | None = None
    http_port: int | None = None  # nginx's plain-HTTP port when it ends TLS
    processes: list[subprocess.Popen] = field(default_factory=list)
    console: Console | None = None  # runs `manage()`, started at its first use

    @classmethod
    def create(cls, *, template: Path, redis: bool) -> Stack:
        root = Path(tempfile.mkdtemp(prefix="fb-stack-"))
        root.chmod(0o755)  # nginx's workers (another user when started as root) read in here
        stack = cls(root=root, template=template)
        marker = template / "postgres-template"
        try:
            if marker.exists():
                stack.database = f"fb_stack_{secrets.token_hex(4)}"
                _postgres(f'CREATE DATABASE "{stack.database}" TEMPLATE "{marker.read_text()}"')
            else:
                shutil.copy(template / "db.sqlite3", root / "db.sqlite3")
            if redis:
                stack.start_redis()
        except BaseException:
            stack.close()
            raise
        return stack

    def env(self) -> dict[str, str]:
        env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "forgebuilder.settings.production",
            "SECRET_KEY": "stack-test-" + "k" * 40,
            "ALLOWED_HOSTS": "127.0.0.1,localhost",
            "DATABASE_URL": (
                _database_url(self.database)
                if self.database
                else f"sqlite:///{self.root / 'db.sqlite3'}"
            ),
            "STATIC_ROOT": str(self.template / "static"),
            "RENDER_CACHE_DIR": str(self.root / "render-cache"),
            "SECURE_SSL_REDIRECT": "false",  # loopback has no TLS; nginx would end it in front
            # Rate limits count each client by the address nginx saw (docs/deploy.md).
            "RATELIMIT_IP_HEADER": "HTTP_X_REAL_IP",
        }
        env.pop("REDIS_URL", None)
        if self.redis_port:
            env["REDIS_URL"] = f"redis://{HOST}:{self.redis_port}/0"
        return env

    def _start(self, args: list[str], port: int, name: str, **kwargs) -> subprocess.Popen:
        log = open(self.root / f"{name}.log", "ab")  # noqa: SIM115 (closed with the process)
        process = subprocess.Popen(
            args,
            cwd=REPO,
            env=self.env(),
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
            **kwargs,
        )
        process.log = log  # type: ignore[attr-defined]
        self.processes.append(process)
        try:
            wait_for_port(port, process)
        except (RuntimeError, TimeoutError) as failed:
            log.flush()
            said = log_tail(self.root / f"{name}.log")
            raise RuntimeError(f"{failed}; its log ends:\n{said}") from None
        return process

    def start_redis(self) -> subprocess.Popen:
        binary = redis_binary()
        if binary is None:
            raise RuntimeError("redis-server is not installed (make stack-deps)")
        self.redis_port = listening_port()
        args = [
            binary, "--bind", HOST, "--port", str(self.redis_port), "--save", "",
            "--appendonly", "no", "--dir", str(self.root), "--protected-mode", "yes",
        ]  # fmt: skip
        return self._start(args, self.redis_port, "redis")

    def start_app(
        self, *, workers: int = 2, port: int | None = None
    ) -> tuple[subprocess.Popen, int]:
        """A gunicorn instance started as the shipped systemd unit starts it (its ExecStart,
        docs/deploy/systemd/forgebuilder@.service); returns it and its port. `port`: an
        instance started again where one was (as systemd restarts a dead one)."""
        port = port or listening_port()
        args = [sys.executable, "-m", "gunicorn", *gunicorn_arguments(port)]
        args[args.index("--workers") + 1] = str(workers)
        return self._start(args, port, f"gunicorn-{port}"), port

    def start_nginx(
        self, app_ports: list[int], *, tls: bool = False
    ) -> tuple[subprocess.Popen, int]:
        """nginx in front of the instances on `app_ports`; returns it and its port. With `tls`
        it ends TLS there (a self-signed certificate) and `self.http_port` redirects to it."""
        binary = nginx_binary()
        if binary is None:
            raise RuntimeError("nginx is not installed (make stack-deps)")
        port = listening_port()
        prefix = self.root / f"nginx-{port}"
        prefix.mkdir()
        prefix.chmod(0o777)
        tls_arguments = []
        if tls:
            self.http_port = listening_port()
            tls_arguments = [
                *("--tls-certificate", str(prefix / "cert.pem")),
                *("--tls-key", str(prefix / "key.pem")),
                *("--http-listen", f"{HOST}:{self.http_port}"),
            ]
            self_signed_certificate(prefix / "cert.pem", prefix / "key.pem")
        config = self.manage(
            "nginx_config", "--standalone", str(prefix), "--listen", f"{HOST}:{port}",
            *[arg for p in app_ports for arg in ("--app", f"{HOST}:{p}")],
            "--static-root", str(self.template / "static"), *tls_arguments,
        ).stdout  # fmt: skip
        (prefix / "nginx.conf").write_text(config)
        args = [binary, "-p", str(prefix), "-c", str(prefix / "nginx.conf"), "-g", "daemon off;"]
        return self._start(args, port, f"nginx-{port}"), port

    def manage(self, *args: str, timeout: float = 120) -> subprocess.CompletedProcess:
        """`manage.py *args` on the stack's settings and database (check=True): run in the
        stack's one Django process (tests/stack/console.py) instead of a new one each time."""
        if self.console is None:
            self.console = Console(cwd=REPO, env=self.env(), log=self.root / "console.log")
        return self.console.run(*args, timeout=timeout)

    def make_user(self, username: str) -> str:
        """An account in the stack's database; returns its password (ACCOUNT_PASSWORD)."""
        self.manage("shell", "-c", _MAKE_USER.format(username=username))
        return ACCOUNT_PASSWORD

    def run_pdf_worker(self) -> None:
        """Run the queued PDF renders, as `manage.py db_worker` does on a server, then stop."""
        self.manage("db_worker", "--batch", "--no-startup-delay")

    def redis_keys(self, pattern: str) -> list[str]:
        return redis_command(self.redis_port, "KEYS", pattern)

    def stop(self, process: subprocess.Popen, sig: int = signal.SIGTERM) -> int:
        if process.poll() is None:
            process.send_signal(sig)
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        process.log.close()  # type: ignore[attr-defined]
        return process.returncode

    def close(self) -> None:
        if self.console is not None:
            self.console.close()
        for process in reversed(self.processes):
            self.stop(process, signal.SIGQUIT if "nginx" in str(process.args[0]) else 15)
        if self.database:
            _postgres(f'DROP DATABASE IF EXISTS "{self.database}" WITH (FORCE)')
        shutil.rmtree(self.root, ignore_errors=True)

    def logs(self) -> str:
        return "\n".join(
            f"--- {path.name}\n{log_tail(path, 3000)}"
            for path in sorted(self.root.glob("**/*.log"))
        )


ACCOUNT_PASSWORD = "stack-test-Passw0rd!"
_MAKE_USER = (
    "from django.contrib.auth import get_user_model; "
    "get_user_model().objects.create_user({username!r}, password=" + repr(ACCOUNT_PASSWORD) + ")"
)


def redis_command(port: int | None, *words: str) -> list[str]:
    """Send one command to Redis over RESP and return the answer's items (a tiny client)."""
    if port is None:
        raise RuntimeError("this stack has no Redis")
    payload = f"*{len(words)}\r\n" + "".join(f"${len(w.encode())}\r\n{w}\r\n" for w in words)
    with socket.create_connection((HOST, port), timeout=5) as sock:
        sock.sendall(payload.encode())
        reader = sock.makefile("rb")
        head = reader.readline().decode().strip()
        if head.startswith("*"):
            items = []
            for _ in range(int(head[1:])):
                size = int(reader.readline().decode().strip()[1:])
                items.append(reader.read(size + 2)[:-2].decode())
            return items
        return [head]


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    body: bytes

    @property
    def text(self) -> str:
        return self.body.decode("utf-8", errors="replace")


class Browser:
    """A cookie-keeping HTTP client (secure cookies are sent over loopback HTTP too)."""

    def __init__(self, port: int, *, address: str = HOST, tls: bool = False) -> None:
        self.port = port
        self.tls = tls  # HTTPS to nginx's self-signed certificate (not verified)
        self.address = address  # the client's own loopback address (127.0.0.0/8 all works)
        self.cookies: dict[str, str] = {}
        self.versions: dict[str, int] = {}  # the list version each edit is made on
        self.set_cookie_headers: list[str] = []  # every Set-Cookie received, as sent

    def request(
        self, method: str, path: str, *, data: dict | None = None, port: int | None = None,
        headers: dict[str, str] | None = None, timeout: float = REQUEST_TIMEOUT,
    ) -> Answer:  # fmt: skip
        where = {"timeout": timeout, "source_address": (self.address, 0)}
        if self.tls and port is None:
            unverified = ssl._create_unverified_context()  # our own throwaway certificate
            connection = http.client.HTTPSConnection(HOST, self.port, context=unverified, **where)
        else:
            connection = http.client.HTTPConnection(HOST, port or self.port, **where)
        # One host name whatever the port, as behind nginx: share URLs printed on PDFs match.
        sent = {"Host": HOST, **(headers or {})}
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body = None
        if data is not None:
            body = urlencode(data)
            sent["Content-Type"] = "application/x-www-form-urlencoded"
            sent["X-CSRFToken"] = self.cookies.get("csrftoken", "")
            # as browsers do; over HTTPS Django's CSRF check needs it
            scheme = "https" if self.tls and port is None else "http"
            sent.setdefault("Origin", f"{scheme}://{HOST}")
        try:
            connection.request(method, path, body=body, headers=sent)
            response = connection.getresponse()
            answer = Answer(response.status, dict(response.getheaders()), response.read())
            for value in response.headers.get_all("Set-Cookie") or []:
                self.set_cookie_headers.append(value)
                for name, morsel in SimpleCookie(value).items():
                    self.cookies[name] = morsel.value
            return answer
        finally:
            connection.close()

    def get(self, path: str, **kwargs) -> Answer:
        return self.request("GET", path, **kwargs)

    def post(self, path: str, data: dict, **kwargs) -> Answer:
        if "csrftoken" not in self.cookies:
            self.get("/lists/new/", port=kwargs.get("port"))
        return self.request("POST", path, data=data, **kwargs)

    # --- what a player does -------------------------------------------------------------------

    def new_list(self, name: str) -> str:
        """Start a Cinderhold list (Ember Reach); returns its public id."""
        answer = self.post(
            "/lists/new/",
            {"name": name, "faction": "ember-reach/cinderhold", "focus": "", "points_limit": ""},
        )
        match = re.fullmatch(r"/lists/([\w-]+)/", answer.headers.get("Location", ""))
        assert answer.status == 302 and match, (answer.status, answer.text[:500])
        return match.group(1)

    def share(self, public_id: str) -> str:
        """Make a live share link of the list; returns its token."""
        answer = self.post(f"/lists/{public_id}/share", {"kind": "live"})
        assert answer.status == 302, answer.status
        editor = self.get(f"/lists/{public_id}/")
        return re.search(r"/s/([\w-]{16,})/", editor.text).group(1)

    def add_unit(self, public_id: str, datasheet: str = "hearthguard", **kwargs) -> Answer:
        if public_id not in self.versions:
            self._read_version(self.get(f"/lists/{public_id}/", port=kwargs.get("port")), public_id)
        answer = self.post(
            f"/lists/{public_id}/units/add",
            {"datasheet": datasheet, "force": "f1", "version": self.versions[public_id]},
            headers={"HX-Request": "true"},
            **kwargs,
        )
        if answer.status == 200:
            self._read_version(answer, public_id)
        return answer

    def _read_version(self, answer: Answer, public_id: str) -> None:
        found = [int(v) for v in re.findall(r'name="version" value="(\d+)"', answer.text)]
        assert found, answer.text[:300]
        self.versions[public_id] = max(found)

    def document(self, public_id: str) -> dict:
        answer = self.get(f"/lists/{public_id}/export.json")
        assert answer.status == 200, answer.status
        return json.loads(answer.body)


def token() -> str:
    return secrets.token_hex(4)

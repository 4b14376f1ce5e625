"""The deployment files an operator copies (docs/deploy.md, docs/deploy/systemd/) name only
commands that exist and every setting the app reads from the environment. These need neither
nginx nor Redis."""

from __future__ import annotations

import os
import re
import subprocess
import sys

from django.core.management import get_commands

from .harness import REPO, SYSTEMD_UNITS, gunicorn_arguments, pdf_worker_priority, unit_settings

DEPLOY_DOC = REPO / "docs" / "deploy.md"
ENV_EXAMPLE = SYSTEMD_UNITS / "forgebuilder.env.example"
UNITS = sorted(p.name for p in SYSTEMD_UNITS.glob("*.service"))
# Read by the settings for development only: production never needs them set.
DEVELOPMENT_ONLY = {"DEBUG", "MAIL_BACKEND"}


def named_commands(text: str) -> set[str]:
    return set(re.findall(r"manage\.py ([a-z_]+)", text))


def test_every_command_the_docs_and_units_run_exists():
    texts = [DEPLOY_DOC.read_text()] + [(SYSTEMD_UNITS / u).read_text() for u in UNITS]
    named = set().union(*(named_commands(t) for t in texts))
    assert {"migrate", "collectstatic", "pdf_worker", "cleanup_lists", "nginx_config"} <= named
    assert sorted(named - set(get_commands())) == []


def test_the_env_example_sets_every_variable_the_settings_read():
    read = set()
    for path in (REPO / "forgebuilder" / "settings").glob("*.py"):
        read |= set(re.findall(r'env_(?:str|bool|list)\("([A-Z_]+)"', path.read_text()))
    example = set(re.findall(r"^#?([A-Z_]+)=", ENV_EXAMPLE.read_text(), re.M))
    assert {"SECRET_KEY", "DATABASE_URL", "REDIS_URL", "RATELIMIT_IP_HEADER"} <= read
    assert sorted(read - DEVELOPMENT_ONLY - example) == []
    assert "DJANGO_SETTINGS_MODULE=forgebuilder.settings.production" in ENV_EXAMPLE.read_text()


def test_every_unit_runs_from_the_checkout_with_the_shared_environment():
    assert {"forgebuilder@.service", "forgebuilder-worker.service"} <= set(UNITS)
    for unit in UNITS:
        settings = unit_settings(unit)
        assert settings["EnvironmentFile"] == ["/etc/forgebuilder/forgebuilder.env"], unit
        assert settings["WorkingDirectory"] == ["/srv/forgebuilder"], unit
        assert settings["User"] == ["forgebuilder"], unit
    timer = unit_settings("forgebuilder-cleanup.timer")
    assert timer["OnCalendar"] and timer["Persistent"] == ["true"]


def test_a_pdf_worker_draws_only_on_cpu_the_pages_leave_idle():
    """The shipped worker unit puts it in Linux's idle scheduling class, and the prefix the stack
    benchmark starts its workers with gives a process exactly that priority."""
    assert unit_settings("forgebuilder-worker.service")["CPUSchedulingPolicy"] == ["idle"]
    show = "import os; print(os.sched_getscheduler(0) == os.SCHED_IDLE, os.nice(0))"

    started = subprocess.run(
        [*pdf_worker_priority(), sys.executable, "-c", show],
        capture_output=True, text=True, check=True, timeout=60,
    )  # fmt: skip

    idle, nice = started.stdout.split()
    assert idle == "True"
    assert int(nice) == min(os.nice(0) + 19, 19)  # nice -n adds to the niceness it is started with


# Loads the app as a preloading gunicorn does, then says whether that opened a database
# connection or any socket, which its workers would then share; how many threads the process
# runs (a fork copies only the one that forks); and whether the PDF check was made, with
# WeasyPrint loaded where PDFs can be drawn.
LOAD_AND_LOOK = """
import gc, os, socket, sys
import forgebuilder.wsgi
from django.db import connections
from forgebuilder.printing import availability
opened = [c.alias for c in connections.all(initialized_only=True) if c.connection is not None]
sockets = [o for o in gc.get_objects() if isinstance(o, socket.socket) and o.fileno() != -1]
checked = availability.pdf_support.cache_info().currsize == 1
drawing = availability.pdf_support().available == ("weasyprint" in sys.modules)
print(opened, len(sockets), len(os.listdir("/proc/self/task")), checked, drawing)
"""


def test_an_instance_loads_the_app_once_and_its_workers_share_no_connection(tmp_path):
    """gunicorn's --preload loads the app before starting the workers, which are copies of it:
    loading it must open nothing a copy would share and start no thread a copy would lack, and
    it loads what each worker would otherwise load on its first requests (WeasyPrint)."""
    assert "--preload" in gunicorn_arguments(8001)
    production = {
        **os.environ, "DJANGO_SETTINGS_MODULE": "forgebuilder.settings.production",
        "SECRET_KEY": "x" * 50, "ALLOWED_HOSTS": "forgebuilder.example",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}", "REDIS_URL": "redis://127.0.0.1:9/0",
    }  # fmt: skip

    loaded = subprocess.run(
        [sys.executable, "-W", "ignore", "-c", LOAD_AND_LOOK],
        capture_output=True, text=True, timeout=60, cwd=REPO, env=production,
    )  # fmt: skip

    assert loaded.returncode == 0, loaded.stderr
    assert loaded.stdout.split() == ["[]", "0", "1", "True", "True"]


def test_nginx_passes_only_writes_applied_once_to_the_next_instance():
    """A write whose instance stopped before answering is sent to the next one only where
    sending it twice applies it once (issue 39: a graceful stop gave a tracker sync a 502)."""
    import re

    template = (REPO / "docs" / "deploy" / "nginx-site.conf.template").read_text()
    retried = re.findall(r"location ~ (\S+) \{[^}]*non_idempotent;", template)
    assert retried == [
        "^/lists/[^/]+/(units/|forces/|legends/|settings$$|undo$$)",
        "^/play/[^/]+/sync/$$",
    ]
    from django.urls import reverse

    sync = reverse("play:sync", args=["AbC-123_x"])
    assert re.fullmatch(retried[1].replace("$$", "$"), sync)

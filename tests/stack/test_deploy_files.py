"""The deployment files an operator copies (docs/deploy.md, docs/deploy/systemd/) name only
commands that exist and every setting the app reads from the environment. These need neither
nginx nor Redis."""

from __future__ import annotations

import os
import re
import subprocess
import sys

from django.core.management import get_commands

from .harness import REPO, SYSTEMD_UNITS, pdf_worker_priority, unit_settings

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

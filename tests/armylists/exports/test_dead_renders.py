"""A PDF worker killed mid-render (SIGKILL: the out-of-memory killer, an overrun stop) leaves its
render marked running (issue 39: "Preparing" for good, and one of the client's queue places
held for ever). A render whose worker died is queued again, once: at the next look at it, and by
the next worker to start; it holds no queue place meanwhile; after a second death it fails, said
in words."""

from __future__ import annotations

import datetime as dt
import os
import signal
import subprocess
import sys
import time

import pytest
from django.db import connection
from django.tasks import TaskResultStatus
from django.urls import reverse
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from forgebuilder.printing import queue as printouts
from tests.conftest import REPO


def _dead_pid() -> int:
    """The id of a process that has ended."""
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def _die_mid_render(task: DBTaskResult, worker_id: str, started_ago: float = 1.0) -> None:
    """What a worker killed while drawing `task` leaves behind."""
    task.status = TaskResultStatus.RUNNING
    task.started_at = timezone.now() - dt.timedelta(seconds=started_ago)
    task.worker_ids = [*task.worker_ids, worker_id]
    task.save()


def _local_dead_worker() -> str:
    return printouts.worker_name("x").replace(f".{os.getpid()}.", f".{_dead_pid()}.", 1)


@pytest.fixture
def roster_url(make_list, owner):
    return reverse("armylists:roster_pdf", args=[make_list(owner=owner).public_id]) + "?paper=a4"


def test_a_render_whose_worker_was_killed_is_queued_again_and_drawn(
    client, roster_url, run_renders, settings
):
    assert client.get(roster_url).status_code == 202
    task = DBTaskResult.objects.get()
    _die_mid_render(task, _local_dead_worker())
    tag = task.args_kwargs["kwargs"]["client"]
    assert printouts.renders_queued(client=tag) == 0  # a dead render holds no place

    waiting = client.get(roster_url)  # the waiting page asks again
    assert waiting.status_code == 202 and "Preparing" in waiting.text
    task.refresh_from_db()
    assert task.status == TaskResultStatus.READY  # the same task, queued again
    run_renders()
    drawn = client.get(roster_url)
    assert drawn.status_code == 200 and drawn["Content-Type"] == "application/pdf"


def test_a_render_running_past_the_timeout_on_another_host_is_queued_again(
    client, roster_url, settings
):
    assert client.get(roster_url).status_code == 202
    task = DBTaskResult.objects.get()
    other_host = "pdf-host-2.4242.abcdef"
    _die_mid_render(task, other_host, started_ago=settings.PDF_RENDER_TIMEOUT - 5)
    tag = task.args_kwargs["kwargs"]["client"]
    assert printouts.renders_queued(client=tag) == 1  # still within its time: it may be drawing
    assert printouts.reclaim_dead_renders() == 0
    task.worker_ids = []  # the same first try, seen later
    _die_mid_render(task, other_host, started_ago=settings.PDF_RENDER_TIMEOUT + 5)
    assert printouts.renders_queued(client=tag) == 0
    assert printouts.reclaim_dead_renders() == 1
    task.refresh_from_db()
    assert task.status == TaskResultStatus.READY


def test_a_render_whose_worker_dies_twice_fails_and_says_so(client, roster_url):
    assert client.get(roster_url).status_code == 202
    task = DBTaskResult.objects.get()
    _die_mid_render(task, _local_dead_worker())
    assert printouts.reclaim_dead_renders() == 1
    task.refresh_from_db()
    _die_mid_render(task, _local_dead_worker())
    page = client.get(roster_url)
    assert "We could not draw this PDF" in page.text
    task.refresh_from_db()
    assert task.status == TaskResultStatus.FAILED
    assert "stopped 2 times while drawing" in task.traceback


def test_the_client_gets_every_queue_place_back_from_dead_renders(client, make_list, owner):
    lists = [make_list(owner=owner, name=f"Patrol {n}") for n in range(7)]
    urls = [reverse("armylists:roster_pdf", args=[a.public_id]) + "?paper=a4" for a in lists]
    assert [client.get(url).status_code for url in urls[:6]] == [202] * 6
    for task in DBTaskResult.objects.all()[:3]:  # three crashed workers
        _die_mid_render(task, _local_dead_worker())
    assert client.get(urls[6]).status_code == 202  # the 7th fits: 3 places came back


SLOW_WORKER = """
import sys, time, django
django.setup()
from forgebuilder.printing import registry
kind = registry.printout("roster")
def slow(*args, **kwargs):
    print("drawing", flush=True)
    time.sleep(120)
object.__setattr__(kind, "draw", slow)
from django.core.management import call_command
call_command("pdf_worker", "--no-startup-delay", "--interval", "0.1", verbosity=0)
"""


@pytest.mark.pdf
@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="the killed worker is another process: it needs a database server (PostgreSQL) to share",
)
def test_a_worker_killed_with_sigkill_mid_render_is_replaced_and_the_pdf_drawn(client, roster_url):
    from django.core.management import call_command

    assert client.get(roster_url).status_code == 202
    settings_dict = connection.settings_dict
    url = (
        f"postgres://{settings_dict['USER']}:{settings_dict['PASSWORD']}@"
        f"{settings_dict['HOST'] or '127.0.0.1'}:{settings_dict['PORT'] or 5432}/"
        f"{settings_dict['NAME']}"
    )
    env = {
        **os.environ,
        "DATABASE_URL": url,
        "DJANGO_SETTINGS_MODULE": "forgebuilder.settings.test",
    }
    worker = subprocess.Popen(
        [sys.executable, "-c", SLOW_WORKER], cwd=REPO, env=env, stdout=subprocess.PIPE, text=True
    )
    try:
        assert worker.stdout.readline().strip() == "drawing"  # mid-render
        task = DBTaskResult.objects.get()
        assert task.status == TaskResultStatus.RUNNING
        worker.send_signal(signal.SIGKILL)
        worker.wait(timeout=30)
    finally:
        if worker.poll() is None:
            worker.kill()
    time.sleep(0.1)
    assert client.get(roster_url).status_code == 202  # still preparing: not failed
    call_command("pdf_worker", "--batch", "--no-startup-delay", verbosity=0)
    drawn = client.get(roster_url)
    assert drawn.status_code == 200 and drawn["Content-Type"] == "application/pdf"
    task.refresh_from_db()
    assert task.status == TaskResultStatus.SUCCESSFUL
    assert len(task.worker_ids) == 2  # the killed worker, then the one that drew it

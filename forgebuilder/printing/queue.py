"""Asking for a PDF: served from the render cache when drawn, otherwise queued for the worker.

A request never draws a PDF (a big roster takes seconds of CPU). It looks the printout up in
the render cache by its content key; when it is not there, it queues one render task for that
key (a marker in the shared cache stops a second request, from any app instance, from queueing
the same drawing again) and the player gets a page saying the PDF is being prepared, which asks
again until it is ready.
"""

from __future__ import annotations

import datetime as dt
import enum
import hashlib
import os
import socket
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import connection, transaction
from django.tasks import Task, TaskResultStatus
from django.tasks.exceptions import TaskResultDoesNotExist
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from forgebuilder import ratelimit
from forgebuilder.printing.cache import cached
from forgebuilder.printing.progress import progress_of
from forgebuilder.printing.registry import PrintoutKind, subject_of
from forgebuilder.printing.tasks import render_printout

PENDING_PREFIX = "pdf-pending:"
# A render still not done after this long is queued again (its worker may have died).
PENDING_TIMEOUT = 10 * 60
QUEUEING = "queueing"
# When a client has PDF_QUEUED_PER_CLIENT renders waiting, when to ask again: about one drawing.
QUEUED_RETRY_AFTER = 15


class PdfState(enum.Enum):
    READY = "ready"
    PREPARING = "preparing"
    FAILED = "failed"
    BUSY = "busy"  # the client has queued as much drawing as it may for now


def render_priority(weight: int) -> int:
    """The queue's priority of a render by its weight: light ones are drawn ahead of heavy ones."""
    return max(-100, 50 - 10 * (weight - 1))


@dataclass(frozen=True)
class Printout:
    """One printout of one subject: what to draw (kind and options) and where its subject comes
    from (the plain values its subject's `load` takes: a list's id or share token...)."""

    kind: PrintoutKind
    options: dict[str, Any]  # as the kind's choices parse them: paper, token size ...
    origin: dict[str, Any] = field(default_factory=dict)  # list_id or token, and share_url
    client: str = ""  # who asks (ratelimit.client_key): their queued drawing is limited

    def key(self, source: Any) -> str:
        return self.kind.cache_key(source, **self.options)

    def task_kwargs(self) -> dict[str, Any]:
        options = self.kind.options_dumped(self.options)
        tag = client_tag(self.client)
        return {"kind": self.kind.key, "options": options, **self.origin, "client": tag}


@dataclass(frozen=True)
class PdfStatus:
    state: PdfState
    pdf: bytes | None = None
    retry_after: int = 0  # BUSY: seconds until the client may queue more
    progress: str = ""  # PREPARING: how far the drawing got ("Laying out page 12")


def pdf_request(*, printout: Printout, source: Any) -> PdfStatus:
    """The printout when it is drawn; otherwise make sure it is queued and say it is coming."""
    key = printout.key(source)
    pdf = cached(key)
    if pdf is not None:
        return PdfStatus(PdfState.READY, pdf)
    state = queued_state(key, render_printout)
    if state is not None:
        return PdfStatus(state, progress=progress_of(key))
    subject = subject_of(printout.kind)
    with transaction.atomic():
        return _enqueue(
            printout, PENDING_PREFIX + key, subject.weight(source), subject.priority(source)
        )


def queued_state(key: str, render_task: Task) -> PdfState | None:
    """What became of the render queued for `key` as `render_task`: PREPARING, or FAILED (said
    once: the next request queues it again); None when it is not queued (never, or its task is
    gone or finished without filling the cache), so the caller queues it."""
    marker = PENDING_PREFIX + key
    pending = cache.get(marker)
    if pending is None:
        return None
    state = pending_state(render_task, pending)
    if state is None or state is PdfState.FAILED:
        cache.delete(marker)
    return state


def _enqueue(printout: Printout, marker: str, weight: int, priority: int) -> PdfStatus:
    """Queue the render unless the client is over a limit; in a transaction."""
    # At most PDF_QUEUED_PER_CLIENT of a client's renders wait or run at any moment, counted
    # under a lock of that client (two tabs at once cannot both take the last place)
    if not client_may_queue(printout.client):
        return PdfStatus(PdfState.BUSY, retry_after=QUEUED_RETRY_AFTER)
    # Over time, one client may queue only so much drawing (weighed by the list's size), so
    # that nobody fills the queue within the request limits; a list's own printouts count on
    # the list too, whoever asks.
    for scope, who in (("render-queue", printout.client), ("render-list", _list_of(printout))):
        decision = ratelimit.hit(scope, who, cost=weight)
        if not decision.allowed:
            return PdfStatus(PdfState.BUSY, retry_after=decision.retry_after)
    if cache.add(marker, QUEUEING, PENDING_TIMEOUT):
        task = render_printout.using(priority=priority)
        result = task.enqueue(**printout.task_kwargs())
        cache.set(marker, str(result.id), PENDING_TIMEOUT)
    return PdfStatus(PdfState.PREPARING)


def client_may_queue(client: str) -> bool:
    """Whether `client` may queue one more render now: fewer than PDF_QUEUED_PER_CLIENT of its
    renders wait or run. Takes the client's lock to the end of the caller's transaction."""
    tag = client_tag(client)
    _lock_client(tag)
    return renders_queued(client=tag) < settings.PDF_QUEUED_PER_CLIENT


def client_tag(client: str) -> str:
    """Who asked for a render, as its task keeps it: a digest, not their address."""
    return hashlib.sha256(client.encode()).hexdigest()[:16]


def renders_queued(*, client: str) -> int:
    """How many renders the client (its tag) has waiting or running now: a render whose worker
    died (killed, out of memory) holds no place, though its row still says it runs."""
    tasks = DBTaskResult.objects.filter(args_kwargs__kwargs__client=client)
    waiting = tasks.filter(status=TaskResultStatus.READY).count()
    running = tasks.filter(status=TaskResultStatus.RUNNING).only("started_at", "worker_ids")
    return waiting + sum(1 for task in running if not render_is_dead(task))


# Renders whose worker died mid-drawing. A worker names itself "<host>.<pid>.<random>"
# (manage.py pdf_worker): on its own host, a dead worker is seen at once; elsewhere, once its
# render has run longer than PDF_RENDER_TIMEOUT. A dead render is queued again, once.
MAX_ATTEMPTS = 2


class RenderAbandoned(Exception):
    """The worker drawing a PDF stopped before it was done, on each try."""


def worker_name(given: str) -> str:
    """The id a PDF worker takes: its host and process, so others can tell when it is dead."""
    return f"{socket.gethostname()[:30]}.{os.getpid()}.{given[:16]}"


def worker_is_dead(worker_id: str) -> bool:
    """Whether the worker `worker_id` is known to be gone (on this host, its process is)."""
    host, _, rest = worker_id.partition(".")
    pid = rest.partition(".")[0]
    if host != socket.gethostname()[:30] or not pid.isdigit():
        return False  # another host's or an older worker: only the timeout tells
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return True
    except PermissionError:
        return False
    return False


def render_is_dead(task: DBTaskResult, now: dt.datetime | None = None) -> bool:
    """Whether a running render's worker died: its process is gone, or it overran the timeout."""
    if task.status != TaskResultStatus.RUNNING:
        return False
    now = now or timezone.now()
    timeout = dt.timedelta(seconds=settings.PDF_RENDER_TIMEOUT)
    if task.started_at is not None and now - task.started_at > timeout:
        return True
    return bool(task.worker_ids) and worker_is_dead(task.worker_ids[-1])


def reclaim(task: DBTaskResult) -> None:
    """Queue a dead render again (the same task, so whoever waits for it still does), or fail
    it for good when its workers died on every try (a list too big to draw, say)."""
    if len(task.worker_ids) >= MAX_ATTEMPTS:
        task.set_failed(
            RenderAbandoned(
                f"The PDF worker stopped {len(task.worker_ids)} times while drawing this "
                "(killed, out of memory or overrunning the render timeout)."
            )
        )
        return
    task.status = TaskResultStatus.READY
    task.started_at = None
    task.save(update_fields=["status", "started_at"])


def reclaim_dead_renders(result_id: str | None = None) -> int:
    """Queue again (or fail) every render whose worker died, or only `result_id`; returns how
    many. A PDF worker does this as it starts, so a worker restarted after a kill picks up what
    it dropped; the waiting page for the one render it waits for."""
    reclaimed = 0
    with transaction.atomic():
        running = DBTaskResult.objects.select_for_update().filter(status=TaskResultStatus.RUNNING)
        if result_id is not None:
            running = running.filter(pk=result_id)
        for task in running:
            if render_is_dead(task):
                reclaim(task)
                reclaimed += 1
    return reclaimed


def _lock_client(tag: str) -> None:
    """Hold the client's lock to the end of the transaction (PostgreSQL; SQLite serialises
    every write already)."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [int(tag, 16) >> 1])


def _list_of(printout: Printout) -> str:
    """Whose printouts these are, whoever asks: a list (by id or share token), an event..."""
    origin = printout.origin
    if printout.kind.subject == "list":  # as before subjects: the counts kept their keys
        return f"list:{origin.get('list_id') or ''}:{origin.get('token') or ''}"
    ids = ":".join(f"{k}={origin[k]}" for k in sorted(origin))
    return f"{printout.kind.subject}:{ids}"


def pending_state(render_task: Task, result_id: str) -> PdfState | None:
    """What became of a render queued as `render_task`; None when it is lost or done without
    a result."""
    if result_id == QUEUEING:
        return PdfState.PREPARING
    try:
        result = render_task.get_result(result_id)
    except TaskResultDoesNotExist:
        return None
    if result.status == TaskResultStatus.RUNNING and reclaim_dead_renders(result_id):
        result = render_task.get_result(result_id)
    if result.status in (TaskResultStatus.READY, TaskResultStatus.RUNNING):
        return PdfState.PREPARING
    if result.status == TaskResultStatus.FAILED:
        return PdfState.FAILED
    return None

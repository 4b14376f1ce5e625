"""Asking for a PDF: served from the render cache when drawn, otherwise queued for the worker.

A request never draws a PDF (a big roster takes seconds of CPU). It looks the printout up in
the render cache by its content key; when it is not there, it queues one render task for that
key (a marker in the shared cache stops a second request, from any app instance, from queueing
the same drawing again) and the player gets a page saying the PDF is being prepared, which asks
again until it is ready.
"""

from __future__ import annotations

import enum
import hashlib
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import connection, transaction
from django.tasks import Task, TaskResultStatus
from django.tasks.exceptions import TaskResultDoesNotExist
from django_tasks_db.models import DBTaskResult

from forgebuilder import ratelimit

from . import exports
from .exports.cache import cached
from .exports.progress import progress_of
from .tasks import render_printout

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


#: Units that cost one more unit of the "render-queue" limit: a 400-unit roster weighs 9.
UNITS_PER_WEIGHT = 50


def render_weight(source: exports.ExportSource) -> int:
    """What drawing the list costs, counted by its units."""
    return 1 + len(source.roster.units) // UNITS_PER_WEIGHT


def render_priority(weight: int) -> int:
    """The queue's priority of a render: small lists are drawn ahead of heavy ones."""
    return max(-100, 50 - 10 * (weight - 1))


@dataclass(frozen=True)
class Printout:
    """One printout of one list: what to draw (kind and options) and where the list comes from."""

    kind: exports.PrintoutKind
    options: dict[str, Any]  # as the kind's choices parse them: paper, token size ...
    origin: dict[str, Any] = field(default_factory=dict)  # list_id or token, and share_url
    client: str = ""  # who asks (ratelimit.client_key): their queued drawing is limited

    def key(self, source: exports.ExportSource) -> str:
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


def pdf_request(*, printout: Printout, source: exports.ExportSource) -> PdfStatus:
    """The printout when it is drawn; otherwise make sure it is queued and say it is coming."""
    key = printout.key(source)
    pdf = cached(key)
    if pdf is not None:
        return PdfStatus(PdfState.READY, pdf)
    state = queued_state(key, render_printout)
    if state is not None:
        return PdfStatus(state, progress=progress_of(key))
    with transaction.atomic():
        return _enqueue(printout, PENDING_PREFIX + key, render_weight(source))


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


def _enqueue(printout: Printout, marker: str, weight: int) -> PdfStatus:
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
        task = render_printout.using(priority=render_priority(weight))
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
    """How many renders the client (its tag) has waiting or running now."""
    waiting = (TaskResultStatus.READY, TaskResultStatus.RUNNING)
    tasks = DBTaskResult.objects.filter(status__in=waiting, args_kwargs__kwargs__client=client)
    return tasks.count()


def _lock_client(tag: str) -> None:
    """Hold the client's lock to the end of the transaction (PostgreSQL; SQLite serialises
    every write already)."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [int(tag, 16) >> 1])


def _list_of(printout: Printout) -> str:
    origin = printout.origin
    return f"list:{origin.get('list_id') or ''}:{origin.get('token') or ''}"


def pending_state(render_task: Task, result_id: str) -> PdfState | None:
    """What became of a render queued as `render_task`; None when it is lost or done without
    a result."""
    if result_id == QUEUEING:
        return PdfState.PREPARING
    try:
        result = render_task.get_result(result_id)
    except TaskResultDoesNotExist:
        return None
    if result.status in (TaskResultStatus.READY, TaskResultStatus.RUNNING):
        return PdfState.PREPARING
    if result.status == TaskResultStatus.FAILED:
        return PdfState.FAILED
    return None

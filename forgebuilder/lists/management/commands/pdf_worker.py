"""`manage.py pdf_worker`: the PDF queue's worker (django-tasks-db's `db_worker`) that outlives a
database restart: when PostgreSQL goes away it logs, waits (1 s, doubling up to 30 s) and carries
on with the queue once the database answers again, instead of exiting. A connection lost inside
an atomic block cannot be reopened until that block ends, so there the worker stops with an
error that says so (WorkerStuck) rather than trying forever. Same options as `db_worker`.

A worker names itself by its host and process, and as it starts queues again the renders whose
worker died mid-drawing (a SIGKILL, the out-of-memory killer), so none stays "Preparing"."""

from __future__ import annotations

import logging
import time

from django.core.management.base import CommandError
from django.db import connections
from django.db.utils import InterfaceError, OperationalError
from django_tasks_db.management.commands import db_worker

from forgebuilder.printing.api import reclaim_dead_renders, worker_name

log = logging.getLogger("forgebuilder.pdf_worker")
MAX_WAIT = 30.0


class WorkerStuck(CommandError):
    """The database was lost inside a transaction: no new connection can replace it there."""


def _in_transaction() -> list[str]:
    return [c.alias for c in connections.all(initialized_only=True) if c.in_atomic_block]


class ReconnectingWorker(db_worker.Worker):
    def run(self) -> None:
        wait = 1.0
        while self.running:
            try:
                super().run()
                return  # stopped (a signal, --batch, --max-tasks)
            except (OperationalError, InterfaceError) as error:
                if stuck := _in_transaction():
                    raise WorkerStuck(
                        f"The database connection ({', '.join(stuck)}) was lost inside a "
                        "transaction (an atomic block), where it cannot be reopened: the PDF "
                        "worker stops. Run it on its own (manage.py pdf_worker), outside any "
                        f"transaction. The database said: {error}"
                    ) from error
                log.warning("database unreachable (%s); trying again in %.0f s", error, wait)
                connections.close_all()  # the next query opens a new connection
                time.sleep(wait)
                wait = min(wait * 2, MAX_WAIT)


class Command(db_worker.Command):
    help = "Draw queued PDFs; survives database restarts (db_worker's options)."

    def handle(self, *, verbosity: int, **options) -> None:
        self.configure_logging(verbosity)
        # Renders whose worker died (this one before a restart, or another) are queued again.
        if reclaimed := reclaim_dead_renders():
            log.warning("queued again %d render(s) whose worker had died", reclaimed)
        queue_names = options["queue_name"].split(",")
        excluded = options["exclude_queues"].split(",") if options["exclude_queues"] else []
        worker = ReconnectingWorker(
            queue_names=queue_names,
            interval=options["interval"],
            batch=options["batch"],
            backend_name=options["backend_name"],
            startup_delay=options["startup_delay"],
            max_tasks=options["max_tasks"],
            worker_id=worker_name(options["worker_id"]),
            excluded_queue_names=excluded,
        )
        worker.configure_signals()
        worker.run()

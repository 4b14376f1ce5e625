"""`manage.py pdf_worker`: the PDF queue's worker (django-tasks-db's `db_worker`) that outlives a
database restart: when PostgreSQL goes away it logs, waits (1 s, doubling up to 30 s) and carries
on with the queue once the database answers again, instead of exiting. Same options as
`db_worker`."""

from __future__ import annotations

import logging
import time

from django.db import connections
from django.db.utils import InterfaceError, OperationalError
from django_tasks_db.management.commands import db_worker

log = logging.getLogger("forgebuilder.pdf_worker")
MAX_WAIT = 30.0


class ReconnectingWorker(db_worker.Worker):
    def run(self) -> None:
        wait = 1.0
        while self.running:
            try:
                super().run()
                return  # stopped (a signal, --batch, --max-tasks)
            except (OperationalError, InterfaceError) as error:
                log.warning("database unreachable (%s); trying again in %.0f s", error, wait)
                connections.close_all()  # the next query opens a new connection
                time.sleep(wait)
                wait = min(wait * 2, MAX_WAIT)


class Command(db_worker.Command):
    help = "Draw queued PDFs; survives database restarts (db_worker's options)."

    def handle(self, *, verbosity: int, **options) -> None:
        self.configure_logging(verbosity)
        queue_names = options["queue_name"].split(",")
        excluded = options["exclude_queues"].split(",") if options["exclude_queues"] else []
        worker = ReconnectingWorker(
            queue_names=queue_names,
            interval=options["interval"],
            batch=options["batch"],
            backend_name=options["backend_name"],
            startup_delay=options["startup_delay"],
            max_tasks=options["max_tasks"],
            worker_id=options["worker_id"],
            excluded_queue_names=excluded,
        )
        worker.configure_signals()
        worker.run()

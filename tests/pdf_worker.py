"""The PDF queue's worker for tests: `manage.py db_worker`'s own loop, without the command's
signal and log handlers (they would outlive the test in a pytest-xdist worker process)."""

from __future__ import annotations


def pdf_worker(worker_id: str, *, interval: float = 0, batch: bool = True):
    """A worker of the default queue; with `batch` its `run()` returns once no task is left."""
    from django_tasks_db.management.commands.db_worker import Worker

    return Worker(
        queue_names=["default"],
        interval=interval,
        batch=batch,
        backend_name="default",
        startup_delay=False,
        max_tasks=None,
        worker_id=worker_id,
        excluded_queue_names=[],
    )

"""The PDF worker outlives a PostgreSQL restart (issue 23: it exited, and only systemd brought
it back): a lost database is logged, waited out and the queue carries on."""

from __future__ import annotations

import logging

import pytest
from django.db import connection
from django.db.utils import OperationalError
from django_tasks_db.management.commands import db_worker

from forgebuilder.lists.management.commands import pdf_worker


def worker() -> pdf_worker.ReconnectingWorker:
    return pdf_worker.ReconnectingWorker(
        queue_names=["default"], interval=0.01, batch=True, backend_name="default",
        startup_delay=False, max_tasks=None, worker_id="w1", excluded_queue_names=[],
    )  # fmt: skip


def test_a_lost_database_is_waited_out_and_the_queue_carries_on(monkeypatch, caplog):
    runs, waits = [], []

    def run(self):
        runs.append(1)
        if len(runs) < 3:  # the database restarting: two failed tries
            raise OperationalError("server closed the connection unexpectedly")

    monkeypatch.setattr(db_worker.Worker, "run", run)
    monkeypatch.setattr(pdf_worker.time, "sleep", waits.append)
    caplog.set_level(logging.WARNING, logger="forgebuilder.pdf_worker")

    worker().run()

    assert len(runs) == 3
    assert waits == [1.0, 2.0]  # waits double
    assert "database unreachable" in caplog.text


@pytest.mark.pdf
def test_the_worker_draws_queued_pdfs_as_db_worker_does(transactional_db, make_list, owner, client):
    # transactional: the worker commits and closes its connection between tasks, as in production
    from django.core.management import call_command
    from django.urls import reverse

    url = reverse("armylists:roster_pdf", args=[make_list(owner=owner).public_id])
    assert client.get(url).status_code == 202  # queued

    call_command("pdf_worker", "--batch", "--no-startup-delay", verbosity=0)

    drawn = client.get(url)
    assert drawn.status_code == 200
    assert drawn["Content-Type"] == "application/pdf"


def test_a_connection_lost_inside_a_transaction_stops_the_worker_with_a_clear_error(
    db, monkeypatch
):
    # `db`: the test runs inside an atomic block, where a lost connection cannot be reopened
    waits = []

    def run(self):
        raise OperationalError("server closed the connection unexpectedly")

    monkeypatch.setattr(db_worker.Worker, "run", run)
    monkeypatch.setattr(pdf_worker.time, "sleep", waits.append)

    with pytest.raises(pdf_worker.WorkerStuck, match="lost inside a transaction") as stuck:
        worker().run()

    assert waits == []  # no retry that could never succeed
    assert "server closed the connection unexpectedly" in str(stuck.value)
    assert "outside any transaction" in str(stuck.value)


@pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="a server going away is PostgreSQL's case; closing SQLite's in-memory test database "
    "would lose it",
)
def test_a_real_connection_closed_inside_a_transaction_is_not_retried_forever(db, monkeypatch):
    def sleep(seconds):
        raise AssertionError("the worker waited to try again: it would try forever")

    monkeypatch.setattr(pdf_worker.time, "sleep", sleep)
    connection.ensure_connection()
    connection.connection.close()  # the server went away under the open transaction

    with pytest.raises(pdf_worker.WorkerStuck):
        worker().run()

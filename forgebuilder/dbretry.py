"""Ride out a database restart: a read is tried again, a write is refused in words.

When PostgreSQL restarts (an upgrade, a failover, a crash), every request for a second or two
finds no database: each answered 500 (11 in the second of a restart, issue 39). A view that
only reads (GET, HEAD) or that declares itself idempotent (`retried_on_restart`: applying it
twice is applying it once, as the tracker's sync with its change ids) is run again on a fresh
connection, waiting a little longer each time, about 4 s in all; anything else, or a read still
failing after that, answers 503 saying nothing was changed and when to try again, never a 500.
A connection lost inside a transaction is the view's own failure: its transaction is rolled
back whole (nothing half-written), and only then is the view run again."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from django.db import DatabaseError, InterfaceError, OperationalError, connections
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render

from forgebuilder.refusals import wants_json

log = logging.getLogger("forgebuilder.dbretry")
WAITS = (0.25, 0.5, 1.0, 2.0)  # seconds before each new try: 3.75 s in all
RETRY_AFTER = 5
LOST = (OperationalError, InterfaceError)
MESSAGE = "The database is restarting: nothing was changed. Try again in a few seconds."
sleep = time.sleep  # tests wait for nothing


def retried_on_restart(view: Callable) -> Callable:
    """Mark a writing view whose effect is the same when applied twice: it is run again across
    a database restart, as reads are."""
    view.retried_on_restart = True  # type: ignore[attr-defined]
    return view


class DatabaseRestartMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, LOST):
            return None
        match = request.resolver_match
        if match is not None and _may_retry(request, match.func):
            for wait in WAITS:
                _reconnect()
                sleep(wait)
                try:
                    return _again(request, match)
                except LOST:
                    continue
        log.warning("database unreachable for %s %s: %s", request.method, request.path, exception)
        _reconnect()
        return _unavailable(request)


def _reconnect() -> None:
    """Close the connections, so the next query opens a new one; not a connection inside an
    atomic block (a caller's transaction: it could not be reopened there, and the caller's
    rollback will close it)."""
    for conn in connections.all(initialized_only=True):
        if not conn.in_atomic_block:
            conn.close()


def _may_retry(request: HttpRequest, view: Callable) -> bool:
    safe = request.method in ("GET", "HEAD")
    return safe or getattr(view, "retried_on_restart", False)


def _again(request: HttpRequest, match) -> HttpResponse:
    response = match.func(request, *match.args, **match.kwargs)
    if hasattr(response, "render") and callable(response.render):
        response = response.render()
    return response


def _unavailable(request: HttpRequest) -> HttpResponse:
    if wants_json(request):
        response: HttpResponse = JsonResponse(
            {"errors": [{"path": "", "message": MESSAGE}]}, status=503
        )
    else:
        try:
            response = render(request, "503.html", {"message": MESSAGE}, status=503)
        except DatabaseError:  # the page itself needed the database
            response = HttpResponse(MESSAGE, status=503, content_type="text/plain")
    response["Retry-After"] = str(RETRY_AFTER)
    return response

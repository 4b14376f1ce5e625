"""Background work: PDFs are drawn by a task worker (`manage.py pdf_worker`), never in a request.

One task draws every printout of every subject: it is given the printout's key and options and
the plain values its subject finds itself again by (a list's id or share token, an event's id),
reads the subject as it is now and draws the printout into the render cache, where the waiting
page finds it. How many PDFs are drawn at once is the number of worker processes running (one
each): see docs/deploy.md.
"""

from __future__ import annotations

from typing import Any

from django.tasks import task

from forgebuilder.printing import render
from forgebuilder.printing.progress import progress_clear, progress_reporter
from forgebuilder.printing.registry import printout, subject_of


@task
def render_printout(*, kind: str, options: dict[str, str], client: str = "", **origin: Any) -> int:
    """Draw printout `kind` (a key of the printout registry) with `options` (query values) of
    the subject `origin` names into the render cache; returns its size in bytes. `client` only
    tags the task with who asked (a digest, queue.client_tag), so their renders still queued can
    be counted."""
    printout_kind = printout(kind)
    source = subject_of(printout_kind).load(origin)
    chosen = printout_kind.options_from(options)
    key = printout_kind.cache_key(source, **chosen)
    try:
        # how far it got, for the waiting page (a big roster takes seconds)
        with render.progress_to(progress_reporter(key)):
            return len(printout_kind.draw(source, **chosen))
    finally:
        progress_clear(key)

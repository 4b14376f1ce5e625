"""Background work: PDFs are drawn by a task worker (`manage.py db_worker`), never in a request.

The task is given where the list comes from (an owner's list by id, or a share token) and the
printout's options; it reads the list as it is now and draws the printout into the render
cache, where the waiting page finds it. How many PDFs are drawn at once is the number of worker
processes running (one each): see docs/deploy.md.
"""

from __future__ import annotations

from dataclasses import replace

from django.tasks import task

from . import exports
from .exports import render
from .exports.progress import progress_clear, progress_reporter
from .exports.registry import printout
from .models import ArmyList
from .selectors import evaluated_list, evaluated_shared_list


def export_source_for(
    *,
    list_id: int | None = None,
    token: str | None = None,
    share_url: str = "",
    underdog: int | None = None,
) -> exports.ExportSource:
    """The export source of an owner's list (by id) or of the list behind a share token;
    `underdog`: the underdog points a match check gave it (its token sheet prints them)."""
    if token is not None:
        evaluated = evaluated_shared_list(token=token)
    else:
        army_list = ArmyList.objects.kept().select_related("module").get(pk=list_id)
        evaluated = evaluated_list(army_list=army_list)
    source = exports.source_from_evaluated(evaluated, share_url=share_url)
    return source if underdog is None else replace(source, match_underdog=underdog)


@task
def render_printout(
    *,
    kind: str,
    options: dict[str, str],
    list_id: int | None = None,
    token: str | None = None,
    share_url: str = "",
    underdog: int | None = None,
    client: str = "",
) -> int:
    """Draw printout `kind` (a key of the printout registry) with `options` (query values)
    into the render cache; returns its size in bytes. `client` only tags the task with who
    asked (a digest, printouts.client_tag), so their renders still queued can be counted."""
    source = export_source_for(list_id=list_id, token=token, share_url=share_url, underdog=underdog)
    printout_kind = printout(kind)
    chosen = printout_kind.options_from(options)
    key = printout_kind.cache_key(source, **chosen)
    try:
        # how far it got, for the waiting page (a big roster takes seconds)
        with render.progress_to(progress_reporter(key)):
            return len(printout_kind.draw(source, **chosen))
    finally:
        progress_clear(key)

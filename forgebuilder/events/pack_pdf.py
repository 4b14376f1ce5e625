"""The event's pack as one PDF: a cover with the pack and the standings, the pairings of every
round, then every accepted list's compact roster. Drawn by the PDF workers (never in a
request) into the render cache, keyed by everything it shows."""

from __future__ import annotations

import hashlib
import json

from django.core.cache import cache
from django.db import transaction
from django.tasks import task
from django.template.loader import render_to_string

from factions.catalog import catalog_for
from forgebuilder import ratelimit
from forgebuilder.armylists.exports import render
from forgebuilder.armylists.exports.cache import (
    RENDERER_VERSION,
    assets_fingerprint,
    cached,
    cached_render,
)
from forgebuilder.armylists.exports.compact import compact_document
from forgebuilder.armylists.exports.options import paper_from
from forgebuilder.armylists.exports.pictures import Drawing
from forgebuilder.armylists.exports.source import ExportSource
from forgebuilder.armylists.printouts import (
    PENDING_PREFIX,
    PENDING_TIMEOUT,
    QUEUED_RETRY_AFTER,
    QUEUEING,
    PdfState,
    PdfStatus,
    client_may_queue,
    client_tag,
    queued_state,
)
from forgebuilder.armylists.selectors import evaluated_document
from forgebuilder.engine.api import ListDocument

from .models import Event, Game, Submission
from .presenters import standings_rows


def accepted(event: Event):
    return (
        Submission.objects.filter(entrant__event=event, review=Submission.ACCEPTED)
        .select_related("entrant__player")
        .order_by("entrant__player__username", "pk")
    )


def pack_key(event: Event) -> str:
    """Changes whenever anything the pack shows changes: the event, a list, a game."""
    games = Game.objects.filter(round__event=event).order_by("pk")
    payload = {
        "event": [event.name, str(event.starts_on), event.place, event.points_limit,
                  event.casual, event.factions, event.rounds, event.tiebreakers],
        "module": [event.module.slug, event.module.revision],
        "lists": [[s.pk, s.submitted_at.isoformat()] for s in accepted(event)],
        "entrants": list(event.entrants.order_by("pk").values_list("pk", "club", "dropped_at")),
        "games": list(games.values_list("pk", "first_id", "second_id", "first_vp",
                                        "second_vp", "status", "table")),
        "renderer": RENDERER_VERSION,
        "assets": assets_fingerprint(),
    }  # fmt: skip
    digest = hashlib.sha256(json.dumps(payload, default=str).encode()).hexdigest()
    return f"event-pack:{event.pk}:{digest}"


def pack_html(event: Event) -> list[str]:
    """The cover (pack, standings, pairings) and each accepted list's compact roster."""
    return [html for html, _ in pack_documents(event)]


def pack_documents(event: Event) -> list[tuple[str, dict[str, Drawing]]]:
    """`pack_html`'s documents, each with the pictures drawn into it (its table rows)."""
    paper = paper_from(None)
    rounds = []
    for round_ in event.round_set.order_by("number"):
        games = round_.games.select_related("first__player", "second__player").order_by("table")
        rounds.append((round_, list(games)))
    submissions = list(accepted(event))
    cover = render_to_string(
        "print/event_pack.html",
        {
            "event": event, "paper": paper, "accent": "#b45309", "document": event,
            "standings": standings_rows(event), "rounds": rounds, "lists": submissions,
        },
    )  # fmt: skip
    catalog = catalog_for(event.module)
    rosters = []
    for submission in submissions:
        document = ListDocument.model_validate(submission.document)
        document = document.model_copy(
            update={"name": f"{submission.entrant.name}: {document.name}"}
        )
        roster, report = evaluated_document(document=document, catalog=catalog)
        source = ExportSource(document, roster, report)
        rosters.append(compact_document(source, paper=paper))
    return [(cover, {}), *rosters]


def pack_pdf(event: Event) -> bytes:
    def draw() -> bytes:
        documents = pack_documents(event)
        return render.write_pdfs([html for html, _ in documents], [p for _, p in documents])

    return cached_render(pack_key(event), draw)


@task
def render_event_pack(*, event_id: int, client: str = "") -> int:
    """Draw the pack of event `event_id` into the render cache; returns its size in bytes.
    `client` (a digest) counts it among the renders its asker has queued."""
    return len(pack_pdf(Event.objects.select_related("module").get(pk=event_id)))


def pack_request(*, event: Event, client: str) -> PdfStatus:
    """The pack when drawn; otherwise queue it once (from any instance) and say it is coming."""
    key = pack_key(event)
    pdf = cached(key)
    if pdf is not None:
        return PdfStatus(PdfState.READY, pdf)
    state = queued_state(key, render_event_pack)
    if state is not None:
        return PdfStatus(state)
    marker = PENDING_PREFIX + key
    with transaction.atomic():
        if not client_may_queue(client):
            return PdfStatus(PdfState.BUSY, retry_after=QUEUED_RETRY_AFTER)
        weight = 1 + accepted(event).count() // 10
        decision = ratelimit.hit("render-queue", client, cost=weight)
        if not decision.allowed:
            return PdfStatus(PdfState.BUSY, retry_after=decision.retry_after)
        if cache.add(marker, QUEUEING, PENDING_TIMEOUT):
            task = render_event_pack.using(priority=-10)
            result = task.enqueue(event_id=event.pk, client=client_tag(client))
            cache.set(marker, str(result.id), PENDING_TIMEOUT)
    return PdfStatus(PdfState.PREPARING)

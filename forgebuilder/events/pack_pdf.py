"""The event's pack as one PDF: a cover with the pack and the standings, the pairings of every
round, then every accepted list's compact roster. A printout of the event subject, registered
with the printing app like a list's roster: drawn by the PDF workers' one render task (never in
a request) into the render cache, keyed by everything it shows."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.template.loader import render_to_string

from forgebuilder.engine.api import ListDocument
from forgebuilder.lists.api import ExportSource, compact_document, evaluated_document
from forgebuilder.printing.api import (
    Drawing,
    PdfStatus,
    Printout,
    PrintoutKind,
    Subject,
    cached_render,
    paper_from,
    pdf_request,
    printout,
    register_printout,
    register_subject,
    render,
    render_key,
)
from forgebuilder.rosters.api import roster_from_json, roster_page_html

from .data_version import checked_against, submission_catalog
from .models import Event, Game, Submission
from .presenters import standings_rows


def accepted(event: Event):
    return (
        Submission.objects.filter(entrant__event=event, review=Submission.ACCEPTED)
        .select_related("entrant__player")
        .order_by("entrant__player__username", "pk")
    )


def pack_key(event: Event) -> str:
    """Changes whenever anything the pack shows changes: the event, a list, a game (keyed as
    every printout is, with the renderer's version and assets: `render_key`)."""
    games = Game.objects.filter(round__event=event).order_by("pk")
    entrants = event.entrants.order_by("pk").values_list("pk", "club", "dropped_at")
    content = {
        "event": [event.pk, event.name, str(event.starts_on), event.place, event.points_limit,
                  event.casual, event.factions, event.rounds, event.tiebreakers],
        "module": [event.module.slug, event.module.revision, event.data_version]
        if event.module is not None else [event.game_name],
        "lists": [[s.pk, s.submitted_at.isoformat()] for s in accepted(event)],
        "entrants": [[pk, club, str(dropped_at)] for pk, club, dropped_at in entrants],
        "games": list(games.values_list("pk", "first_id", "second_id", "first_vp",
                                        "second_vp", "status", "table")),
    }  # fmt: skip
    return render_key("event-pack", content)


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
            "checked_against": checked_against(event),
        },
    )  # fmt: skip
    rosters = []
    for submission in submissions:
        if submission.foreign:  # its own roster's printout: the builder checked it, not we
            title = f"{submission.entrant.name}: {submission.name}"
            roster = roster_from_json(submission.document)
            rosters.append((roster_page_html(roster, title=title, paper=paper), {}))
            continue
        document = ListDocument.model_validate(submission.document)
        document = document.model_copy(
            update={"name": f"{submission.entrant.name}: {document.name}"}
        )
        catalog = submission_catalog(event, submission)  # the data it was checked with
        roster, report = evaluated_document(document=document, catalog=catalog)
        source = ExportSource(document, roster, report)
        rosters.append(compact_document(source, paper=paper))
    return [(cover, {}), *rosters]


def pack_pdf(event: Event) -> bytes:
    def draw() -> bytes:
        documents = pack_documents(event)
        return render.write_pdfs([html for html, _ in documents], [p for _, p in documents])

    return cached_render(pack_key(event), draw)


def _load(origin: Mapping[str, Any]) -> Event:
    return Event.objects.select_related("module").get(pk=origin["event_id"])


def register() -> None:
    """The event as a subject of printouts and its pack as one (from the app's ready)."""
    register_subject(
        Subject(
            name="event",
            load=_load,
            weight=lambda event: 1 + accepted(event).count() // 10,
            priority=lambda event: -10,  # drawn after the players' own lists
        )
    )
    register_printout(
        PrintoutKind(
            key="event-pack",
            title="event pack",
            template="print/event_pack.html",
            description="The pack, the standings, every round's pairings and each accepted list.",
            button="Download the pack",
            choices=(),
            cache_key=pack_key,
            draw=pack_pdf,
            subject="event",
        )
    )


def pack_request(*, event: Event, client: str) -> PdfStatus:
    """The pack when drawn; otherwise queue it once (from any instance) and say it is coming."""
    wanted = Printout(
        kind=printout("event-pack"), options={}, origin={"event_id": event.pk}, client=client
    )
    return pdf_request(printout=wanted, source=event)

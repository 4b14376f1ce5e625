"""A foreign roster's printouts: its roster (forces, unit cards from its profiles, totals, the
builder's errors) and its token sheet (a token per model, named). A printout subject of its
own, registered with the printing app as lists are: drawn by the PDF workers' one render task
(never in a request) into the render cache, keyed by the roster (read-only: its id and content
never change) and the options."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from django.template.loader import render_to_string

from forgebuilder.lists.api import foreign
from forgebuilder.printing.api import (
    PAPER,
    TOKEN_SIZE,
    Paper,
    PdfStatus,
    Printout,
    PrintoutKind,
    Subject,
    cached_render,
    pdf_request,
    printout,
    register_printout,
    register_subject,
    render,
    render_key,
)
from forgebuilder.rosters.models import ForeignRoster
from forgebuilder.rosters.presenters import roster_view
from forgebuilder.rosters.selectors import KeptRoster
from forgebuilder.rosters.serial import roster_from_json
from forgebuilder.rosters.tokens import token_groups

SUBJECT = "foreign-roster"
ROSTER = "foreign-roster"
TOKENS = "foreign-tokens"
ACCENT = "#b45309"


def _key(kind: str, kept: KeptRoster, **options: Any) -> str:
    chosen = {name: getattr(value, "key", value) for name, value in options.items()}
    return render_key(kind, {"roster": kept.row.public_id, "content": kept.row.content}, **chosen)


def roster_html(kept: KeptRoster, *, paper: Paper) -> str:
    context = {"document": kept.row, "paper": paper, "accent": ACCENT}
    return render_to_string(
        "print/foreign_roster.html", {**context, "view": roster_view(kept.roster)}
    )


def roster_page_html(roster: foreign.ForeignRoster, *, title: str, paper: Paper) -> str:
    """The roster's printout of a roster not kept on a shelf (an event's snapshot of one),
    titled `title`: the same pages as `roster_html`."""
    view = roster_view(dataclasses.replace(roster, name=title))
    context = {"document": view, "paper": paper, "accent": ACCENT, "view": view}
    return render_to_string("print/foreign_roster.html", context)


def tokens_html(kept: KeptRoster, *, paper: Paper, size: int) -> str:
    groups = token_groups(kept.roster)
    context = {"document": kept.row, "paper": paper, "accent": ACCENT, "size": size}
    total = sum(len(group.names) for group in groups)
    return render_to_string(
        "print/foreign_tokens.html", {**context, "groups": groups, "total": total}
    )


def roster_pdf(kept: KeptRoster, *, paper: Paper) -> bytes:
    key = _key(ROSTER, kept, paper=paper)
    return cached_render(key, lambda: render.write_pdf(roster_html(kept, paper=paper)))


def tokens_pdf(kept: KeptRoster, *, paper: Paper, size: int) -> bytes:
    key = _key(TOKENS, kept, paper=paper, size=size)
    return cached_render(key, lambda: render.write_pdf(tokens_html(kept, paper=paper, size=size)))


def _load(origin: Mapping[str, Any]) -> KeptRoster:
    row = ForeignRoster.objects.get(pk=origin["roster_id"])
    return KeptRoster(row, roster_from_json(row.content))


def register() -> None:
    """The foreign roster as a subject of printouts, its roster and token sheet as two."""
    register_subject(
        Subject(
            name=SUBJECT,
            load=_load,
            weight=lambda kept: 1 + kept.row.unit_count // 20,
            priority=lambda kept: 0,
        )
    )
    register_printout(
        PrintoutKind(
            key=ROSTER, title="roster", template="print/foreign_roster.html",
            description="Every unit's card from the profiles the roster carries.",
            button="Download roster", choices=(PAPER,),
            cache_key=lambda kept, **o: _key(ROSTER, kept, **o), draw=roster_pdf,
            subject=SUBJECT,
        )
    )  # fmt: skip
    register_printout(
        PrintoutKind(
            key=TOKENS, title="token sheet", template="print/foreign_tokens.html",
            description="A token for every model, named.", button="Download tokens",
            choices=(PAPER, TOKEN_SIZE), cache_key=lambda kept, **o: _key(TOKENS, kept, **o),
            draw=tokens_pdf, file_suffix="-tokens", subject=SUBJECT,
        )
    )  # fmt: skip


def printout_request(*, kept: KeptRoster, key: str, options: dict, client: str) -> PdfStatus:
    """The printout when drawn; otherwise queue it once and say it is coming."""
    wanted = Printout(
        kind=printout(key), options=options, origin={"roster_id": kept.row.pk}, client=client
    )
    return pdf_request(printout=wanted, source=kept)

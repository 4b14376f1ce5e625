"""The table view: one compact page per list to read on a phone during a game.

Everything is open: each unit's card (stats, weapons, rules), the list's totals and what it
unlocks (strategies). The owner reaches it from the editor, anyone with a share link from the
share page; the service worker keeps it for offline reading like the other list pages.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET

from forgebuilder.engine.api import card_groups
from forgebuilder.lists.ownership import owner_of
from forgebuilder.lists.selectors import army_list_owned, evaluated_list, evaluated_shared_list
from forgebuilder.printing.api import printout

TEMPLATE = "armylists/table.html"


def _context(data, *, back_url: str, back_label: str, roster_url: str, play_url: str) -> dict:
    return {
        "document": data.document,
        "roster": data.roster,
        "report": data.report,
        "groups": card_groups(data.roster, data.report),
        "back_url": back_url,
        "back_label": back_label,
        "roster_url": roster_url,
        "play_url": play_url,  # start a game from this list (the tracker)
    }


def _roster_url(name: str, key: str) -> str:
    """The roster as the editor's download button asks for it (the same offline copy)."""
    return f"{reverse(name, args=[key])}?{printout('roster').default_query()}"


@require_GET
def table(request: HttpRequest, public_id: str) -> HttpResponse:
    # 404 if not yours; a visitor without a session gets none from reading
    army_list = army_list_owned(owner=owner_of(request, create=False), public_id=public_id)
    context = _context(
        evaluated_list(army_list=army_list),
        back_url=reverse("armylists:editor", args=[army_list.public_id]),
        back_label="Back to the editor",
        roster_url=_roster_url("armylists:roster_pdf", army_list.public_id),
        play_url=reverse("play:start", args=[army_list.public_id]),
    )
    return render(request, TEMPLATE, context)


@require_GET
def shared_table(request: HttpRequest, token: str) -> HttpResponse:
    context = _context(
        evaluated_shared_list(token=token),  # 404 when unknown or revoked
        back_url=reverse("armylists:shared", args=[token]),
        back_label="Back to the shared list",
        roster_url=_roster_url("armylists:shared_roster_pdf", token),
        play_url=reverse("play:start_shared", args=[token]),
    )
    return render(request, TEMPLATE, context)

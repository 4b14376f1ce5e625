"""Pages of foreign rosters: keep one from the import page, the owner's shelf and roster page,
delete, share and stop sharing, and the share page anyone with the link opens. Thin: each
parses the request, calls a selector or a service and renders."""

from __future__ import annotations

import json

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import content_disposition_header
from django.views.decorators.http import require_GET, require_POST

from forgebuilder.filenames import file_stem
from forgebuilder.lists.api import owner_of
from forgebuilder.ratelimit import rate_limited
from forgebuilder.refusals import NotFound
from forgebuilder.rosters.importing import RosterRefused, roster_from_payload
from forgebuilder.rosters.presenters import roster_view
from forgebuilder.rosters.selectors import KeptRoster, roster_owned, roster_shared, rosters_of
from forgebuilder.rosters.serial import StoredRosterError, roster_to_json
from forgebuilder.rosters.services import roster_delete, roster_keep, roster_share, roster_unshare
from forgebuilder.rosters.tts import roster_tts

CHECKED_BY = "Checked by {builder} only: forgebuilder does not host this game's rules."


def _readable(read, *args) -> KeptRoster | None:
    """The roster `read(*args)` finds; a stored copy edited out of shape is refused by name."""
    try:
        return read(*args)
    except StoredRosterError as exc:
        raise NotFound(
            f"The stored copy of this roster is damaged ({exc}), so it cannot be shown.",
            "Import the roster's file again; its owner may delete this copy.",
        ) from None


def owned(request: HttpRequest, public_id: str) -> KeptRoster:
    kept = _readable(roster_owned, owner_of(request, create=False), public_id)
    if kept is None:
        raise NotFound(
            "No foreign roster of yours has this address.",
            "It may have been deleted, or kept in another browser or account.",
            (reverse("rosters:mine"), "Your foreign rosters"),
        )
    return kept


def shared_roster(token: str) -> KeptRoster:
    kept = _readable(roster_shared, token)
    if kept is None:
        raise NotFound(
            "This share link was stopped by the roster's owner, or it never existed.",
            "Ask whoever sent it for a new link.",
        )
    return kept


@require_POST
@rate_limited("import", "imports")
def keep(request: HttpRequest) -> HttpResponse:
    try:
        roster = roster_from_payload(request.POST.get("roster", ""))
    except RosterRefused as exc:
        messages.error(request, f"The roster could not be kept: {exc}")
        return redirect("armylists:import")
    row = roster_keep(owner=owner_of(request), roster=roster)
    messages.success(request, f"Kept “{row.name}” as a foreign roster. Nothing here can edit it.")
    return redirect("rosters:roster", public_id=row.public_id)


@require_GET
def mine(request: HttpRequest) -> HttpResponse:
    rows = rosters_of(owner_of(request, create=False))
    return render(request, "rosters/mine.html", {"rows": rows})


def _context(kept: KeptRoster, **more) -> dict:
    view = roster_view(kept.roster)
    return {
        "row": kept.row,
        "view": view,
        "checked_by": CHECKED_BY.format(builder=view.builder),
        **more,
    }


@require_GET
def roster(request: HttpRequest, public_id: str) -> HttpResponse:
    kept = owned(request, public_id)
    share = (
        request.build_absolute_uri(reverse("rosters:shared", args=[kept.row.share_token]))
        if kept.row.share_token
        else ""
    )
    return render(request, "rosters/roster.html", _context(kept, owner=True, share=share))


@require_GET
def shared(request: HttpRequest, token: str) -> HttpResponse:
    kept = shared_roster(token)
    return render(request, "rosters/roster.html", _context(kept, owner=False, token=token))


@require_POST
def delete(request: HttpRequest, public_id: str) -> HttpResponse:
    row = rosters_of(owner_of(request, create=False)).filter(public_id=public_id).first()
    if row is None:
        raise NotFound(
            "No foreign roster of yours has this address.",
            "It may have been deleted already, or kept in another browser or account.",
            (reverse("rosters:mine"), "Your foreign rosters"),
        )
    roster_delete(owner=owner_of(request, create=False), public_id=public_id)
    messages.success(request, f"Deleted the foreign roster “{row.name}”.")
    return redirect("rosters:mine")


@require_POST
def share(request: HttpRequest, public_id: str) -> HttpResponse:
    owned(request, public_id)
    roster_share(owner=owner_of(request, create=False), public_id=public_id)
    messages.success(request, "A read-only link is ready: anyone with it sees this roster.")
    return redirect(reverse("rosters:roster", args=[public_id]) + "#share")


@require_POST
def unshare(request: HttpRequest, public_id: str) -> HttpResponse:
    owned(request, public_id)
    if roster_unshare(owner=owner_of(request, create=False), public_id=public_id):
        messages.success(request, "The link is stopped; it no longer opens the roster.")
    else:
        messages.error(request, "This roster was not shared.")
    return redirect(reverse("rosters:roster", args=[public_id]) + "#share")


#: What a roster downloads as: (its data, the file's name after the roster's).
DOWNLOADS = {
    "json": (roster_to_json, "{}.json"),  # as forgebuilder keeps it, to take anywhere
    "tts": (roster_tts, "{}-tts.json"),  # a Tabletop Simulator saved object
}


def _download(kept: KeptRoster, kind: str) -> HttpResponse:
    data, named = DOWNLOADS[kind]
    body = json.dumps(data(kept.roster), ensure_ascii=False, indent=1 if kind == "tts" else None)
    response = HttpResponse(body, content_type="application/json")
    filename = named.format(file_stem(kept.row.name, "roster"))
    response["Content-Disposition"] = content_disposition_header(
        as_attachment=True, filename=filename
    )
    return response


@require_GET
def owned_json(request: HttpRequest, public_id: str) -> HttpResponse:
    """The roster as forgebuilder keeps it (JSON), for the owner to take anywhere."""
    return _download(owned(request, public_id), "json")


@require_GET
def shared_json(request: HttpRequest, token: str) -> HttpResponse:
    return _download(shared_roster(token), "json")


@require_GET
def owned_tts(request: HttpRequest, public_id: str) -> HttpResponse:
    return _download(owned(request, public_id), "tts")


@require_GET
def shared_tts(request: HttpRequest, token: str) -> HttpResponse:
    return _download(shared_roster(token), "tts")

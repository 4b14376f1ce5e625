"""The import page: drop a file or paste a list, a Battle Forge share link or a text export.

The format is recognised by `importers.detect`. A roster of a game not hosted here is shown as
read, with the offer to keep it as a foreign roster (the rosters app stores it). A list with parts the module lacks is not
created at once: the page lists what could not be matched and where, and asks the player to
confirm importing the rest. The request size is checked before the body is read.
"""

from __future__ import annotations

import base64

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from factions.catalog import catalog_by_slug
from forgebuilder.engine.api import campaign_state_left_behind
from forgebuilder.lists.documents import DocumentError, DocumentProblem
from forgebuilder.lists.importers.detect import UnhostedRoster, read_import
from forgebuilder.lists.importers.foreign_facts import preview
from forgebuilder.lists.importers.result import MAX_IMPORT_BYTES, ImportOutcome
from forgebuilder.lists.importing import import_preview, import_warnings
from forgebuilder.lists.ownership import owner_of
from forgebuilder.lists.services import army_list_create
from forgebuilder.ratelimit import rate_limited

#: Room for the form's other fields and multipart headers around a list of MAX_IMPORT_BYTES.
MAX_REQUEST_BYTES = MAX_IMPORT_BYTES + 64_000
TOO_LARGE = "the list is larger than 1 MB; a list is far smaller (nothing was read)"


def _page(request: HttpRequest, status: int = 200, **context) -> HttpResponse:
    return render(request, "armylists/import.html", context, status=status)


def _too_large(request: HttpRequest) -> bool:
    try:
        return int(request.META.get("CONTENT_LENGTH") or 0) > MAX_REQUEST_BYTES
    except ValueError:
        return True


def _source(request: HttpRequest) -> str | bytes:
    upload = request.FILES.get("file")
    if upload is not None:
        if upload.size > MAX_IMPORT_BYTES:
            raise DocumentError((("", TOO_LARGE),))
        return upload.read()
    return request.POST.get("document", "")


def _create(request: HttpRequest, outcome: ImportOutcome) -> HttpResponse:
    catalog = catalog_by_slug(outcome.document.module)
    assert catalog is not None  # every importer checked the module
    army_list = army_list_create(
        owner=owner_of(request), catalog=catalog, document=outcome.document
    )
    left = len(outcome.unmatched)
    note = f"; {left} part{'s' * (left != 1)} left out" if left else ""
    messages.success(request, f"Imported “{army_list.name}”. Read as: {outcome.format_name}{note}.")
    for path, message in import_warnings(outcome.document, catalog):
        messages.warning(request, f"Imported as it is, but {path}: {message}.")
    if outcome.document.campaign_units():
        messages.warning(request, campaign_state_left_behind(outcome.document.campaign_units()))
    return redirect("armylists:editor", public_id=army_list.public_id)


def _foreign(request: HttpRequest, raw: bytes | str, roster) -> HttpResponse:
    """A roster of a game not hosted here: what was read, and the offer to keep it as it is
    (the form carries the file back, read again when kept: nothing is trusted from the page)."""
    data = raw.encode() if isinstance(raw, str) else raw
    payload = base64.b64encode(data).decode("ascii")
    return _page(request, 200, foreign=preview(roster), payload=payload)


@require_http_methods(["GET", "POST"])
@rate_limited("import", "imports")
def list_import(request: HttpRequest) -> HttpResponse:
    if request.method != "POST":
        return _page(request)
    if _too_large(request):
        return _page(request, 413, problems=[DocumentProblem("", TOO_LARGE, "too-large")])
    try:
        raw = _source(request)
        outcome = read_import(raw)
    except UnhostedRoster as found:  # read once: shown, and offered to be kept as it is
        return _foreign(request, raw, found.roster)
    except DocumentError as exc:
        return _page(request, 400, problems=list(exc.problems))
    if outcome.complete or request.POST.get("confirm") == "rest":
        return _create(request, outcome)
    text = raw.decode("utf-8-sig") if isinstance(raw, bytes) else raw
    catalog = catalog_by_slug(outcome.document.module)
    preview = import_preview(outcome.document, catalog) if catalog is not None else []
    return _page(request, 200, outcome=outcome, pending=text, preview=preview)

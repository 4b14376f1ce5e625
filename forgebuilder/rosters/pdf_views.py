"""A foreign roster's printouts (its roster and its token sheet), for its owner and by its
share link: served from the render cache when drawn, otherwise queued for the PDF workers with
a waiting page, as a list's are."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.utils.http import content_disposition_header
from django.views.decorators.http import require_GET

from forgebuilder.filenames import file_stem
from forgebuilder.printing.api import (
    ExportOptionError,
    PdfState,
    pdf_off_page,
    pdf_waiting_page,
    printout,
    render_scope,
)
from forgebuilder.ratelimit import client_key, rate_limited, too_many
from forgebuilder.rosters import views
from forgebuilder.rosters.printouts import printout_request
from forgebuilder.rosters.selectors import KeptRoster


def _pdf(request: HttpRequest, kept: KeptRoster, key: str) -> HttpResponse:
    kind = printout(key)
    if (off := pdf_off_page(request, title=kind.title)) is not None:
        return off  # this server cannot draw PDFs: say why and how to turn them on
    try:
        options = kind.options_from(request.GET)
    except ExportOptionError as exc:
        return HttpResponseBadRequest(str(exc), content_type="text/plain; charset=utf-8")
    status = printout_request(kept=kept, key=key, options=options, client=client_key(request))
    if status.state is PdfState.BUSY:
        return too_many(request, status.retry_after, "PDFs asked for at once")
    waiting = request.GET.get("wait") == "1"  # the waiting page asking again
    if status.state is PdfState.READY and status.pdf is not None and not waiting:
        response = HttpResponse(status.pdf, content_type="application/pdf")
        filename = f"{file_stem(kept.row.name, 'roster')}{kind.file_suffix}.pdf"
        response["Content-Disposition"] = content_disposition_header(
            as_attachment=True, filename=filename
        )
        response["X-Content-Type-Options"] = "nosniff"
        return response
    return pdf_waiting_page(request, status.state, title=kind.title, progress=status.progress)


@require_GET
@rate_limited(render_scope, "PDF downloads", methods=("GET", "HEAD"))
def owned_pdf(request: HttpRequest, public_id: str, kind: str) -> HttpResponse:
    return _pdf(request, views.owned(request, public_id), kind)


@require_GET
@rate_limited(render_scope, "PDF downloads", methods=("GET", "HEAD"))
def shared_pdf(request: HttpRequest, token: str, kind: str) -> HttpResponse:
    return _pdf(request, views.shared_roster(token), kind)

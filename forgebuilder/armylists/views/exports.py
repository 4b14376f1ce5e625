"""Downloads of a list: PDF roster, token sheet and plain text (owner and share-link access)."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse


def _todo(*args, **kwargs) -> HttpResponse:
    raise Http404("Not available yet.")


roster_pdf = tokens_pdf = text_export = _todo
shared_roster_pdf = shared_tokens_pdf = shared_text_export = _todo
__all__ = ["HttpRequest"]

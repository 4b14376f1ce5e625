"""Refuse NUL characters in a request's address, query, cookies and form fields, in one place.

PostgreSQL refuses NUL (U+0000) in text and jsonb: a NUL that reaches a look-up or a write
fails inside the database and, unguarded, answers 500. No field, id or token of ours holds one,
so a request carrying one anywhere is answered 400 saying where, before any view, session or
database sees it. JSON bodies are checked where they are read (`documents.read_json`).
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.http.multipartparser import MultiPartParserError
from django.shortcuts import render
from django.utils.html import format_html

NUL = "\x00"


def nul_place(request: HttpRequest) -> str | None:
    """Where the request carries a NUL, in players' words, or None when it carries none."""
    if NUL in request.path_info or NUL in request.path:
        return "the address"
    for key, values in request.GET.lists():
        if NUL in key or any(NUL in v for v in values):
            return f"the query parameter '{key.replace(NUL, '')}'"
    for key, value in request.COOKIES.items():
        if NUL in key or NUL in value:
            return f"the cookie '{key.replace(NUL, '')}'"
    if request.method == "POST" and _form_sized(request):
        try:
            fields = list(request.POST.lists())
        except (MultiPartParserError, ValueError):  # the view answers what it cannot read
            return None
        for key, values in fields:
            if NUL in key or any(NUL in v for v in values):
                return f"the form field '{key.replace(NUL, '')}'"
    return None


def _form_sized(request: HttpRequest) -> bool:
    """A form body small enough to read here (larger bodies are refused by their views)."""
    content_type = request.META.get("CONTENT_TYPE", "")
    if not content_type.startswith(("application/x-www-form-urlencoded", "multipart/form-data")):
        return False
    try:
        length = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return False
    return length <= settings.DATA_UPLOAD_MAX_MEMORY_SIZE


def nul_refused(request: HttpRequest, place: str) -> HttpResponse:
    message = f"{place[0].upper()}{place[1:]} contains a control character (U+0000); remove it."
    if request.path.startswith("/api/"):
        return JsonResponse({"errors": [{"path": "", "message": message}]}, status=400)
    if request.headers.get("HX-Request") == "true":  # the page stays; the message is flashed
        flash = format_html(
            '<div class="messages"><p class="flash error" role="alert">{} {}</p></div>',
            message,
            "Nothing was changed.",
        )
        response = HttpResponse(flash, status=400)
        response["HX-Retarget"], response["HX-Reswap"] = "#flash", "innerHTML"
        return response
    return render(request, "400.html", {"message": message}, status=400)


class RefuseNulMiddleware:
    """400 for any request with a NUL in its address, query, cookies or form fields."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        place = nul_place(request)
        if place is not None:
            return nul_refused(request, place)
        return self.get_response(request)

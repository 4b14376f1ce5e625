"""Pages that belong to no app: the home page, a health probe, the answer to a bad request."""

from __future__ import annotations

from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET
from django.views.defaults import bad_request as django_bad_request

from factions.selectors import game_module_list


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "home.html", {"game_modules": game_module_list()})


@require_GET
def healthz(request: HttpRequest) -> HttpResponse:
    return JsonResponse({"status": "ok"})


TOO_BIG = "The request is larger than this site accepts; a list document is far smaller."


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    """400s: a body over DATA_UPLOAD_MAX_MEMORY_SIZE gets the page's own error shape (the API
    its JSON errors, the import page its form with the message); anything else Django's page."""
    if isinstance(exception, RequestDataTooBig):
        if request.path.startswith("/api/"):
            return JsonResponse({"errors": [{"path": "", "message": TOO_BIG}]}, status=400)
        if request.resolver_match and request.resolver_match.view_name == "armylists:import":
            return render(
                request, "armylists/import.html", {"problems": [("", TOO_BIG)]}, status=400
            )
    return django_bad_request(request, exception)

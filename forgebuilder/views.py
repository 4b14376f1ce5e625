"""Pages that belong to no app: the home page, a health probe, the answer to a bad request."""

from __future__ import annotations

from django.core.exceptions import RequestDataTooBig
from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET
from django.views.defaults import bad_request as django_bad_request

from factions.selectors import game_module_list
from forgebuilder.cache import cache_health
from forgebuilder.refusals import NotFound, Refused, reason_context
from forgebuilder.wings import BY_SLUG, WINGS


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "home.html", {"game_modules": game_module_list(), "wings": WINGS})


@require_GET
def welcome(request: HttpRequest, wing: str) -> HttpResponse:
    """A wing explained to a visitor, with sign-up where the wing needs an account (the menu's
    entries lead here before logging in)."""
    if wing not in BY_SLUG:
        raise NotFound("There is no such part of forgebuilder.", "The home page lists them all.")
    return render(request, "welcome.html", {"wing": BY_SLUG[wing]})


@require_GET
def healthz(request: HttpRequest) -> HttpResponse:
    """Readiness for a load balancer: the database and the cache, each with its own answer.

    503 when the database is unreachable (nothing works without it); 200 with
    `"status": "degraded"` when only the cache is down (pages are served without it)."""
    database, database_detail = database_health()
    cache, cache_detail = cache_health()
    status = "ok" if database and cache else ("degraded" if database else "down")
    return JsonResponse(
        {
            "status": status,
            "database": {"ok": database, "detail": database_detail},
            "cache": {"ok": cache, "detail": cache_detail},
        },
        status=200 if database else 503,
    )


def database_health() -> tuple[bool, str]:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
        return True, connection.vendor
    except Exception as error:  # any failure means "not ready", said in the answer
        return False, f"{type(error).__name__}: {error}"[:200]


TOO_BIG = Refused(
    "The request is larger than this site accepts; a list document is far smaller.",
    "Send a list of under 1 MB.",
    code="too-large",
)


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    """400s: a body over DATA_UPLOAD_MAX_MEMORY_SIZE gets the page's own error shape (the API
    its JSON errors, the import page its form with the message); anything else Django's page."""
    if isinstance(exception, RequestDataTooBig):
        if request.path.startswith("/api/"):
            return JsonResponse({"errors": TOO_BIG.errors()}, status=400)
        if request.resolver_match and request.resolver_match.view_name == "armylists:import":
            return render(
                request, "armylists/import.html", {"problems": TOO_BIG.errors()}, status=400
            )
    return django_bad_request(request, exception)


def page_not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    """404s: the reason a view gave for the player (`refusals.NotFound`), else the general page."""
    return render(request, "404.html", reason_context(exception), status=404)


def permission_denied(request: HttpRequest, exception: Exception) -> HttpResponse:
    """403s: the reason a view gave for the player (`refusals.Forbidden`), else the general page."""
    return render(request, "403.html", reason_context(exception), status=403)

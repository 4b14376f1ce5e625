"""Pages that belong to no app: the home page and a health probe."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from factions.selectors import game_module_list


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "home.html", {"game_modules": game_module_list()})


@require_GET
def healthz(request: HttpRequest) -> HttpResponse:
    return JsonResponse({"status": "ok"})

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def list_new(request: HttpRequest) -> HttpResponse:
    return render(request, "home.html", {})


def my_lists(request: HttpRequest) -> HttpResponse:
    return render(request, "home.html", {})

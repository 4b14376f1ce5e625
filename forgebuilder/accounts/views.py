"""Sign up; logging in, out and password resets use Django's own views (see urls.py)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from .forms import SignupForm


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("armylists:my_lists")
    # bound on every POST, even an empty one, so that it answers with its errors
    form = SignupForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, "Welcome! Your lists now follow you to every device.")
        return redirect("armylists:my_lists")
    return render(request, "accounts/signup.html", {"form": form})
